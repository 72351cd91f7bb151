import {
  WALLET_ORDER_KINDS,
  walletOrderApi,
  walletOrderRefundable,
  walletOrderStepAllowed,
  type WalletOrderKind,
  type WalletOrderRecord,
  type WalletOrderStep,
} from '@swap/contracts';
import { refundSteps, useOrderKindOf, type OrderStep } from '../order-kind';

/** The kind of order a page shows, from its address (/order/recharge/… or /order/package/…). */
export const useWalletOrderKind = (): WalletOrderKind => useOrderKindOf(WALLET_ORDER_KINDS);

/** The menu code of a kind: recharge orders are `order.wallet`, package orders `order.combo`. */
export const codeOf = (kind: WalletOrderKind) => (kind === 'recharge' ? 'order.wallet' : 'order.combo');

/** Whether staff may take a step on the order now (the state machine of the contracts, docs/orders.md). */
export const can = (step: WalletOrderStep) => (order: WalletOrderRecord) => walletOrderStepAllowed(step, order.status);

/**
 * Mark paid (a drawer of the page: `markPaid`) while unpaid; complete a paid recharge, or pay a
 * package from the wallet; cancel while unpaid; refund a paid one (docs/orders.md, "Refunds"): on
 * the list's rows and the detail page.
 */
export const walletOrderSteps = (kind: WalletOrderKind): OrderStep<WalletOrderRecord>[] => [
  { key: 'markPaid', labelKey: 'walletOrder.markPaid', code: `${codeOf(kind)}.markPaid`, when: can('pay'), opens: 'markPaid' },
  kind === 'recharge'
    ? {
        key: 'complete',
        labelKey: 'walletOrder.complete',
        code: 'order.wallet.complete',
        when: can('complete'),
        primary: true,
        endpoint: walletOrderApi.recharge.complete,
        confirmKey: 'walletOrder.completeConfirm',
        doneKey: 'walletOrder.completed',
      }
    : {
        key: 'payFromWallet',
        labelKey: 'walletOrder.payFromWallet',
        code: 'order.combo.payFromWallet',
        when: can('pay'),
        primary: true,
        endpoint: walletOrderApi.package.payFromWallet,
        confirmKey: 'walletOrder.payFromWalletConfirm',
        doneKey: 'walletOrder.markedPaid',
      },
  {
    key: 'cancel',
    labelKey: 'walletOrder.cancel',
    code: `${codeOf(kind)}.cancel`,
    when: can('cancel'),
    danger: true,
    endpoint: walletOrderApi[kind].cancel,
    confirmKey: 'walletOrder.cancelConfirm',
    doneKey: 'walletOrder.cancelled',
  },
  ...refundSteps<WalletOrderRecord>({
    code: `${codeOf(kind)}.refund`,
    endpoint: walletOrderApi[kind].refund,
    refundable: walletOrderRefundable,
    texts: `walletOrder.${kind}`,
  }),
];
