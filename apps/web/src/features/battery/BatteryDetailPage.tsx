import { lazy, Suspense } from 'react';
import { Card, Empty, Flex, Spin } from 'antd';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { BatteryRecord } from '@swap/contracts';
import { formatDateTime } from '../../shared/format';
import { DetailCards, DetailFrame, type DetailGroup } from '../../shared/detail';
import { DeviceCredentialCard, deviceDetailActions } from '../device-registry';
import { ALARM_MAP, deviceDetailPath, DISTRIBUTION_MAP, fieldKey, SCRAP_MAP, STOCK_MAP, SWITCH_MAP } from '../../shared/devices';
import { BatteryCommandsCard } from '../command';
import { BATTERY_FORM, BATTERY_TREND, MID_SWAP_MAP, RETURN_MAP, STRUCTURE_MAP } from './batteryModel';
import { useBatteryDetail } from './useBatteryDetail';
import { TrajectoryButton, TrendCard } from '../telemetry';
import { DeviceSwapsCard } from '../swap';
import { DeviceLogCard } from '../device-log';
import { Text } from '../../shared/Text';

const CellVoltageChart = lazy(async () => ({ default: (await import('./CellVoltageChart')).CellVoltageChart }));

const device = deviceDetailActions<BatteryRecord>('battery', BATTERY_FORM);

/** A battery's fields, grouped: identity, specification, live state, stock and location. */
function groups(t: (key: string) => string): DetailGroup<BatteryRecord>[] {
  return [
    {
      titleKey: 'deviceRegistry.group.identity',
      items: [
        { field: 'number' },
        { field: 'name' },
        { field: 'typeName' },
        { field: 'brand' },
        { field: 'model' },
        { field: 'imei' },
        { field: 'androidSerialNumber' },
        { field: 'softwareVersion' },
        { field: 'hardwareVersion' },
        { field: 'merchantName', render: (r) => r.merchantName ?? t('deviceRegistry.platformStock') },
        { field: 'createdAt' },
      ],
    },
    {
      titleKey: 'deviceRegistry.group.specification',
      items: [
        { field: 'structure', map: STRUCTURE_MAP },
        { field: 'ratedVoltage' },
        { field: 'ratedCapacity' },
        { field: 'ratedCurrent' },
        { field: 'cellCount' },
        { field: 'weight' },
        { field: 'bmsBrand' },
        { field: 'cellBrand' },
      ],
    },
    {
      titleKey: 'deviceRegistry.group.state',
      live: true,
      items: [
        { field: 'soc' },
        { field: 'capacity' },
        { field: 'cycles' },
        { field: 'temperature' },
        { field: 'gsmSignal' },
        { field: 'gpsSignal' },
        { field: 'chargeSwitch', map: SWITCH_MAP },
        { field: 'dischargeSwitch', map: SWITCH_MAP },
        { field: 'alarmStatus', map: ALARM_MAP },
        { field: 'lastReportAt' },
      ],
    },
    {
      titleKey: 'deviceRegistry.group.stock',
      items: [
        { field: 'stockStatus', map: STOCK_MAP },
        { field: 'scrapStatus', map: SCRAP_MAP },
        { field: 'scrapReason' },
        { field: 'scrappedAt' },
        { field: 'distributionStatus', map: DISTRIBUTION_MAP },
        { field: 'returnStatus', map: RETURN_MAP },
        { field: 'midSwap', map: MID_SWAP_MAP },
        { field: 'swapLockedUntil' },
        {
          field: 'vehicleNumber',
          render: (r) =>
            r.vehicleId !== null ? <Link to={deviceDetailPath('vehicle', r.vehicleId)}>{r.vehicleNumber}</Link> : t('common.empty'),
        },
        {
          field: 'holderCustomerNumber',
          render: (r) =>
            r.holderCustomerId !== null ? (
              <Link to={`/user/detail/${r.holderCustomerId}`}>{r.holderCustomerNumber}</Link>
            ) : (
              t('common.empty')
            ),
        },
      ],
    },
    {
      titleKey: 'deviceRegistry.group.location',
      live: true,
      items: [{ field: 'location', span: 2 }, { field: 'latitude' }, { field: 'longitude' }],
    },
  ];
}

/**
 * Battery detail: every field, cell voltages, location; edit and scrap.
 * @route /product/battery/detail/:id
 */
export function BatteryDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const detail = useBatteryDetail(id);

  return (
    <DetailFrame
      detail={detail}
      title={(battery) => t('battery.detailTitle', { number: battery.number })}
      pageTitleKey="page.batteryDetail"
      back="/product/battery/list"
      loadFailedKey="battery.loadFailed"
      actions={[
        { key: 'trajectory', render: (battery) => <TrajectoryButton kind="battery" id={String(battery.id)} /> },
        device.edit,
        device.scrap,
      ]}
      drawers={device.drawers}
    >
      {(battery) => (
        <Flex vertical gap={16}>
          <DetailCards record={battery} groups={groups(t)} fieldLabel={fieldKey} />
          <DeviceCredentialCard kind="battery" device={battery} />
          <Card title={t('field.cellVoltages')} extra={<Text type="secondary">{formatDateTime(battery.lastReportAt)}</Text>}>
            {battery.cellVoltages.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('battery.noCells')} />
            ) : (
              <Suspense
                fallback={
                  <Spin description={t('common.loading')}>
                    <div style={{ height: 280 }} />
                  </Spin>
                }
              >
                <CellVoltageChart voltages={battery.cellVoltages} />
              </Suspense>
            )}
          </Card>
          <BatteryCommandsCard battery={battery} />
          <DeviceSwapsCard kind="battery" device={battery} />
          <TrendCard id={id} spec={BATTERY_TREND} />
          <DeviceLogCard kind="battery" device={battery} />
        </Flex>
      )}
    </DetailFrame>
  );
}
