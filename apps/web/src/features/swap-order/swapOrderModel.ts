import {
  SWAP_ORDER_KINDS,
  swapOrderApi,
  swapOrderRefundable,
  swapOrderStepAllowed,
  type SwapOrderKind,
  type SwapOrderRecord,
  type SwapOrderStep,
} from '@swap/contracts';
import { ORDER_ROUTES, refundSteps, useOrderKindOf, type OrderStep } from '../order-kind';

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

/**
 * Collect from the wallet and cancel while unpaid; refund while a payment settles, back to the
 * wallet or through the gateway that took it (docs/orders.md, "Refund"): on the list's rows and the
 * detail page.
 */
export const swapOrderSteps = (kind: SwapOrderKind): OrderStep<SwapOrderRecord>[] => [
  {
    key: 'pay',
    labelKey: 'swapOrder.pay',
    code: `${codeOf(kind)}.walletPay`,
    when: can('pay'),
    primary: true,
    endpoint: swapOrderApi[kind].walletPay,
    confirmKey: 'swapOrder.payConfirm',
    doneKey: 'swapOrder.paid',
  },
  {
    key: 'cancel',
    labelKey: 'swapOrder.cancel',
    code: `${codeOf(kind)}.cancel`,
    when: can('cancel'),
    danger: true,
    endpoint: swapOrderApi[kind].cancel,
    confirmKey: 'swapOrder.cancelConfirm',
    doneKey: 'swapOrder.cancelled',
  },
  ...refundSteps<SwapOrderRecord>({
    code: `${codeOf(kind)}.refund`,
    endpoint: swapOrderApi[kind].refund,
    refundable: swapOrderRefundable,
    texts: 'swapOrder',
  }),
];
