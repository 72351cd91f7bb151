import { and, eq } from 'drizzle-orm';
import { normalizeMoney, type SwapOrderKind } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { PayableKind } from '../payment/index.js';
import { swapOrders } from './swap-order.table.js';
import { markSwapOrderPaid, startSwapOrderPayment } from './swap-order.service.js';

/** How a transfer or energy order is paid (docs/orders.md, "Paying an order"): an unpaid order owes its amount. */
function swapOrderPayable(kind: SwapOrderKind, prefix: string): PayableKind {
  return {
    kind,
    prefix,
    payCode: `order.${kind}.pay`,
    lockByNo: async (tx: Db, orderNo: string) => {
      const [row] = await tx
        .select()
        .from(swapOrders)
        .where(and(eq(swapOrders.orderNo, orderNo), eq(swapOrders.kind, kind)))
        .for('update');
      if (!row) return null;
      const unpaid = row.status === 'REGISTERED' || row.status === 'IN_PROGRESS';
      return {
        orderId: row.id,
        orderNo: row.orderNo,
        merchantId: row.merchantId,
        currency: row.currency,
        amountDue: unpaid ? normalizeMoney(row.amount) : null,
        status: row.status,
      };
    },
    start: (tx, orderId) => startSwapOrderPayment(tx, orderId),
    markPaid: (tx, payment) => markSwapOrderPaid(tx, payment),
  };
}

export const transferOrderPayable = swapOrderPayable('transfer', 'TO');
export const kwhOrderPayable = swapOrderPayable('kwh', 'KO');
