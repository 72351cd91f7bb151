import {
  SWAP_ORDER_KINDS,
  swapOrderApi,
  swapOrderRefundable,
  swapOrderStepAllowed,
  type SwapOrderKind,
  type SwapOrderRecord,
  type SwapOrderStep,
} from '@swap/contracts';
import { ORDER_ROUTES, orderKindSteps, type OrderStep } from '../order-kind';

/** Transfer and energy orders: one state table, the texts `swapOrder.*`, the codes `order.<kind>.*`. */
const kit = orderKindSteps<SwapOrderRecord, SwapOrderKind, SwapOrderStep>({
  kinds: SWAP_ORDER_KINDS,
  codeOf: (kind) => `order.${kind}`,
  allowed: swapOrderStepAllowed,
  api: swapOrderApi,
  texts: 'swapOrder',
  refundable: swapOrderRefundable,
});

/** The kind of order a page shows, from its address (/order/transfer/… or /order/kwh/…). */
export const useSwapOrderKind = kit.useKind;

export const codeOf = kit.codeOf;

export const SWAP_ORDER_ROUTES = {
  ...ORDER_ROUTES,
  swap: (id: number) => `/business/transfer/detail/${id}`,
  cabinet: (id: number) => `/product/cabinet/detail/${id}`,
} as const;

/** Whether staff may take a step on the order now (the state table of the contracts). */
export const can = kit.can;

/**
 * Collect from the wallet and cancel while unpaid; refund while a payment settles, back to the
 * wallet or through the gateway that took it (docs/orders.md, "Refund"): on the list's rows and the
 * detail page.
 */
export const swapOrderSteps = (kind: SwapOrderKind): OrderStep<SwapOrderRecord>[] => [
  kit.call(kind, 'pay', { endpoint: 'walletPay', primary: true, doneKey: 'swapOrder.paid' }),
  kit.cancel(kind),
  ...kit.refund(kind),
];
