import { SWAP_ORDER_KINDS, swapOrderStepAllowed, type SwapOrderKind, type SwapOrderRecord, type SwapOrderStep } from '@swap/contracts';
import { ORDER_ROUTES, useOrderKindOf } from '../order-kind';

/** The kind of order a page shows, from its address (/order/transfer/… or /order/kwh/…). */
export const useSwapOrderKind = (): SwapOrderKind => useOrderKindOf(SWAP_ORDER_KINDS);

export const codeOf = (kind: SwapOrderKind) => `order.${kind}`;

export const SWAP_ORDER_ROUTES = {
  ...ORDER_ROUTES,
  swap: (id: number) => `/business/transfer/detail/${id}`,
  cabinet: (id: number) => `/product/cabinet/detail/${id}`,
} as const;

/** Whether staff may take a step on the order now (the state table of the contracts). */
export const can = (step: SwapOrderStep) => (order: SwapOrderRecord) => swapOrderStepAllowed(step, order.status);
