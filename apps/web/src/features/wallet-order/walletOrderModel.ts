import {
  WALLET_ORDER_KINDS,
  walletOrderApi,
  walletOrderRefundable,
  walletOrderStepAllowed,
  type WalletOrderKind,
  type WalletOrderRecord,
  type WalletOrderStep,
} from '@swap/contracts';
import { orderKindSteps, type OrderStep } from '../order-kind';

/**
 * Recharge and package orders: one state table, the texts `walletOrder.*` (the refund's
 * `walletOrder.<kind>.*`), the menu codes: recharge orders are `order.wallet`, package orders
 * `order.combo`.
 */
const kit = orderKindSteps<WalletOrderRecord, WalletOrderKind, WalletOrderStep>({
  kinds: WALLET_ORDER_KINDS,
  codeOf: (kind) => (kind === 'recharge' ? 'order.wallet' : 'order.combo'),
  allowed: walletOrderStepAllowed,
  api: walletOrderApi,
  texts: 'walletOrder',
  refundable: walletOrderRefundable,
  refundTexts: (kind) => `walletOrder.${kind}`,
});

/** The kind of order a page shows, from its address (/order/recharge/… or /order/package/…). */
export const useWalletOrderKind = kit.useKind;

/** The menu code of a kind: recharge orders are `order.wallet`, package orders `order.combo`. */
export const codeOf = kit.codeOf;

/** Whether staff may take a step on the order now (the state machine of the contracts, docs/orders.md). */
export const can = kit.can;

/**
 * Mark paid (a drawer of the page: `markPaid`) while unpaid; complete a paid recharge, or pay a
 * package from the wallet; cancel while unpaid; refund a paid one (docs/orders.md, "Refunds"): on
 * the list's rows and the detail page.
 */
export const walletOrderSteps = (kind: WalletOrderKind): OrderStep<WalletOrderRecord>[] => [
  kit.drawer(kind, 'markPaid', 'pay'),
  kind === 'recharge'
    ? kit.call(kind, 'complete', { primary: true, doneKey: 'walletOrder.completed' })
    : kit.call(kind, 'pay', { key: 'payFromWallet', primary: true, doneKey: 'walletOrder.markedPaid' }),
  kit.cancel(kind),
  ...kit.refund(kind),
];
