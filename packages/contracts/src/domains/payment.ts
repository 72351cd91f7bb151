import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { cleanString, money } from '../validation.js';
import { CURRENCIES } from './currency.js';

/**
 * Paying an order through a payment gateway (docs/orders.md, "Paying an order"): staff ask the
 * gateway to take an order's payment, and the gateway tells the result to the payment callback,
 * signed. The callback is public (the gateway holds no session) and lives under its own base,
 * /api/pay.
 */

/** The header carrying the callback's signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const PAYMENT_SIGNATURE_HEADER = 'x-pay-signature';

/** What a gateway reports of a payment. */
export const PAYMENT_RESULTS = ['PAID', 'FAILED'] as const;
export type PaymentResult = (typeof PAYMENT_RESULTS)[number];

/**
 * A refund asked of the gateway (docs/orders.md, "Refund through the gateway"): `REQUESTED` until the
 * gateway's signed answer says `REFUNDED` or `FAILED` (a request the gateway never answered stays
 * `REQUESTED` and is sent again, under the same refund number).
 */
export const PAYMENT_REFUND_STATUSES = ['REQUESTED', 'REFUNDED', 'FAILED'] as const;
export type PaymentRefundStatus = (typeof PAYMENT_REFUND_STATUSES)[number];

const word = (pattern: RegExp, max: number) =>
  cleanString()
    .min(1, { message: 'validation.required' })
    .max(max, { message: 'validation.tooLong' })
    .regex(pattern, { message: 'validation.invalid' });

/** A gateway's name as the configuration names it: capitals, digits and underscore. */
export const gatewayName = word(/^[A-Z0-9_]+$/, 20);
/** An order number: capitals and digits (PO20261126000042). */
export const payableOrderNo = word(/^[A-Z0-9]+$/, 40);

/** The callback's body: the gateway, the order by its number, the gateway's transaction and what was paid. */
export const paymentCallbackBody = z.strictObject({
  paymentGateway: gatewayName,
  orderNo: payableOrderNo,
  transactionId: word(/^[A-Za-z0-9_.:-]+$/, 64),
  amount: money,
  currency: z.enum(CURRENCIES),
  status: z.enum(PAYMENT_RESULTS),
});
export type PaymentCallbackBody = z.infer<typeof paymentCallbackBody>;

/** What the callback answers: the payment as recorded, the same for the same callback however often it comes. */
export const paymentCallbackAnswer = z.object({
  orderNo: z.string(),
  /** The kind of order (product, vehicle, battery, …). */
  orderKind: z.string(),
  paymentGateway: z.string(),
  transactionId: z.string(),
  amount: z.string(),
  currency: z.enum(CURRENCIES),
  status: z.enum(PAYMENT_RESULTS),
  receivedAt: z.string(),
});
export type PaymentCallbackAnswer = z.infer<typeof paymentCallbackAnswer>;

/** What asking the gateway to take a payment answers: the amount asked for and the gateway's transaction. */
export const paymentStartAnswer = z.object({
  orderNo: z.string(),
  orderKind: z.string(),
  paymentGateway: z.string(),
  transactionId: z.string(),
  amount: z.string(),
  currency: z.enum(CURRENCIES),
});
export type PaymentStartAnswer = z.infer<typeof paymentStartAnswer>;

/** What the order's page lists of its payments: staff's requests to the gateway and the gateway's reports, newest first. */
export const PAYMENT_EVENTS = ['REQUEST', 'REPORT', 'REFUND'] as const;
export type PaymentEvent = (typeof PAYMENT_EVENTS)[number];

export const paymentEventRecord = z.object({
  event: z.enum(PAYMENT_EVENTS),
  at: z.string(),
  paymentGateway: z.string(),
  transactionId: z.string(),
  amount: z.string(),
  currency: z.enum(CURRENCIES),
  /** A report's result or a refund's state; null on a request. */
  status: z.enum([...PAYMENT_RESULTS, 'REQUESTED', 'REFUNDED']).nullable(),
  /** Who asked, on a request or a refund; null on a report. */
  operatorName: z.string().nullable(),
});
export type PaymentEventRecord = z.infer<typeof paymentEventRecord>;

export const paymentApi = {
  callback: endpoint({
    method: 'POST',
    base: 'pay',
    path: '/callback',
    access: 'public',
    body: paymentCallbackBody,
    answer: paymentCallbackAnswer,
    summary: `A payment gateway reports a payment, signed in the ${PAYMENT_SIGNATURE_HEADER} header; the same report twice changes nothing`,
  }),
  start: endpoint({
    method: 'POST',
    path: '/order/payment/start',
    // Each kind of order names the action code its staff need (product orders: order.product.pay).
    access: { code: '' },
    body: z.strictObject({ orderNo: payableOrderNo }),
    answer: paymentStartAnswer,
    summary: "Asks the payment gateway to take an order's payment (the action code of the order's kind, e.g. order.product.pay)",
  }),
  history: endpoint({
    method: 'GET',
    path: '/order/payment/history',
    // Each kind of order names the menu code its staff need to see an order (product orders: order.product).
    access: { code: '' },
    query: z.strictObject({ orderNo: payableOrderNo }),
    answer: z.array(paymentEventRecord),
    summary: "An order's payment requests, the gateway's reports and refunds, newest first (the menu code of the order's kind)",
  }),
} as const;
