import { Button } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { stockApi, type FilterOf, type StockSummaryRecord } from '@swap/contracts';
import { ResourceTable, type SearchField } from '../../shared/table';
import { TitleBar } from '../../shared/TitleBar';
import { fieldKey } from '../../shared/devices';
import { useOwnerOptions, useTypeOptions } from '../device-registry';
import { StockActions } from './StockActions';
import { stockRoutes, useStockKind } from './stockModel';

/**
 * Vehicle, battery or cabinet stock (/product/<kind>-inventory/list): in and out of stock per type and owner.
 * @route /product/vehicle-inventory/list
 * @route /product/battery-inventory/list
 * @route /product/cabinet-inventory/list
 */
export function StockListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const kind = useStockKind();
  const api = stockApi[kind];
  const types = useTypeOptions(kind);
  const owners = useOwnerOptions();
  const searchFields: SearchField<FilterOf<typeof api.summary>>[] = [
    { name: 'typeId', labelKey: fieldKey('typeId'), type: 'select', options: types },
  ];
  if (owners) searchFields.push({ name: 'merchantId', labelKey: fieldKey('merchantName'), type: 'select', source: owners.filter });

  return (
    <>
      <TitleBar
        title={t(`nav.stock.${kind}`)}
        operate={
          <>
            <Button icon={<HistoryOutlined />} onClick={() => void navigate(stockRoutes(kind).records)}>
              {t('page.stockRecord')}
            </Button>
            <StockActions kind={kind} />
          </>
        }
      />
      <ResourceTable<StockSummaryRecord, typeof api.summary>
        key={kind}
        endpoints={{ search: api.summary, export: api.summaryExport }}
        rowKey={(r) => `${r.typeId}-${r.merchantId ?? 0}`}
        searchFields={searchFields}
        columns={[
          { key: 'typeCode', titleKey: fieldKey('typeCode') },
          { key: 'typeName', titleKey: fieldKey('typeName') },
          { key: 'merchantName', titleKey: fieldKey('merchantName'), render: (r) => r.merchantName ?? t('deviceRegistry.platformStock') },
          { key: 'inStock', titleKey: fieldKey('inStock'), kind: 'number' },
          { key: 'outStock', titleKey: fieldKey('outStock'), kind: 'number' },
          { key: 'scrapped', titleKey: fieldKey('scrapped'), kind: 'number' },
          { key: 'total', titleKey: fieldKey('total'), kind: 'number' },
        ]}
      />
    </>
  );
}
