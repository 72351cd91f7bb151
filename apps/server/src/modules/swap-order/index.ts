import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { SWAP_ORDER_KINDS, swapOrderApi, type SwapOrderRecord } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { PaymentConfig } from '../../app/config.js';
import { fieldColumns, type CsvColumn } from '../../app/csv.js';
import { serve } from '../../app/route.js';
import { cancelSwapOrder, payOrderFromWallet, refundSwapOrder, swapOrderLists } from './swap-order.service.js';
import { swapOrders } from './swap-order.table.js';

export {
  chargeSwap,
  markSwapOrderPaid,
  startSwapOrderPayment,
  orderOfSwap,
  priceEnergy,
  runSwapOrderJob,
  startSwapOrderJob,
  type ChargedSwap,
} from './swap-order.service.js';
export { seedDemoSwapOrders } from './swap-order.seed.js';
export { energyFigureFacts } from './swap-order.figures.js';
export { kwhOrderPayable, transferOrderPayable } from './swap-order.payable.js';

/** Whether an order names the city (it then stays; a city holds few orders of a kind a day). */
export async function swapOrdersNameCity(db: Db, cityId: number): Promise<boolean> {
  const [row] = await db.select({ id: swapOrders.id }).from(swapOrders).where(eq(swapOrders.cityId, cityId)).limit(1);
  return row !== undefined;
}

const CSV_COLUMNS: CsvColumn<SwapOrderRecord>[] = fieldColumns(
  [
    'orderNo',
    'merchantName',
    'customerNumber',
    'customerName',
    'cabinetNumber',
    'cityName',
    'swapAt',
    'status',
    'currency',
    'unitPrice',
    'meterStartKwh',
    'meterEndKwh',
    'energyKwh',
    'amount',
    'paymentGateway',
    'transactionId',
    'paidAt',
    'completedAt',
    'cancelledAt',
    'refundedAt',
    'createdAt',
  ],
  { status: 'deviceOrder.status' },
);

/** Order centre → Transfer orders and Energy orders (/order/<kind>/list, /order/<kind>/detail/:id). */
export function registerSwapOrderRoutes(app: FastifyInstance, options: { payments: PaymentConfig }): void {
  for (const kind of SWAP_ORDER_KINDS) {
    const api = swapOrderApi[kind];
    const list = swapOrderLists[kind];
    serve(app, api.search, ({ input, ctx }) => list.search(ctx, input));
    serve(app, api.detail, ({ input, ctx }) => list.detail(ctx, input.id));
    serve(app, api.walletPay, ({ input, ctx }) => payOrderFromWallet(ctx, kind, input.id));
    serve(app, api.cancel, ({ input, ctx }) => cancelSwapOrder(ctx, kind, input.id));
    serve(app, api.refund, ({ input, ctx, req }) => refundSwapOrder(ctx, kind, input.id, options.payments, req.log));
    serve(app, api.export, ({ input, ctx, reply }) =>
      list.sendExport(reply, ctx, input, { filename: `${kind === 'kwh' ? 'energy' : 'transfer'}-orders.csv`, columns: CSV_COLUMNS }),
    );
  }
}
