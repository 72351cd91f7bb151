import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { stockApi, type StockBatchRecord } from '@swap/contracts';
import { ResourceTable } from '../../shared/table';
import { TitleBar } from '../../shared/TitleBar';
import { fieldKey } from '../../shared/devices';
import { useTypeOptions } from '../device-registry';
import { StockActions } from './StockActions';
import { DIRECTION_MAP, directionOptions, stockRoutes, useStockKind } from './stockModel';

/**
 * Stock batches of a kind (/product/<kind>-inventory/record): number, direction, type, quantity, operator, time, remark.
 * @route /product/vehicle-inventory/record
 * @route /product/battery-inventory/record
 * @route /product/cabinet-inventory/record
 */
export function StockRecordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const kind = useStockKind();
  const api = stockApi[kind];
  const routes = stockRoutes(kind);
  const types = useTypeOptions(kind);

  return (
    <>
      <TitleBar title={`${t(`nav.stock.${kind}`)} · ${t('page.stockRecord')}`} back={routes.list} operate={<StockActions kind={kind} />} />
      <ResourceTable<StockBatchRecord, typeof api.recordSearch>
        key={kind}
        endpoints={{ search: api.recordSearch, export: api.recordExport }}
        rowKey="id"
        scrollX={1300}
        defaultSort={{ field: 'createdAt', order: 'descend' }}
        searchFields={[
          { name: 'number', labelKey: 'stock.batchNumber' },
          { name: 'direction', labelKey: fieldKey('direction'), type: 'select', options: directionOptions },
          { name: 'typeId', labelKey: fieldKey('typeId'), type: 'select', options: types },
          { name: 'operatorName', labelKey: fieldKey('operatorName') },
          { name: 'created', labelKey: fieldKey('createdAt'), type: 'dateRange', rangeKeys: ['from', 'to'] },
        ]}
        columns={[
          {
            key: 'number',
            titleKey: 'stock.batchNumber',
            sortable: true,
            width: 190,
            render: (r) => <Link to={routes.recordDetail(r.id)}>{r.number}</Link>,
          },
          { key: 'direction', titleKey: fieldKey('direction'), kind: 'status', statusMap: DIRECTION_MAP },
          { key: 'typeName', titleKey: fieldKey('typeId'), render: (r) => r.typeName ?? t('stock.mixedTypes') },
          { key: 'quantity', titleKey: fieldKey('quantity'), kind: 'number', sortable: true },
          { key: 'operatorName', titleKey: fieldKey('operatorName') },
          { key: 'merchantName', titleKey: fieldKey('merchantName'), render: (r) => r.merchantName ?? t('deviceRegistry.platformStock') },
          { key: 'remark', titleKey: 'stock.remark', ellipsis: true, width: 220 },
          { key: 'createdAt', titleKey: 'stock.time', kind: 'datetime', sortable: true, width: 180 },
        ]}
        rowActions={[{ key: 'view', labelKey: 'common.view', onClick: (r) => void navigate(routes.recordDetail(r.id)) }]}
      />
    </>
  );
}
