import {
  WALLET_ORDER_KINDS,
  walletOrderStepAllowed,
  type WalletOrderKind,
  type WalletOrderRecord,
  type WalletOrderStep,
} from '@swap/contracts';
import { useOrderKindOf } from '../order-kind';

/** The kind of order a page shows, from its address (/order/recharge/… or /order/package/…). */
export const useWalletOrderKind = (): WalletOrderKind => useOrderKindOf(WALLET_ORDER_KINDS);

/** The menu code of a kind: recharge orders are `order.wallet`, package orders `order.combo`. */
export const codeOf = (kind: WalletOrderKind) => (kind === 'recharge' ? 'order.wallet' : 'order.combo');

/** Whether staff may take a step on the order now (the state machine of the contracts, docs/orders.md). */
export const can = (step: WalletOrderStep) => (order: WalletOrderRecord) => walletOrderStepAllowed(step, order.status);
