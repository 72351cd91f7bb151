import type { FastifyInstance } from 'fastify';
import { PAYMENT_SIGNATURE_HEADER, paymentApi } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { PaymentConfig } from '../../app/config.js';
import { serve, servePublic } from '../../app/route.js';
import { acceptPaymentCallback, paymentHistory, requestPayment } from './payment.service.js';

export {
  claimGatewayRefund,
  DEMO_GATEWAY,
  DEMO_REFUNDERS,
  openGatewayRefund,
  recordDemoGatewayRefunds,
  sendGatewayRefund,
  settleGatewayRefund,
  type RecordedRefund,
  type RefundAnswer,
  type RefundClaim,
  type RefundedPayment,
} from './payment.refund.js';
export { payableKindOf, payableKinds, registerPayableKind, type OrderPaymentMark, type PayableKind, type PayableOrder } from './payable.js';

/** The payment callback (/api/pay/callback, public and signed) and staff's payment requests (docs/orders.md, "Paying an order"). */
export function registerPaymentRoutes(app: FastifyInstance, db: Db, config: PaymentConfig): void {
  servePublic(app, paymentApi.callback, ({ input, req }) => {
    const header = req.headers[PAYMENT_SIGNATURE_HEADER];
    return acceptPaymentCallback(
      db,
      config,
      { rawBody: req.rawBody, signature: Array.isArray(header) ? header[0] : header, body: input, ip: req.ip },
      req.log,
    );
  });
  serve(app, paymentApi.start, ({ input, ctx, req }) => requestPayment(ctx, config, input.orderNo, req.log));
  serve(app, paymentApi.history, ({ input, ctx }) => paymentHistory(ctx, input.orderNo));
}
