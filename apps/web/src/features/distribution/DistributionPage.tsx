import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { RollbackOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { distributionApi, type DistributionRecord, type FilterOf } from '@swap/contracts';
import { Can } from '../../shared/Can';
import { ResourceTable, type SearchField } from '../../shared/table';
import { TitleBar } from '../../shared/TitleBar';
import { fieldKey } from '../../shared/devices';
import { useOwnerOptions } from '../device-registry';
import { ACTION_MAP, ACTION_OPTIONS, distributionCode, useDistributionKind } from './distributionModel';
import { useRecall } from './useRecall';

// The drawers load on first use: the history alone opens the screen.
const DistributeDrawer = lazy(async () => ({ default: (await import('./DistributeDrawer')).DistributeDrawer }));
const RecallDrawer = lazy(async () => ({ default: (await import('./RecallDrawer')).RecallDrawer }));

/** A recall names a device that is now at a station: the rows that brought one there. */
const recallable = (record: DistributionRecord) => record.action === 'DISTRIBUTE';

/**
 * Operation centre → Distribution of vehicles, batteries or cabinets: the history of devices
 * distributed to merchants and stations and recalled to stock, Distribute (check, then the ready
 * numbers) and Recall (docs/operation-centre.md, "Distribution").
 * @route /distribution/vehicle
 * @route /distribution/battery
 * @route /distribution/cabinet
 */
export function DistributionPage() {
  const { t } = useTranslation();
  const kind = useDistributionKind();
  const api = distributionApi[kind];
  const code = distributionCode(kind);
  const owners = useOwnerOptions();
  const recall = useRecall(kind);
  const [open, setOpen] = useState<'distribute' | 'recall' | null>(null);
  const [used, setUsed] = useState<{ distribute?: boolean; recall?: boolean }>({});
  const show = (drawer: 'distribute' | 'recall') => {
    setUsed((before) => ({ ...before, [drawer]: true }));
    setOpen(drawer);
  };

  const searchFields: SearchField<FilterOf<typeof api.search>>[] = [
    { name: 'number', labelKey: fieldKey('number') },
    { name: 'action', labelKey: fieldKey('action'), type: 'select', options: ACTION_OPTIONS },
    ...(owners ? [{ name: 'merchantId' as const, labelKey: fieldKey('merchantId'), type: 'select' as const, source: owners.filter }] : []),
    { name: 'created', labelKey: fieldKey('createdAt'), type: 'dateRange' },
  ];
  const platform = t('deviceRegistry.platformStock');

  return (
    <>
      <TitleBar
        title={t(`nav.allocation.${kind}`)}
        operate={
          <>
            <Can code={`${code}.edit`}>
              <Button icon={<RollbackOutlined />} onClick={() => show('recall')}>
                {t('distribution.recall')}
              </Button>
            </Can>
            <Can code={`${code}.add`}>
              <Button type="primary" icon={<SendOutlined />} onClick={() => show('distribute')}>
                {t('distribution.distribute')}
              </Button>
            </Can>
          </>
        }
      />
      <ResourceTable<DistributionRecord, typeof api.search>
        key={kind}
        endpoints={{ search: api.search, export: api.export }}
        rowKey="id"
        scrollX={1400}
        defaultSort={{ field: 'createdAt', order: 'descend' }}
        searchFields={searchFields}
        columns={[
          { key: 'number', titleKey: fieldKey('number'), width: 160 },
          { key: 'action', titleKey: fieldKey('action'), kind: 'status', statusMap: ACTION_MAP, width: 130 },
          { key: 'fromMerchantName', titleKey: fieldKey('fromMerchantName'), render: (r) => r.fromMerchantName ?? platform },
          { key: 'fromStationName', titleKey: fieldKey('fromStationName') },
          { key: 'toMerchantName', titleKey: fieldKey('toMerchantName'), render: (r) => r.toMerchantName ?? platform },
          { key: 'toStationName', titleKey: fieldKey('toStationName') },
          { key: 'operatorName', titleKey: fieldKey('operatorName'), width: 140 },
          { key: 'remark', titleKey: fieldKey('remark'), ellipsis: true, width: 200 },
          { key: 'createdAt', titleKey: fieldKey('createdAt'), kind: 'datetime', sortable: true, width: 180 },
        ]}
        rowActions={[
          {
            key: 'recall',
            labelKey: 'distribution.recall',
            code: `${code}.edit`,
            danger: true,
            confirmKey: 'distribution.confirmRecallOne',
            hidden: (r) => !recallable(r),
            onClick: (r) => recall([r.number], ''),
          },
        ]}
        batchActions={[
          {
            key: 'recall',
            labelKey: 'distribution.recallSelected',
            code: `${code}.edit`,
            danger: true,
            confirmKey: 'distribution.confirmRecallSelected',
            onClick: (records) => recall([...new Set(records.map((r) => r.number))], ''),
          },
        ]}
      />
      <Suspense fallback={null}>
        {used.distribute ? <DistributeDrawer kind={kind} open={open === 'distribute'} onClose={() => setOpen(null)} /> : null}
        {used.recall ? <RecallDrawer kind={kind} open={open === 'recall'} onClose={() => setOpen(null)} /> : null}
      </Suspense>
    </>
  );
}
