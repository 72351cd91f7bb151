import { swapApi, type SwapRecord } from '@swap/contracts';
import { ResourceTable } from '../../shared/table';
import { useSwapColumns } from './swapColumns';

/** The device (or customer) whose swaps a card shows. */
export interface DeviceSwapsCardProps {
  kind: 'cabinet' | 'battery' | 'customer';
  /** A customer's merchant: its number is unique within the merchant only (the full list's link). */
  device: { id: number; number: string; merchantId?: number | null };
}

const FILTER = { cabinet: 'cabinetId', battery: 'batteryId', customer: 'customerId' } as const;

/**
 * A cabinet's, battery's or customer's swap records, newest first (DeviceSwapsCard loads it with the
 * card); a customer's are read by its reference (docs/customers.md).
 */
export default function DeviceSwapsTable({ kind, device }: DeviceSwapsCardProps) {
  const c = useSwapColumns();
  return (
    <ResourceTable<SwapRecord, typeof swapApi.search>
      endpoints={{ search: swapApi.search }}
      filters={{ [FILTER[kind]]: device.id }}
      defaultSort={{ field: 'startedAt', order: 'descend' }}
      pageSize={10}
      rowKey="id"
      scrollX={1100}
      columns={[
        c.id,
        c.startedAt,
        ...(kind === 'cabinet' ? [] : [c.cabinetNumber]),
        c.batteryOutNumber,
        c.batteryInNumber,
        c.result,
        c.failureMessage,
      ]}
    />
  );
}
