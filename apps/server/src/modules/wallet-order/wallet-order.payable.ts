import { markWalletOrderPaid, walletOrderKind } from './wallet-order.service.js';

/**
 * How a recharge or package order is paid (docs/orders.md, "Paying an order"): an unpaid order owes
 * its amount; marking it paid credits the wallet or grants the package in the payment's transaction.
 */
export const rechargeOrderPayable = walletOrderKind.payable('recharge', { menuCode: 'order.wallet', markPaid: markWalletOrderPaid });
export const packageOrderPayable = walletOrderKind.payable('package', { menuCode: 'order.combo', markPaid: markWalletOrderPaid });
