import { markWalletOrderPaid, walletOrderKind } from './wallet-order.service.js';

/**
 * How a recharge or package order is paid (docs/orders.md, "Paying an order"): an unpaid order owes
 * its amount; marking it paid credits the wallet or grants the package in the payment's transaction.
 */
export const rechargeOrderPayable = walletOrderKind.payable('recharge', { payCode: 'order.wallet.pay', markPaid: markWalletOrderPaid });
export const packageOrderPayable = walletOrderKind.payable('package', { payCode: 'order.combo.pay', markPaid: markWalletOrderPaid });
