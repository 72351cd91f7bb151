import { swapApi, type SwapRecord } from '@swap/contracts';
import { ResourceTable } from '../../shared/table';
import { useSwapColumns } from './swapColumns';

/** The device whose swaps a card shows. */
export interface DeviceSwapsCardProps {
  kind: 'cabinet' | 'battery';
  device: { id: number; number: string };
}

/** A cabinet's or battery's swap records, newest first (DeviceSwapsCard loads it with the card). */
export default function DeviceSwapsTable({ kind, device }: DeviceSwapsCardProps) {
  const c = useSwapColumns();
  const forCabinet = kind === 'cabinet';
  return (
    <ResourceTable<SwapRecord, typeof swapApi.search>
      endpoints={{ search: swapApi.search }}
      filters={forCabinet ? { cabinetId: device.id } : { batteryId: device.id }}
      defaultSort={{ field: 'startedAt', order: 'descend' }}
      pageSize={10}
      rowKey="id"
      scrollX={1100}
      columns={[
        c.id,
        c.startedAt,
        ...(forCabinet ? [] : [c.cabinetNumber]),
        c.batteryOutNumber,
        c.batteryInNumber,
        c.result,
        c.failureMessage,
      ]}
    />
  );
}
