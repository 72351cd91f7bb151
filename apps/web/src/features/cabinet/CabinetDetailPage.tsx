import { useState } from 'react';
import { Button, Card, Empty, Flex } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cabinetApi, type CabinetDetail, type CabinetRecord } from '@swap/contracts';
import { useEndpointQuery } from '../../shared/api/endpoints';
import { isServerFailure } from '../../shared/api/errors';
import { Can } from '../../shared/Can';
import { TitleBar } from '../../shared/TitleBar';
import { DetailCards, DetailState, type DetailGroup } from '../device/DetailCards';
import { DeviceCredentialCard } from '../device/DeviceCredentialCard';
import { DeviceFormDrawer } from '../device/DeviceFormDrawer';
import { deviceCodes, SCRAP_MAP, STOCK_MAP } from '../device/deviceModel';
import { ScrapForm } from '../device/ScrapForm';
import { ALARM_FLAG_MAP, CABINET_FORM, CABINET_TREND, meterLines, SUPPLY_MAP } from './cabinetModel';
import { CompartmentGrid } from './CompartmentGrid';
import { CabinetCommandsCard, CompartmentCommands } from '../command';
import { LiveIndicator } from '../device/LiveIndicator';
import { useLiveDevice } from '../device/useLiveDevice';
import { DeviceSwapsCard } from '../swap/DeviceSwapsCard';
import { TrendCard } from '../device/TrendCard';

const codes = deviceCodes('cabinet');

function groups(t: (key: string, values?: Record<string, unknown>) => string): DetailGroup<CabinetDetail>[] {
  const word = (prefix: string) => (value: string) => t(`${prefix}.${value}`);
  return [
    {
      titleKey: 'device.group.identity',
      items: [
        { field: 'number' },
        { field: 'typeName' },
        { field: 'brand' },
        { field: 'model' },
        { field: 'productNumber' },
        { field: 'imei' },
        { field: 'androidSerialNumber' },
        { field: 'factoryDate' },
        { field: 'merchantName', render: (r) => r.merchantName ?? t('device.platformStock') },
        { field: 'seller' },
        { field: 'purchaseTime' },
        { field: 'createdAt' },
      ],
    },
    {
      titleKey: 'device.group.specification',
      items: [{ field: 'compartmentCount' }, { field: 'networkType' }, { field: 'communicationType' }],
    },
    {
      titleKey: 'device.group.state',
      live: true,
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
      titleKey: 'device.group.stock',
      items: [
        { field: 'stockStatus', map: STOCK_MAP },
        { field: 'scrapStatus', map: SCRAP_MAP },
        { field: 'scrapReason' },
        { field: 'scrappedAt' },
      ],
    },
    {
      titleKey: 'device.group.location',
      items: [{ field: 'site' }, { field: 'location', span: 2 }, { field: 'latitude' }, { field: 'longitude' }],
    },
  ];
}

/** Cabinet detail (/product/cabinet/detail/:id): every field and the compartments by state. */
export function CabinetDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const [editing, setEditing] = useState(false);
  const [scrapping, setScrapping] = useState(false);
  const query = useEndpointQuery(cabinetApi.detail, { id });
  const live = useLiveDevice('cabinet', id);
  const cabinet = query.data;
  if (query.isError && isServerFailure(query.error)) return <Navigate to="/error-page/500" replace />;

  return (
    <>
      <TitleBar
        title={cabinet ? t('cabinet.detailTitle', { number: cabinet.number }) : t('page.cabinetDetail')}
        back="/product/cabinet/list"
        operate={
          cabinet?.scrapStatus === 'NORMAL' ? (
            <Can code={codes.edit}>
              <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
                {t('common.edit')}
              </Button>
              <Button danger icon={<DeleteOutlined />} onClick={() => setScrapping(true)}>
                {t('device.scrap')}
              </Button>
            </Can>
          ) : null
        }
      />
      {!cabinet ? (
        <DetailState failed={query.isError} titleKey="cabinet.loadFailed" onRetry={() => void query.refetch()} />
      ) : (
        <Flex vertical gap={16}>
          <Card title={t('device.field.compartments')} extra={<LiveIndicator status={live} />}>
            {cabinet.compartments.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('cabinet.noCompartments')} />
            ) : (
              <CompartmentGrid
                compartments={cabinet.compartments}
                actions={(compartment) => <CompartmentCommands cabinet={cabinet} compartment={compartment} />}
              />
            )}
          </Card>
          <DetailCards record={cabinet} groups={groups(t)} />
          <TrendCard id={id} spec={CABINET_TREND} />
          <CabinetCommandsCard cabinet={cabinet} />
          <DeviceSwapsCard kind="cabinet" device={cabinet} />
          <DeviceCredentialCard kind="cabinet" device={cabinet} />
        </Flex>
      )}
      <DeviceFormDrawer<CabinetRecord>
        kind="cabinet"
        editing={editing && cabinet ? cabinet : null}
        {...CABINET_FORM}
        onClose={() => setEditing(false)}
        onSaved={() => void query.refetch()}
      />
      <ScrapForm
        kind="cabinet"
        device={scrapping && cabinet ? cabinet : null}
        onClose={() => setScrapping(false)}
        onSaved={() => void query.refetch()}
      />
    </>
  );
}
