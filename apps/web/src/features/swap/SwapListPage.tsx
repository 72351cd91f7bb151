import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { swapApi, type SwapRecord } from '@swap/contracts';
import { ResourceTable } from '../../shared/table';
import { TitleBar } from '../../shared/TitleBar';
import { SWAP_LINK_FILTERS, SWAP_ROUTES, SWAP_SEARCH_FIELDS } from './swapModel';
import { useSwapColumns } from './swapColumns';

/** Order centre → Swap records (/business/transfer/list): every swap the cabinets reported. */
export function SwapListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const c = useSwapColumns();
  // A device page links here with its number: the list opens filtered by it.
  const linked = Object.fromEntries(SWAP_LINK_FILTERS.flatMap((name) => (params.get(name) ? [[name, params.get(name)!]] : [])));
  return (
    <>
      <TitleBar title={t('nav.record.swap')} />
      <ResourceTable<SwapRecord>
        key={params.toString()}
        endpoints={{ search: swapApi.search, export: swapApi.export }}
        exportFilename="swap-records"
        rowKey="id"
        scrollX={1300}
        defaultSort={{ field: 'startedAt', order: 'descend' }}
        searchFields={SWAP_SEARCH_FIELDS}
        initialValues={Object.keys(linked).length > 0 ? linked : undefined}
        columns={[
          c.id,
          c.cabinetNumber,
          c.batteryOutNumber,
          c.batteryInNumber,
          c.customer,
          c.result,
          c.failureMessage,
          c.startedAt,
          c.durationSeconds,
        ]}
        rowActions={[{ key: 'view', labelKey: 'common.view', onClick: (r) => void navigate(SWAP_ROUTES.detail(r.id)) }]}
      />
    </>
  );
}
