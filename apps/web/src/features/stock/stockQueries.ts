import { stockApi, type DeviceKind, type InputOf } from '@swap/contracts';
import { request } from '../../shared/api/endpoints';

/** Stocks a batch of a kind's devices in or out (POST <kind>-inventory/in or out); answers the batch. */
export function moveStock(kind: DeviceKind, direction: 'in' | 'out', body: { numbers: string[]; remark: string }) {
  const api = stockApi[kind];
  return request(direction === 'out' ? api.out : api.in, body);
}

/** One page of a stock batch's devices (the record detail's items). */
export async function batchItemsPage(
  kind: DeviceKind,
  id: InputOf<(typeof stockApi)[DeviceKind]['recordDetail']>['id'],
  current: number,
  size: number,
  signal?: AbortSignal,
) {
  return (await request(stockApi[kind].recordDetail, { id, current, size }, { signal })).items;
}
