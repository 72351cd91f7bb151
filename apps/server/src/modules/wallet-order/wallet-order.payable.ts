import { and, eq } from 'drizzle-orm';
import { normalizeMoney, walletOrderStepAllowed, type WalletOrderKind } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { PayableKind } from '../payment/index.js';
import { walletOrders } from './wallet-order.table.js';
import { markWalletOrderPaid, startWalletOrderPayment, WALLET_ORDER_PREFIX } from './wallet-order.service.js';

/**
 * How a recharge or package order is paid (docs/orders.md, "Paying an order"): an unpaid order owes
 * its amount; marking it paid credits the wallet or grants the package in the payment's transaction.
 */
function walletOrderPayable(kind: WalletOrderKind): PayableKind {
  return {
    kind,
    prefix: WALLET_ORDER_PREFIX[kind],
    payCode: kind === 'recharge' ? 'order.wallet.pay' : 'order.combo.pay',
    lockByNo: async (tx: Db, orderNo: string) => {
      const [row] = await tx
        .select()
        .from(walletOrders)
        .where(and(eq(walletOrders.orderNo, orderNo), eq(walletOrders.kind, kind)))
        .for('update');
      if (!row) return null;
      return {
        orderId: row.id,
        orderNo: row.orderNo,
        merchantId: row.merchantId,
        currency: row.currency,
        amountDue: walletOrderStepAllowed('pay', row.status) ? normalizeMoney(row.paidAmount) : null,
        status: row.status,
      };
    },
    start: (tx, orderId) => startWalletOrderPayment(tx, orderId),
    markPaid: (tx, payment) => markWalletOrderPaid(tx, payment),
  };
}

export const rechargeOrderPayable = walletOrderPayable('recharge');
export const packageOrderPayable = walletOrderPayable('package');
