import { useNavigate } from 'react-router';
import { swapApi } from '@swap/contracts';
import { ListPage } from '../../shared/table';
import { useOwnerOptions } from '../device-registry';
import { SWAP_ROUTES, SWAP_SEARCH_FIELDS, withOwnerFilter } from './swapModel';
import { useSwapColumns } from './swapColumns';

/**
 * Order centre → Swap records: every swap the cabinets reported.
 * @route /business/transfer/list
 */
export function SwapListPage() {
  const navigate = useNavigate();
  const c = useSwapColumns();
  const owners = useOwnerOptions();
  return (
    <ListPage
      titleKey="nav.record.swap"
      endpoints={swapApi}
      scrollX={1440}
      defaultSort={{ field: 'startedAt', order: 'descend' }}
      searchFields={withOwnerFilter(SWAP_SEARCH_FIELDS, owners?.merchants)}
      columns={[
        c.id,
        c.cabinetNumber,
        c.batteryOutNumber,
        c.batteryInNumber,
        c.customer,
        c.servedVehicleNumber,
        c.result,
        c.failureMessage,
        c.startedAt,
        c.durationSeconds,
      ]}
      rowActions={[{ key: 'view', labelKey: 'common.view', onClick: (r) => void navigate(SWAP_ROUTES.detail(r.id)) }]}
    />
  );
}
