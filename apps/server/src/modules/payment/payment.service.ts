import type { FastifyBaseLogger } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  normalizeMoney,
  type PaymentCallbackAnswer,
  type PaymentCallbackBody,
  type PaymentEventRecord,
  type PaymentStartAnswer,
} from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../app/context.js';
import { holds } from '../../app/context.js';
import type { PaymentConfig } from '../../app/config.js';
import { AppError, notFound, worded } from '../../app/errors.js';
import { checkPaymentSignature } from '../../app/payment-signature.js';
import { permissionDenied } from '../../app/policy.js';
import { recordAnonymousAudit, recordAudit } from '../audit-log/index.js';
import { callGateway } from './payment.gateway.js';
import { payableKindOf, type PayableKind, type PayableOrder } from './payable.js';
import { paymentCallbacks, paymentRefunds, paymentRequests } from './payment.table.js';

type CallbackRow = typeof paymentCallbacks.$inferSelect;

const answerOf = (row: CallbackRow): PaymentCallbackAnswer => ({
  orderNo: row.orderNo,
  orderKind: row.orderKind,
  paymentGateway: row.paymentGateway,
  transactionId: row.transactionId,
  amount: normalizeMoney(row.amount),
  currency: row.currency,
  status: row.status,
  receivedAt: row.receivedAt.toISOString(),
});

/** A gateway's call as it arrived: the bytes it signed, its signature header, the body parsed. */
export interface PaymentCall {
  rawBody: Buffer | undefined;
  signature: string | undefined;
  body: PaymentCallbackBody;
  /** The caller's address, for the audit row. */
  ip?: string;
}

/**
 * The payment callback (docs/orders.md, "The payment callback"): checks the gateway's signature
 * and its time, then in one transaction locks the order through its kind (the registry of payable
 * order kinds), records the gateway transaction once and marks the order paid. The same report
 * again finds its record and answers it unchanged; a report naming the recorded transaction with
 * another order, amount or result, an amount or currency the order does not owe, an unknown order
 * are refused, change nothing and are logged.
 */
export async function acceptPaymentCallback(
  db: Db,
  config: PaymentConfig,
  call: PaymentCall,
  log: FastifyBaseLogger,
): Promise<PaymentCallbackAnswer> {
  const { body } = call;
  const about = {
    gateway: body.paymentGateway,
    orderNo: body.orderNo,
    transactionId: body.transactionId,
    amount: body.amount,
    currency: body.currency,
  };
  const refuse = (reason: string, error: AppError): never => {
    log.warn({ payment: about }, `payment callback refused: ${reason}`);
    throw error;
  };
  const secret = config.secrets[body.paymentGateway];
  const checked = secret && call.rawBody ? checkPaymentSignature(secret, call.rawBody, call.signature, config.windowSeconds) : 'bad';
  if (checked === 'bad') refuse(secret ? 'signature' : 'unknown gateway', new AppError('signatureFailed'));
  if (checked === 'stale')
    refuse('signed time outside the window', new AppError('paymentTimeOutsideWindow', { seconds: config.windowSeconds }));
  const kind = payableKindOf(body.orderNo);
  if (!kind) return refuse('unknown order', new AppError('paymentOrderUnknown', { orderNo: body.orderNo }));
  const amount = normalizeMoney(body.amount);
  return db.transaction(async (tx) => {
    // The order's row first: reports of one order wait for each other, so a second sees the first's record.
    const order = await kind.lockByNo(tx, body.orderNo);
    const [recorded] = await tx
      .select()
      .from(paymentCallbacks)
      .where(and(eq(paymentCallbacks.paymentGateway, body.paymentGateway), eq(paymentCallbacks.transactionId, body.transactionId)));
    const reused = () => new AppError('paymentTransactionReused', { transactionId: body.transactionId, gateway: body.paymentGateway });
    if (recorded) {
      const same =
        recorded.orderNo === body.orderNo &&
        normalizeMoney(recorded.amount) === amount &&
        recorded.currency === body.currency &&
        recorded.status === body.status;
      return same ? answerOf(recorded) : refuse('transaction recorded for another payment', reused());
    }
    if (!order) return refuse('unknown order', new AppError('paymentOrderUnknown', { orderNo: body.orderNo }));
    if (body.status === 'PAID') {
      if (order.amountDue === null)
        refuse(
          'order takes no payment',
          new AppError('paymentNotDue', { orderNo: order.orderNo, status: worded(kind.statusWords, order.status) }),
        );
      if (order.amountDue !== amount || order.currency !== body.currency)
        refuse(
          `order owes ${order.amountDue} ${order.currency}`,
          new AppError('paymentAmountMismatch', {
            amount,
            currency: body.currency,
            orderNo: order.orderNo,
            due: `${order.amountDue} ${order.currency}`,
          }),
        );
    }
    const [row] = await tx
      .insert(paymentCallbacks)
      .values({
        paymentGateway: body.paymentGateway,
        transactionId: body.transactionId,
        orderKind: kind.kind,
        orderNo: order.orderNo,
        orderId: order.orderId,
        merchantId: order.merchantId,
        amount,
        currency: body.currency,
        status: body.status,
      })
      .onConflictDoNothing()
      .returning();
    // Recorded meanwhile for another order (whose row this report did not lock).
    if (!row) return refuse('transaction recorded for another payment', reused());
    await recordAnonymousAudit(
      tx,
      { username: body.paymentGateway, accountId: null, merchantId: order.merchantId, ip: call.ip ?? '' },
      {
        action: 'payment.report',
        objectType: 'payment',
        objectId: order.orderNo,
        changes: {
          orderNo: order.orderNo,
          paymentGateway: body.paymentGateway,
          transactionId: body.transactionId,
          amount,
          currency: body.currency,
          status: body.status,
        },
      },
    );
    if (body.status === 'PAID') {
      await kind.markPaid(tx, {
        orderId: order.orderId,
        paymentGateway: body.paymentGateway,
        transactionId: body.transactionId,
        amount,
        at: row.receivedAt,
      });
    }
    return answerOf(row);
  });
}

const gatewayAnswer = z.object({ transactionId: z.string().min(1).max(64), status: z.literal('PENDING') });

/**
 * Asks the configured gateway to take an order's payment (docs/orders.md, "Paying an order"): the
 * caller needs the kind's action code and sees only its merchant's orders (another merchant's order
 * reads as unknown, 1017); the order must owe something now (7204). The gateway is called outside
 * any transaction; an unreachable gateway or one answering an error is 1009, an answer not signed
 * with the gateway's secret or that is not a payment request's 1010 (nothing is recorded or
 * started). Once the gateway took it, the order's kind starts the payment.
 */
export async function requestPayment(
  ctx: Ctx,
  config: PaymentConfig,
  orderNo: string,
  log: FastifyBaseLogger,
): Promise<PaymentStartAnswer> {
  const kind = payableKindOf(orderNo);
  if (!kind) throw notFound();
  if (!kind.payCode || !holds(ctx, kind.payCode)) throw permissionDenied(ctx);
  const order = await ctx.db.transaction((tx) => kind.lockByNo(tx, orderNo));
  if (!order || (ctx.principal.merchantId !== null && ctx.principal.merchantId !== order.merchantId)) throw notFound();
  if (order.amountDue === null)
    throw new AppError('paymentNotDue', { orderNo: order.orderNo, status: worded(kind.statusWords, order.status) });
  const gateway = config.gateway;
  const secret = gateway ? config.secrets[gateway] : undefined;
  if (!gateway || !secret || !config.gatewayUrl || !config.callbackUrl) throw new AppError('paymentGatewayMissing');
  const body = {
    paymentGateway: gateway,
    orderNo: order.orderNo,
    amount: order.amountDue,
    currency: order.currency,
    callbackUrl: config.callbackUrl,
  };
  const answer = await callGateway(config, secret, '/payments', body, gatewayAnswer, {
    what: 'payment gateway',
    about: { gateway, orderNo },
    log,
  });
  await ctx.db.transaction(async (tx) => {
    const again = await kind.lockByNo(tx, orderNo);
    if (again?.amountDue !== null && again?.amountDue !== undefined) await kind.start?.(tx, again.orderId);
    const asked = { paymentGateway: gateway, transactionId: answer.transactionId, amount: order.amountDue!, currency: order.currency };
    await tx.insert(paymentRequests).values({
      ...asked,
      orderKind: kind.kind,
      orderNo: order.orderNo,
      orderId: order.orderId,
      merchantId: order.merchantId,
      operatorId: ctx.principal.id,
      operatorName: ctx.principal.name || ctx.principal.username,
    });
    await recordAudit(tx, ctx, {
      action: 'payment.request',
      objectType: 'payment',
      objectId: order.orderNo,
      changes: { orderNo: order.orderNo, ...asked },
    });
  });
  return {
    orderNo: order.orderNo,
    orderKind: kind.kind,
    paymentGateway: gateway,
    transactionId: answer.transactionId,
    amount: order.amountDue,
    currency: order.currency,
  };
}

/** The order a caller may see: the kind's menu code (else refused) and the caller's merchant (another merchant's order is unknown, 1017). */
async function visibleOrder(ctx: Ctx, orderNo: string): Promise<{ kind: PayableKind; order: PayableOrder }> {
  const kind = payableKindOf(orderNo);
  if (!kind) throw notFound();
  if (!holds(ctx, kind.menuCode)) throw permissionDenied(ctx);
  const order = await ctx.db.transaction((tx) => kind.lockByNo(tx, orderNo));
  if (!order || (ctx.principal.merchantId !== null && ctx.principal.merchantId !== order.merchantId)) throw notFound();
  return { kind, order };
}

/**
 * An order's payments as its page lists them (docs/orders.md, "Paying an order"): staff's requests
 * to the gateway, the gateway's reports and the refunds sent to it, newest first; the caller needs the kind's menu code and
 * sees only its merchant's orders.
 */
export async function paymentHistory(ctx: Ctx, orderNo: string): Promise<PaymentEventRecord[]> {
  const { order } = await visibleOrder(ctx, orderNo);
  const [requests, reports, refunds] = await Promise.all([
    ctx.db
      .select()
      .from(paymentRequests)
      .where(and(eq(paymentRequests.orderNo, order.orderNo), eq(paymentRequests.merchantId, order.merchantId)))
      .orderBy(desc(paymentRequests.id))
      .limit(200),
    ctx.db
      .select()
      .from(paymentCallbacks)
      .where(and(eq(paymentCallbacks.orderNo, order.orderNo), eq(paymentCallbacks.merchantId, order.merchantId)))
      .orderBy(desc(paymentCallbacks.id))
      .limit(200),
    ctx.db
      .select()
      .from(paymentRefunds)
      .where(and(eq(paymentRefunds.orderNo, order.orderNo), eq(paymentRefunds.merchantId, order.merchantId)))
      .orderBy(desc(paymentRefunds.id))
      .limit(200),
  ]);
  const events: PaymentEventRecord[] = [
    ...requests.map((r) => ({
      event: 'REQUEST' as const,
      at: r.requestedAt.toISOString(),
      paymentGateway: r.paymentGateway,
      transactionId: r.transactionId,
      amount: normalizeMoney(r.amount),
      currency: r.currency,
      status: null,
      operatorName: r.operatorName,
    })),
    ...reports.map((r) => ({
      event: 'REPORT' as const,
      at: r.receivedAt.toISOString(),
      paymentGateway: r.paymentGateway,
      transactionId: r.transactionId,
      amount: normalizeMoney(r.amount),
      currency: r.currency,
      status: r.status,
      operatorName: null,
    })),
    // A refund, at its last sending or its answer: the gateway's refund id once answered, else its number.
    ...refunds.map((r) => ({
      event: 'REFUND' as const,
      at: (r.answeredAt ?? r.sentAt).toISOString(),
      paymentGateway: r.paymentGateway,
      transactionId: r.gatewayRefundId ?? `RF${r.id}`,
      amount: normalizeMoney(r.amount),
      currency: r.currency,
      status: r.status,
      operatorName: r.operatorName,
    })),
  ];
  return events.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : a.event === 'REPORT' ? -1 : 1));
}
