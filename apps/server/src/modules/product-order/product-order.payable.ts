import { eq } from 'drizzle-orm';
import { moneyToMinor, normalizeMoney } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { PayableKind } from '../payment/index.js';
import { productOrders } from './product-order.table.js';
import { markProductOrderPaid } from './product-order.service.js';

/**
 * How a product order is paid (docs/orders.md, "Paying an order"): a running order owes its
 * outstanding balance (the first payment, or the overdue cycles), else the renewal price of its
 * next cycle while cycles are left; a finished order takes no payment.
 */
export const productOrderPayable: PayableKind = {
  kind: 'product',
  prefix: 'PO',
  payCode: 'order.product.pay',
  menuCode: 'order.product',
  lockByNo: async (tx: Db, orderNo: string) => {
    const [row] = await tx.select().from(productOrders).where(eq(productOrders.orderNo, orderNo)).for('update');
    if (!row) return null;
    const owed = moneyToMinor(row.outstandingBalance);
    const amountDue =
      row.status !== 'ENROLLED'
        ? null
        : owed > 0
          ? normalizeMoney(row.outstandingBalance)
          : row.customerStatus === 'REGISTERED' && row.currentCycle < row.totalCycles && moneyToMinor(row.renewalPrice) > 0
            ? normalizeMoney(row.renewalPrice)
            : null;
    return { orderId: row.id, orderNo: row.orderNo, merchantId: row.merchantId, currency: row.currency, amountDue, status: row.status };
  },
  markPaid: (tx, payment) => markProductOrderPaid(tx, payment),
};
