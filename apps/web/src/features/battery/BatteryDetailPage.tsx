import { lazy, Suspense, useState } from 'react';
import { Button, Card, Empty, Flex, Spin, Typography } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Link, Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { batteryApi, type BatteryRecord } from '@swap/contracts';
import { useEndpointQuery } from '../../shared/api/endpoints';
import { isServerFailure } from '../../shared/api/errors';
import { Can } from '../../shared/Can';
import { formatDateTime } from '../../shared/format';
import { TitleBar } from '../../shared/TitleBar';
import { DetailCards, DetailState, type DetailGroup } from '../device/DetailCards';
import { DeviceCredentialCard } from '../device/DeviceCredentialCard';
import { DeviceFormDrawer } from '../device/DeviceFormDrawer';
import { ALARM_MAP, deviceCodes, deviceDetailPath, SCRAP_MAP, STOCK_MAP, SWITCH_MAP } from '../device/deviceModel';
import { ScrapForm } from '../device/ScrapForm';
import { BatteryCommandsCard } from '../command';
import { BATTERY_FORM, BATTERY_TREND, DISTRIBUTION_MAP, MID_SWAP_MAP, RETURN_MAP, STRUCTURE_MAP } from './batteryModel';
import { LiveIndicator } from '../device/LiveIndicator';
import { useLiveDevice } from '../device/useLiveDevice';
import { TrendCard } from '../device/TrendCard';
import { TrajectoryButton } from '../trajectory/TrajectoryButton';
import { DeviceSwapsCard } from '../swap/DeviceSwapsCard';

const CellVoltageChart = lazy(async () => ({ default: (await import('./CellVoltageChart')).CellVoltageChart }));

const codes = deviceCodes('battery');

/** The fields of spec §3, grouped: identity, specification, live state, stock and location. */
function groups(t: (key: string) => string): DetailGroup<BatteryRecord>[] {
  return [
    {
      titleKey: 'device.group.identity',
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
        { field: 'merchantName', render: (r) => r.merchantName ?? t('device.platformStock') },
        { field: 'createdAt' },
      ],
    },
    {
      titleKey: 'device.group.specification',
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
      titleKey: 'device.group.state',
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
      titleKey: 'device.group.stock',
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
      ],
    },
    {
      titleKey: 'device.group.location',
      live: true,
      items: [{ field: 'location', span: 2 }, { field: 'latitude' }, { field: 'longitude' }],
    },
  ];
}

/** Battery detail (/product/battery/detail/:id): every field, cell voltages, location; edit and scrap. */
export function BatteryDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const [editing, setEditing] = useState(false);
  const [scrapping, setScrapping] = useState(false);
  const query = useEndpointQuery(batteryApi.detail, { id });
  const live = useLiveDevice('battery', id);
  const battery = query.data;
  if (query.isError && isServerFailure(query.error)) return <Navigate to="/error-page/500" replace />;
  const active = battery?.scrapStatus === 'NORMAL';

  return (
    <>
      <TitleBar
        title={battery ? t('battery.detailTitle', { number: battery.number }) : t('page.batteryDetail')}
        back="/product/battery/list"
        operate={
          <>
            <TrajectoryButton kind="battery" id={id} />
            {active ? (
              <Can code={codes.edit}>
                <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
                  {t('common.edit')}
                </Button>
                <Button danger icon={<DeleteOutlined />} onClick={() => setScrapping(true)}>
                  {t('device.scrap')}
                </Button>
              </Can>
            ) : null}
          </>
        }
      />
      {!battery ? (
        <DetailState failed={query.isError} titleKey="battery.loadFailed" onRetry={() => void query.refetch()} />
      ) : (
        <Flex vertical gap={16}>
          <Flex justify="flex-end">
            <LiveIndicator status={live} />
          </Flex>
          <DetailCards record={battery} groups={groups(t)} />
          <DeviceCredentialCard kind="battery" device={battery} />
          <Card
            title={t('device.field.cellVoltages')}
            extra={<Typography.Text type="secondary">{formatDateTime(battery.lastReportAt)}</Typography.Text>}
          >
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
        </Flex>
      )}
      <DeviceFormDrawer<BatteryRecord>
        kind="battery"
        editing={editing && battery ? battery : null}
        {...BATTERY_FORM}
        onClose={() => setEditing(false)}
        onSaved={() => void query.refetch()}
      />
      <ScrapForm
        kind="battery"
        device={scrapping && battery ? battery : null}
        onClose={() => setScrapping(false)}
        onSaved={() => void query.refetch()}
      />
    </>
  );
}
