import type { FastifyBaseLogger } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { normalizeMoney, type Currency } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../app/context.js';
import type { PaymentConfig } from '../../app/config.js';
import { AppError } from '../../app/errors.js';
import { recordAudit } from '../audit-log/index.js';
import { callGateway } from './payment.gateway.js';
import { paymentRefunds } from './payment.table.js';

/** A paid order whose payment goes back through the gateway that took it, as its kind reads it (locked). */
export interface RefundedPayment {
  /** The kind of order (transfer, kwh). */
  kind: string;
  orderId: number;
  orderNo: string;
  merchantId: number;
  paymentGateway: string;
  transactionId: string;
  /** Exact decimal text in the order's currency. */
  amount: string;
  currency: Currency;
}

/** A refund claimed for sending: its row and the gateway's number for it. */
export interface RefundClaim extends RefundedPayment {
  id: number;
  /** What the gateway knows the refund by: `RF` and the row's id; the same on every sending. */
  refundNo: string;
}

/** The gateway's signed answer to a refund. */
export interface RefundAnswer {
  status: 'REFUNDED' | 'FAILED';
  refundId: string;
  reason: string | null;
}

/** An answer as recorded: `fresh` when this call recorded it (false: another request had answered the refund first). */
export type RecordedRefund = RefundAnswer & { fresh: boolean };

const refundNoOf = (id: number) => `RF${id}`;

/**
 * The refund of the order not yet answered by the gateway, if any (a request sent, or sent and
 * never answered), read in the caller's transaction with the order locked.
 */
export async function openGatewayRefund(tx: Db, kind: string, orderId: number): Promise<{ id: number } | undefined> {
  const [row] = await tx
    .select({ id: paymentRefunds.id })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.orderKind, kind), eq(paymentRefunds.orderId, orderId), eq(paymentRefunds.status, 'REQUESTED')));
  return row;
}

/**
 * Claims the refund of a paid order for sending (docs/orders.md, "Refund through the gateway"), in
 * the caller's transaction with the order locked first: the gateway that took the payment must be
 * the one this server asks (7230 otherwise). A refund sent and not yet answered is sent again under
 * its number once its sending is over (the gateway's time-out passed); while it may still be
 * answered, 7232. Otherwise a new refund is recorded `REQUESTED`; the unique index keeps one per
 * order that is not `FAILED`, so of two at once one is sent.
 */
export async function claimGatewayRefund(
  tx: Db,
  config: PaymentConfig,
  payment: RefundedPayment,
  operator: { id: number; name: string },
  now: Date,
): Promise<RefundClaim> {
  const gateway = payment.paymentGateway;
  if (gateway !== config.gateway || !config.secrets[gateway] || !config.gatewayUrl)
    throw new AppError('swapOrderRefundGateway', { orderNo: payment.orderNo, gateway });
  const underWay = () => new AppError('swapOrderRefundUnderWay', { orderNo: payment.orderNo, gateway });
  const [open] = await tx
    .select()
    .from(paymentRefunds)
    .where(
      and(eq(paymentRefunds.orderKind, payment.kind), eq(paymentRefunds.orderId, payment.orderId), eq(paymentRefunds.status, 'REQUESTED')),
    );
  if (open) {
    // A sending still within the gateway's time-out may yet be answered.
    if (open.sentAt.getTime() > now.getTime() - config.timeoutMs - 1000) throw underWay();
    await tx.update(paymentRefunds).set({ sentAt: now }).where(eq(paymentRefunds.id, open.id));
    return { ...payment, amount: normalizeMoney(open.amount), id: open.id, refundNo: refundNoOf(open.id) };
  }
  const [row] = await tx
    .insert(paymentRefunds)
    .values({
      paymentGateway: gateway,
      transactionId: payment.transactionId,
      orderKind: payment.kind,
      orderNo: payment.orderNo,
      orderId: payment.orderId,
      merchantId: payment.merchantId,
      amount: payment.amount,
      currency: payment.currency,
      operatorId: operator.id,
      operatorName: operator.name,
      requestedAt: now,
      sentAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: paymentRefunds.id });
  if (!row) throw underWay();
  return { ...payment, id: row.id, refundNo: refundNoOf(row.id) };
}

const gatewayRefundAnswer = z.object({
  refundNo: z.string(),
  refundId: z.string().min(1).max(64),
  status: z.enum(['REFUNDED', 'FAILED']),
  reason: z.string().max(200).optional(),
});

/**
 * Sends a claimed refund to the gateway (outside any transaction), signed like a payment request:
 * `POST <gateway>/refunds` with the refund number, the order, the payment's transaction, the amount
 * and currency. The answer must be signed with the gateway's secret and name the refund; an
 * unreachable gateway or an error answer is 1009, an unsigned or garbled answer 1010. Either way the
 * refund stays `REQUESTED` (whether the gateway refunded is not known) and is sent again later under
 * the same number, which the gateway answers as the first time.
 */
export async function sendGatewayRefund(config: PaymentConfig, claim: RefundClaim, log: FastifyBaseLogger): Promise<RefundAnswer> {
  const gateway = claim.paymentGateway;
  const body = {
    paymentGateway: gateway,
    refundNo: claim.refundNo,
    orderNo: claim.orderNo,
    transactionId: claim.transactionId,
    amount: claim.amount,
    currency: claim.currency,
  };
  const about = { refund: { gateway, orderNo: claim.orderNo, refundNo: claim.refundNo } };
  const answer = await callGateway(
    config,
    config.secrets[gateway]!,
    '/refunds',
    body,
    gatewayRefundAnswer,
    { what: 'payment gateway refund', about, log },
    (a) => {
      if (a.refundNo !== claim.refundNo) throw new Error(`the answer names refund ${a.refundNo}`);
    },
  );
  return { status: answer.status, refundId: answer.refundId, reason: answer.reason ?? null };
}

/**
 * Records the gateway's answer to a refund in the caller's transaction (the order locked first), with
 * the audit row `payment.refundAnswer`; answers the refund as recorded. A refund answered meanwhile (the same
 * refund sent again by another request) keeps its first answer and writes nothing (`fresh` false).
 */
export async function settleGatewayRefund(ctx: Ctx, tx: Db, claim: RefundClaim, answer: RefundAnswer, now: Date): Promise<RecordedRefund> {
  const [row] = await tx
    .update(paymentRefunds)
    .set({ status: answer.status, gatewayRefundId: answer.refundId, reason: answer.reason, answeredAt: now })
    .where(and(eq(paymentRefunds.id, claim.id), eq(paymentRefunds.status, 'REQUESTED')))
    .returning({ id: paymentRefunds.id });
  if (!row) {
    const [settled] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.id, claim.id));
    return {
      status: settled?.status === 'REFUNDED' ? 'REFUNDED' : 'FAILED',
      refundId: settled?.gatewayRefundId ?? answer.refundId,
      reason: settled?.reason ?? null,
      fresh: false,
    };
  }
  await recordAudit(tx, ctx, {
    action: 'payment.refundAnswer',
    objectType: 'payment',
    objectId: claim.orderNo,
    changes: {
      orderNo: claim.orderNo,
      paymentGateway: claim.paymentGateway,
      transactionId: claim.transactionId,
      refundNo: claim.refundNo,
      refundId: answer.refundId,
      amount: claim.amount,
      currency: claim.currency,
      status: answer.status,
      ...(answer.reason ? { reason: answer.reason } : {}),
    },
  });
  return { ...answer, fresh: true };
}

/**
 * The gateway the demo's refunded orders were paid through and refunded by (the stand-in, which the
 * demo server asks: docs/orders.md, "Demo data"), and who refunded a demo merchant's orders (its demo
 * staff's user name).
 */
export const DEMO_GATEWAY = 'STANDIN';
export const DEMO_REFUNDERS: Readonly<Record<string, string>> = { 'Demo Agent': 'merchant', 'Siam Swap Direct': 'admin' };

/** A refunded order as its table holds it (the demo's gateway took its refund). */
export interface DemoRefundedOrder {
  kind: string;
  id: number;
  orderNo: string;
  merchantId: number;
  paymentGateway: string | null;
  transactionId: string | null;
  currency: Currency;
  refundedAt: Date | null;
}

/**
 * The refunds the gateway took of refunded demo orders, as the demo history records them (docs/orders.md,
 * "Demo"): one each, of `amountOf` the order, by `operatorName` when the order was refunded.
 */
export async function recordDemoGatewayRefunds<R extends DemoRefundedOrder>(
  db: Db,
  orders: readonly R[],
  amountOf: (order: R) => string,
  operatorName: string,
): Promise<void> {
  for (const order of orders) {
    const at = order.refundedAt!;
    const [row] = await db
      .insert(paymentRefunds)
      .values({
        paymentGateway: order.paymentGateway!,
        transactionId: order.transactionId!,
        orderKind: order.kind,
        orderNo: order.orderNo,
        orderId: order.id,
        merchantId: order.merchantId,
        amount: amountOf(order),
        currency: order.currency,
        status: 'REFUNDED',
        operatorName,
        requestedAt: at,
        sentAt: at,
        answeredAt: at,
      })
      .onConflictDoNothing()
      .returning({ id: paymentRefunds.id });
    if (row)
      await db
        .update(paymentRefunds)
        .set({ gatewayRefundId: `SR${at.getTime()}${row.id}` })
        .where(eq(paymentRefunds.id, row.id));
  }
}
