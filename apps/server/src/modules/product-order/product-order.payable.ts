import { eq } from 'drizzle-orm';
import { productOrderAmountDue } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { PayableKind } from '../payment/index.js';
import { productOrders } from './product-order.table.js';
import { markProductOrderPaid } from './product-order.service.js';

/** How a product order is paid (docs/orders.md, "Paying an order"): it owes what productOrderAmountDue says. */
export const productOrderPayable: PayableKind = {
  kind: 'product',
  prefix: 'PO',
  payCode: 'order.product.pay',
  menuCode: 'order.product',
  statusWords: 'productOrder.status',
  lockByNo: async (tx: Db, orderNo: string) => {
    const [row] = await tx.select().from(productOrders).where(eq(productOrders.orderNo, orderNo)).for('update');
    if (!row) return null;
    const amountDue = productOrderAmountDue(row);
    return { orderId: row.id, orderNo: row.orderNo, merchantId: row.merchantId, currency: row.currency, amountDue, status: row.status };
  },
  markPaid: (tx, payment) => markProductOrderPaid(tx, payment),
};
