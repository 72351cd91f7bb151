import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SwapRecord } from '@swap/contracts';
import { ResourceTable } from '../../shared/table';
import { TitleBar } from '../../shared/TitleBar';
import { fieldKey } from '../device/deviceModel';
import { RESULT_MAP, SWAP_PATHS, SWAP_ROUTES, SWAP_SEARCH_FIELDS } from './swapModel';

const charge = (soc: number | null) => (soc === null ? null : `${soc}%`);

/** Order centre → Swap records (/business/transfer/list): every swap the cabinets reported. */
export function SwapListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const battery = (number: string | null, compartment: number | null, soc: number | null) =>
    number === null ? t('common.empty') : t('swap.batteryCell', { number, compartment: compartment ?? '-', soc: charge(soc) ?? '-' });
  return (
    <>
      <TitleBar title={t('nav.record.swap')} />
      <ResourceTable<SwapRecord>
        searchPath={SWAP_PATHS.search}
        exportPath={SWAP_PATHS.export}
        exportCode="record.swap.export"
        exportFilename="swap-records"
        rowKey="id"
        scrollX={1300}
        defaultSort={{ field: 'startedAt', order: 'descend' }}
        searchFields={SWAP_SEARCH_FIELDS}
        columns={[
          {
            key: 'id',
            titleKey: 'swap.recordId',
            sortable: true,
            width: 110,
            render: (r) => <Link to={SWAP_ROUTES.detail(r.id)}>{r.id}</Link>,
          },
          { key: 'cabinetNumber', titleKey: fieldKey('cabinetNumber'), width: 140 },
          {
            key: 'batteryOutNumber',
            titleKey: fieldKey('batteryOutNumber'),
            render: (r) => battery(r.batteryOutNumber, r.batteryOutCompartment, r.batteryOutSoc),
          },
          {
            key: 'batteryInNumber',
            titleKey: fieldKey('batteryInNumber'),
            render: (r) => battery(r.batteryInNumber, r.batteryInCompartment, r.batteryInSoc),
          },
          { key: 'customer', titleKey: fieldKey('customer'), width: 120 },
          { key: 'result', titleKey: fieldKey('result'), kind: 'status', statusMap: RESULT_MAP, width: 120 },
          { key: 'failureMessage', titleKey: fieldKey('failureMessage'), ellipsis: true },
          { key: 'startedAt', titleKey: fieldKey('startedAt'), kind: 'datetime', sortable: true, width: 180 },
          { key: 'durationSeconds', titleKey: fieldKey('durationSeconds'), kind: 'number', width: 120 },
        ]}
        rowActions={[{ key: 'view', labelKey: 'common.view', onClick: (r) => void navigate(SWAP_ROUTES.detail(r.id)) }]}
      />
    </>
  );
}
