import { useTranslation } from 'react-i18next';
import type { SaleStatus } from '@swap/contracts';
import { ConfirmButton } from '../../shared/confirm';
import { useUi } from '../../shared/ui';
import { deviceCodes } from '../../shared/devices';
import { useVehicleChanges } from './vehicleQueries';

/** The vehicle detail's "Mark sold" / "Mark unsold", after a confirm prompt (the server refuses scrapped or not-for-sale ones). */
export function VehicleSaleButton({ vehicle }: { vehicle: { id: number; number: string; saleStatus: SaleStatus } }) {
  const { t } = useTranslation();
  const changes = useVehicleChanges();
  const { message } = useUi();
  const next: SaleStatus = vehicle.saleStatus === 'SOLD' ? 'UNSOLD' : 'SOLD';
  return (
    <ConfirmButton
      code={deviceCodes('vehicle').edit}
      type="default"
      size="middle"
      labelKey={`vehicle.mark.${next}`}
      confirmKey={`vehicle.confirmMark.${next}`}
      confirmParams={{ number: vehicle.number }}
      onConfirm={async () => {
        await changes.markSale(vehicle.id, next);
        void message.success(t('vehicle.saleChanged'));
      }}
    />
  );
}
