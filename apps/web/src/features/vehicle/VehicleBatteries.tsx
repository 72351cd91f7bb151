import { useState } from 'react';
import { Button, Card, Descriptions } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { vehicleEdit, type VehicleRecord } from '@swap/contracts';
import { Can } from '../../shared/Can';
import { ConfirmButton } from '../../shared/confirm';
import { ResourceForm } from '../../shared/form';
import { useUi } from '../../shared/ui';
import { deviceCodes, deviceDetailPath, fieldKey } from '../../shared/devices';
import { BATTERY_FIELDS, vehicleEditBody } from './vehicleModel';
import { useVehicleChanges } from './vehicleQueries';

const codes = deviceCodes('vehicle');
const SLOTS = [
  { slot: 1, id: 'battery1Id', number: 'battery1Number' },
  { slot: 2, id: 'battery2Id', number: 'battery2Number' },
] as const;

/** Battery 1 and 2 of a vehicle, linking to their detail; bind through the edit call, unbind one with a confirm. */
export function VehicleBatteries({ vehicle }: { vehicle: VehicleRecord }) {
  const { t } = useTranslation();
  const changes = useVehicleChanges();
  const { message } = useUi();
  const [binding, setBinding] = useState(false);
  const slots = SLOTS.slice(0, Math.max(1, vehicle.batteryCompartments));
  const editable = vehicle.scrapStatus === 'NORMAL';
  const capacityOf = (slot: number) => vehicle.batteryCapacities[slot - 1] ?? null;

  const unbind = async (number: 'battery1Number' | 'battery2Number') => {
    await changes.edit(vehicleEditBody(vehicle, { [number]: null }));
    void message.success(t('vehicle.unbound'));
  };

  return (
    <Card
      title={t('vehicle.batteries')}
      extra={
        editable ? (
          <Can code={codes.edit}>
            <Button icon={<LinkOutlined />} onClick={() => setBinding(true)}>
              {t('vehicle.bind')}
            </Button>
          </Can>
        ) : null
      }
    >
      <Descriptions column={{ xs: 1, md: 2 }} bordered size="small">
        {slots.map(({ slot, id, number }) => {
          const batteryId = vehicle[id];
          const batteryNumber = vehicle[number];
          return (
            <Descriptions.Item key={slot} label={t(fieldKey(number))}>
              {batteryId !== null && batteryNumber ? (
                <>
                  <Link to={deviceDetailPath('battery', batteryId)}>{batteryNumber}</Link>
                  {capacityOf(slot) !== null ? ` · ${t('vehicle.capacity', { capacity: capacityOf(slot) })}` : ''}
                  {editable ? (
                    <ConfirmButton
                      code={codes.edit}
                      labelKey="vehicle.unbind"
                      confirmKey="vehicle.confirmUnbind"
                      confirmParams={{ number: batteryNumber }}
                      danger
                      onConfirm={() => unbind(number)}
                    />
                  ) : null}
                </>
              ) : (
                t('vehicle.noBattery')
              )}
            </Descriptions.Item>
          );
        })}
      </Descriptions>
      <ResourceForm
        open={binding}
        mode="edit"
        container="modal"
        title={t('vehicle.bindTitle', { number: vehicle.number })}
        schema={vehicleEdit}
        fields={BATTERY_FIELDS.filter((field) => slots.some((slot) => slot.number === field.name))}
        initialValues={{ battery1Number: vehicle.battery1Number ?? undefined, battery2Number: vehicle.battery2Number ?? undefined }}
        extraValues={vehicleEditBody(vehicle, {})}
        submit={changes.edit}
        onClose={() => setBinding(false)}
      />
    </Card>
  );
}
