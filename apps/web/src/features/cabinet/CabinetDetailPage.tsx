import { Card, Empty, Flex } from 'antd';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CabinetDetail } from '@swap/contracts';
import { DetailCards, DetailFrame, type DetailGroup } from '../../shared/detail';
import { StatusTag, type StatusMap } from '../../shared/StatusTag';
import { DeviceCredentialCard, deviceDetailActions } from '../device-registry';
import { fieldKey, SCRAP_MAP, STOCK_MAP } from '../../shared/devices';
import { ALARM_FLAG_MAP, CABINET_TREND, meterLines, stationLink, SUPPLY_MAP } from './cabinetModel';
import { useCabinetDetail } from './useCabinetDetail';
import { CompartmentGrid } from './CompartmentGrid';
import { CabinetCommandsCard, CompartmentCommands } from '../command';
import { DeviceSwapsCard } from '../swap';
import { TrendCard } from '../telemetry';
import { DeviceLogCard } from '../device-log';
import { ConnectivityTag } from '../../shared/connectivity';

const LAST_KNOWN_MAP: StatusMap = { lastKnown: { meaning: 'warning', labelKey: 'common.lastKnown' } };

const device = deviceDetailActions<CabinetDetail>('cabinet', () => import('./cabinetForm').then((m) => m.CABINET_FORM));

function groups(t: (key: string, values?: Record<string, unknown>) => string): DetailGroup<CabinetDetail>[] {
  const word = (prefix: string) => (value: string) => t(`${prefix}.${value}`);
  return [
    {
      titleKey: 'deviceRegistry.group.identity',
      items: [
        { field: 'number' },
        { field: 'typeName' },
        { field: 'brand' },
        { field: 'model' },
        { field: 'productNumber' },
        { field: 'imei' },
        { field: 'androidSerialNumber' },
        { field: 'factoryDate' },
        { field: 'merchantName', render: (r) => r.merchantName ?? t('deviceRegistry.platformStock') },
        { field: 'seller' },
        { field: 'purchaseTime' },
        { field: 'createdAt' },
      ],
    },
    {
      titleKey: 'deviceRegistry.group.specification',
      items: [{ field: 'compartmentCount' }, { field: 'networkType' }, { field: 'communicationType' }],
    },
    {
      titleKey: 'deviceRegistry.group.state',
      live: true,
      // Offline: the values are the last the cabinet reported.
      lastKnown: (r) => !r.online,
      items: [
        { field: 'supplyStatus', map: SUPPLY_MAP },
        { field: 'load' },
        { field: 'temperature' },
        { field: 'humidity' },
        { field: 'signal' },
        { field: 'waterAlarm', map: ALARM_FLAG_MAP },
        { field: 'smokeAlarm', map: ALARM_FLAG_MAP },
        { field: 'lamp', render: (r) => word('cabinet.onOff')(r.lamp) },
        // Power, meters and radiator come with each telemetry report too.
        { field: 'radiatorSetting', render: (r) => word('cabinet.radiator')(r.radiatorSetting) },
        { field: 'externalMaxPower' },
        { field: 'chargerTotalPower' },
        { field: 'meterCount' },
        {
          field: 'meterReadings',
          render: (r) =>
            r.meterReadings.length === 0 ? (
              t('common.empty')
            ) : (
              <Flex vertical>
                {meterLines(r.meterReadings).map((m) => (
                  <span key={m.index}>{t('cabinet.meterReading', m)}</span>
                ))}
              </Flex>
            ),
        },
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
      ],
    },
    {
      titleKey: 'deviceRegistry.group.location',
      items: [{ field: 'stationName', render: stationLink }, { field: 'location', span: 2 }, { field: 'latitude' }, { field: 'longitude' }],
    },
  ];
}

/**
 * Cabinet detail: every field and the compartments by state.
 * @route /product/cabinet/detail/:id
 */
export function CabinetDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const detail = useCabinetDetail(id);

  return (
    <DetailFrame
      detail={detail}
      title={(cabinet) => t('cabinet.detailTitle', { number: cabinet.number })}
      pageTitleKey="page.cabinetDetail"
      back="/product/cabinet/list"
      loadFailedKey="cabinet.loadFailed"
      actions={[device.edit, device.scrap]}
      drawers={device.drawers}
      status={(cabinet) => <ConnectivityTag online={cabinet.online} lastReportAt={cabinet.lastReportAt} />}
    >
      {(cabinet) => (
        <Flex vertical gap={16}>
          <Card title={t('field.compartments')} extra={cabinet.online ? null : <StatusTag value="lastKnown" map={LAST_KNOWN_MAP} />}>
            {cabinet.compartments.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('cabinet.noCompartments')} />
            ) : (
              <CompartmentGrid
                compartments={cabinet.compartments}
                actions={(compartment) => <CompartmentCommands cabinet={cabinet} compartment={compartment} />}
              />
            )}
          </Card>
          <DetailCards record={cabinet} groups={groups(t)} fieldLabel={fieldKey} />
          <TrendCard id={id} spec={CABINET_TREND} />
          <CabinetCommandsCard cabinet={cabinet} />
          <DeviceLogCard kind="cabinet" device={cabinet} />
          <DeviceSwapsCard kind="cabinet" device={cabinet} />
          <DeviceCredentialCard kind="cabinet" device={cabinet} />
        </Flex>
      )}
    </DetailFrame>
  );
}
