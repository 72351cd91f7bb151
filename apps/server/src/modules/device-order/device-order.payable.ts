import { and, eq } from 'drizzle-orm';
import { normalizeMoney, type DeviceOrderKind } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { PayableKind } from '../payment/index.js';
import { deviceOrders } from './device-order.table.js';
import { markDeviceOrderPaid, startDeviceOrderPayment } from './device-order.service.js';

/** How a vehicle or battery order is paid (docs/orders.md, "Paying an order"): an unpaid order owes its total amount. */
function deviceOrderPayable(kind: DeviceOrderKind, prefix: string): PayableKind {
  return {
    kind,
    prefix,
    payCode: `order.${kind}.pay`,
    lockByNo: async (tx: Db, orderNo: string) => {
      const [row] = await tx
        .select()
        .from(deviceOrders)
        .where(and(eq(deviceOrders.orderNo, orderNo), eq(deviceOrders.kind, kind)))
        .for('update');
      if (!row) return null;
      const unpaid = row.status === 'REGISTERED' || row.status === 'IN_PROGRESS';
      return {
        orderId: row.id,
        orderNo: row.orderNo,
        merchantId: row.merchantId,
        currency: row.currency,
        amountDue: unpaid ? normalizeMoney(row.totalAmount) : null,
        status: row.status,
      };
    },
    start: (tx, orderId) => startDeviceOrderPayment(tx, orderId),
    markPaid: (tx, payment) => markDeviceOrderPaid(tx, payment),
  };
}

export const vehicleOrderPayable = deviceOrderPayable('vehicle', 'VO');
export const batteryOrderPayable = deviceOrderPayable('battery', 'BO');
