import { DEVICE_KINDS, STOCK_DIRECTIONS, type DeviceKind } from '@swap/contracts';
import { useLocation } from 'react-router';
import type { StatusMap } from '../../shared/StatusTag';
import { optionsOf } from '../../shared/devices';

/** Resource code of stock in and out: stock.<kind>.add (the exports' codes come from their declarations). */
export function stockCodes(kind: DeviceKind) {
  return { move: `stock.${kind}.add` };
}

/** Screen routes of a kind's stock. */
export function stockRoutes(kind: DeviceKind) {
  const base = `/product/${kind}-inventory`;
  return { list: `${base}/list`, records: `${base}/record`, recordDetail: (id: number) => `${base}/record/detail?id=${id}` };
}

/** The kind a stock screen serves, read from its route (/product/<kind>-inventory/...). */
export function stockKindOf(pathname: string): DeviceKind {
  const match = /^\/product\/([a-z]+)-inventory\//.exec(pathname);
  const kind = DEVICE_KINDS.find((k) => k === match?.[1]);
  return kind ?? 'battery';
}

export function useStockKind(): DeviceKind {
  return stockKindOf(useLocation().pathname);
}

export const DIRECTION_MAP: StatusMap = {
  INSTOCK: { meaning: 'success', labelKey: 'stock.direction.INSTOCK' },
  OUTSTOCK: { meaning: 'warning', labelKey: 'stock.direction.OUTSTOCK' },
};
export const directionOptions = optionsOf(STOCK_DIRECTIONS, 'stock.direction');
