import type { FastifyBaseLogger } from 'fastify';
import { and, eq, getTableName, gte, inArray, like, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  moneyToMinor,
  normalizeMoney,
  orderStepAllowed,
  UNPAID_ORDER_STATUSES,
  WALLET_GATEWAY,
  type AuditAction,
  type AnyOrderStatus,
  type AuditObject,
  type Currency,
  type StepTable,
} from '@swap/contracts';
import type { Db } from '../db/client.js';
import { recordAudit } from '../modules/audit-log/index.js';
import { customerIdsByNumber, customerJoin, customerNumberOf } from '../modules/customer/index.js';
import { merchantNameOf } from '../modules/merchant/index.js';
import {
  claimGatewayRefund,
  openGatewayRefund,
  sendGatewayRefund,
  settleGatewayRefund,
  type OrderPaymentMark,
  type PayableKind,
  type RefundClaim,
} from '../modules/payment/index.js';
import { refundToWallet } from '../modules/top-up/index.js';
import type { PaymentConfig } from './config.js';
import type { Ctx } from './context.js';
import { AppError, notFound, worded } from './errors.js';
import { prefixPattern } from './pagination.js';

/** The row every order kind's table holds (docs/orders.md, "One kit for the order kinds"). */
export interface OrderRow {
  id: number;
  orderNo: string;
  kind: string;
  merchantId: number;
  customerId: number;
  currency: Currency;
  status: AnyOrderStatus;
  paymentGateway: string | null;
  transactionId: string | null;
  paidAt: Date | null;
  cancelledAt: Date | null;
  refundedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A listed order: its row with its merchant's name and its customer's number and name (the kit's list select). */
export interface ListedOrder<Row extends OrderRow> {
  order: Row;
  merchantName: string | null;
  customerNumber: string;
  givenName: string;
  familyName: string;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * What every order kind's record shows alike (docs/orders.md, "One kit for the order kinds"): the
 * order, its merchant and customer, currency and status, the payment and the times; a kind's
 * presenter adds its own fields.
 */
export function orderRecordOf<Row extends OrderRow>({ order: o, merchantName, customerNumber, givenName, familyName }: ListedOrder<Row>) {
  return {
    id: o.id,
    orderNo: o.orderNo,
    kind: o.kind as Row['kind'],
    merchantId: o.merchantId,
    merchantName,
    customerId: o.customerId,
    customerNumber,
    customerName: `${givenName} ${familyName}`.trim(),
    currency: o.currency,
    status: o.status as Row['status'],
    paymentGateway: o.paymentGateway,
    transactionId: o.transactionId,
    paidAt: iso(o.paidAt),
    cancelledAt: iso(o.cancelledAt),
    refundedAt: iso(o.refundedAt),
    createdAt: o.createdAt.toISOString(),
  };
}

/** An order kind's table: the shared columns under their shared names. */
export type OrderTable = PgTable & {
  id: PgColumn;
  orderNo: PgColumn;
  kind: PgColumn;
  merchantId: PgColumn;
  customerId: PgColumn;
  status: PgColumn;
  createdAt: PgColumn;
  $inferSelect: OrderRow;
};

/** What a staff step writes beside the new status, and tells the audit row. */
export interface StepDone<Row> {
  set?: Partial<Row>;
  changes?: Record<string, unknown>;
}

/** Who asked for a refund (the wallet's movements and the gateway's refund name them). */
export interface RefundOperator {
  id: number;
  name: string;
}

/**
 * What a kind's refund does beside giving the money back (docs/orders.md, "Refunds"); each runs with
 * the order locked first, in the transaction it names.
 */
export interface RefundOf<Row> {
  /** What the order took, in its currency: what goes back. */
  amount: (row: Row) => string;
  /**
   * Takes back what the paid order gave (a top-up's credit, a package's swaps), or refuses in the
   * kind's words; in the transaction that claims the refund, before any money moves.
   */
  takeBack?: (tx: Db, row: Row, now: Date, operator: RefundOperator) => Promise<unknown>;
  /** Puts back what `takeBack` took when the gateway refuses the refund. */
  giveBack?: (tx: Db, row: Row, now: Date, operator: RefundOperator) => Promise<unknown>;
  /** What the refunded order does to its devices, in the transaction that makes it REFUNDED. */
  refunded?: (tx: Db, row: Row, now: Date) => Promise<StepDone<Row>> | StepDone<Row>;
}

export interface OrderKindDef<T extends OrderTable, K extends string> {
  table: T;
  /** The kinds the table holds, each with its order numbers' prefix (the payment finds the kind by it) and its audit object. */
  kinds: Record<K, { prefix: string; audit: AuditObject }>;
  steps: StepTable<AnyOrderStatus>;
  /** What an unpaid order owes: the row's amount column. */
  amountDue: (row: T['$inferSelect']) => string;
  /** Told of each order marked paid, in the payment's transaction (the dashboard counts a sale: docs/dashboard.md). */
  paid?: (tx: Db, row: T['$inferSelect'], at: Date) => Promise<unknown>;
}

/**
 * The parts every order kind paid once shares (docs/orders.md, "One kit for the order kinds"): the
 * tenant scope, the order number, the row locked for a step and the step checked against the kind's
 * state table (7050), staff steps in one transaction with their audit row, the payment's start and
 * mark (the same gateway transaction twice changes nothing), the payable look-up-and-lock the
 * payment module registers, and the job's timeout of unpaid orders.
 */
export function orderKind<T extends OrderTable, K extends string>(def: OrderKindDef<T, K>) {
  type Row = T['$inferSelect'];
  const table: PgTable = def.table;
  const t = def.table;

  /** A kind's orders in the caller's tenant (platform staff: every tenant's). */
  const scope =
    (kind: K) =>
    (ctx: Pick<Ctx, 'principal'>): SQL | undefined =>
      and(eq(t.kind, kind), ctx.principal.merchantId === null ? undefined : eq(t.merchantId, ctx.principal.merchantId));

  /** The next order's id and number: the kind's prefix, the day it was placed and its id. */
  async function nextOrder(tx: Db, kind: K, now: Date): Promise<{ id: number; orderNo: string }> {
    const next = await tx.execute<{ id: number }>(sql`select nextval(pg_get_serial_sequence(${getTableName(table)}, 'id'))::int as id`);
    const id = (next as { rows: { id: number }[] }).rows[0]!.id;
    return { id, orderNo: `${def.kinds[kind].prefix}${now.toISOString().slice(0, 10).replaceAll('-', '')}${String(id).padStart(6, '0')}` };
  }

  /** 7050 when the kind's state table does not let the step start from the order's status. */
  function refuseStep(step: string, row: Pick<OrderRow, 'status'>): void {
    if (!orderStepAllowed(def.steps, step, row.status))
      throw new AppError('orderStepRefused', { status: worded('deviceOrder.status', row.status) });
  }

  /** The first order the condition finds, locked. */
  async function selectLocked(tx: Db, where: SQL | undefined): Promise<Row | undefined> {
    const rows = (await tx.select().from(table).where(where).for('update')) as Row[];
    return rows[0];
  }

  /** The order of the kind, locked; with `ctx`, only in the caller's tenant (another tenant's is not found). */
  async function lock(tx: Db, kind: K, id: number, ctx?: Pick<Ctx, 'principal'>): Promise<Row> {
    const row = await selectLocked(tx, and(eq(t.id, id), ctx ? scope(kind)(ctx) : eq(t.kind, kind)));
    if (!row) throw notFound();
    return row;
  }

  /** Writes a locked order's change; the fields are the kind's own columns. */
  async function update(tx: Db, id: number, set: Partial<Row>): Promise<void> {
    // drizzle cannot relate the fields to a table given as a type parameter.
    await tx.update(table).set(set).where(eq(t.id, id));
  }

  /**
   * A staff step, in one transaction with the order locked first (of two at once one steps, the
   * other is refused): the step checked, `apply` run (its extra fields written with the new status),
   * the audit row `<kind>.<step>` with the status change.
   */
  async function staffStep(
    ctx: Ctx,
    kind: K,
    id: number,
    step: string,
    apply: (tx: Db, row: Row, now: Date) => StepDone<Row> | Promise<StepDone<Row>> = () => ({}),
  ): Promise<void> {
    await ctx.db.transaction(async (tx) => {
      const row = await lock(tx, kind, id, ctx);
      refuseStep(step, row);
      const now = new Date();
      const to = def.steps[step]!.to;
      const done = await apply(tx, row, now);
      await update(tx, id, { status: to, updatedAt: now, ...done.set } as Partial<Row>);
      await recordAudit(tx, ctx, {
        action: `${def.kinds[kind].audit}.${step}` as AuditAction,
        objectType: def.kinds[kind].audit,
        objectId: id,
        changes: { orderNo: row.orderNo, ...done.changes, status: { from: row.status, to } },
      });
    });
  }

  /**
   * The audited step that makes an order REFUNDED: the kind's own part, the status, the time and the
   * audit row, worded by the way the money went back (`<kind>Order.refund` to the wallet,
   * `<kind>Order.refundGateway` through the gateway).
   */
  async function markRefunded(
    ctx: Ctx,
    tx: Db,
    kind: K,
    row: Row,
    now: Date,
    how: RefundOf<Row>,
    via: 'wallet' | 'gateway',
    changes: Record<string, unknown>,
  ): Promise<void> {
    const done = (await how.refunded?.(tx, row, now)) ?? {};
    await update(tx, row.id, { status: 'REFUNDED', refundedAt: now, updatedAt: now, ...done.set } as Partial<Row>);
    await recordAudit(tx, ctx, {
      action: `${def.kinds[kind].audit}.${via === 'wallet' ? 'refund' : 'refundGateway'}` as AuditAction,
      objectType: def.kinds[kind].audit,
      objectId: row.id,
      changes: { orderNo: row.orderNo, ...changes, ...done.changes, status: { from: row.status, to: 'REFUNDED' } },
    });
  }

  /**
   * Staff refund a paid order the way it was paid (docs/orders.md, "Refunds"): the kind's state
   * table must let the refund step start from its status (7050), and it must have taken something
   * (7231). Paid from the wallet, in one transaction with the order locked first: the kind takes
   * back what the order gave, a REFUND movement gives the money back to the wallet, the order is
   * REFUNDED (of two refunds at once one refunds, the other finds it refunded). Paid through a
   * gateway: the kind takes back what the order gave and the refund is claimed in one transaction
   * (one refund not failed per order: a unique index), sent outside it, and its answer recorded with
   * the order locked first: refunded makes the order REFUNDED, refused puts back what was taken
   * (7233). A refund sent and never answered is sent again under its number, whatever the order's
   * status meanwhile.
   */
  async function refund(ctx: Ctx, kind: K, id: number, payments: PaymentConfig, log: FastifyBaseLogger, how: RefundOf<Row>): Promise<void> {
    const operator = { id: ctx.principal.id, name: ctx.principal.name || ctx.principal.username };
    const claim = await ctx.db.transaction(async (tx): Promise<RefundClaim | null> => {
      const row = await lock(tx, kind, id, ctx);
      const now = new Date();
      const amount = normalizeMoney(how.amount(row));
      const payment = {
        kind,
        orderId: id,
        orderNo: row.orderNo,
        merchantId: row.merchantId,
        paymentGateway: row.paymentGateway ?? '',
        transactionId: row.transactionId ?? '',
        amount,
        currency: row.currency,
      };
      // A refund sent and never answered is sent again (its taking back was done when it was claimed).
      if (await openGatewayRefund(tx, kind, id)) return claimGatewayRefund(tx, payments, payment, operator, now);
      refuseStep('refund', row);
      if (row.paymentGateway === null || moneyToMinor(amount) === 0)
        throw new AppError('swapOrderRefundNothingPaid', { orderNo: row.orderNo });
      await how.takeBack?.(tx, row, now, operator);
      if (row.paymentGateway !== WALLET_GATEWAY) return claimGatewayRefund(tx, payments, payment, operator, now);
      await refundToWallet(tx, {
        merchantId: row.merchantId,
        customerId: await customerNumberOf(tx, row.customerId),
        amount,
        currency: row.currency,
        reference: row.orderNo,
        operatorId: operator.id,
        operatorName: operator.name,
        at: now,
      });
      await markRefunded(ctx, tx, kind, row, now, how, 'wallet', { amount });
      return null;
    });
    if (!claim) return;
    const answer = await sendGatewayRefund(payments, claim, log);
    const settled = await ctx.db.transaction(async (tx) => {
      const row = await lock(tx, kind, claim.orderId, ctx);
      const now = new Date();
      const recorded = await settleGatewayRefund(ctx, tx, claim, answer, now);
      // The money went back: also when the order job settled the order while the gateway answered.
      if (recorded.status === 'REFUNDED' && (row.status === 'PAID' || row.status === 'COMPLETED'))
        await markRefunded(ctx, tx, kind, row, now, how, 'gateway', {
          amount: claim.amount,
          paymentGateway: claim.paymentGateway,
          refundNo: claim.refundNo,
          refundId: recorded.refundId,
        });
      if (recorded.status === 'FAILED' && recorded.fresh) await how.giveBack?.(tx, row, now, operator);
      return recorded;
    });
    if (settled.status === 'FAILED')
      throw new AppError('paymentRefundRefused', {
        gateway: claim.paymentGateway,
        orderNo: claim.orderNo,
        reason: settled.reason ?? settled.refundId,
      });
  }

  /** Staff cancel an unpaid order (audited). */
  const cancel = (ctx: Ctx, kind: K, id: number) =>
    staffStep(ctx, kind, id, 'cancel', (_tx, _row, now) => ({ set: { cancelledAt: now } as Partial<Row> }));

  /** The customer began paying (the gateway took the request): REGISTERED becomes IN_PROGRESS; once only. */
  async function startPayment(tx: Db, orderId: number): Promise<{ applied: boolean }> {
    const rows = await tx
      .update(table)
      .set({ status: 'IN_PROGRESS', updatedAt: new Date() })
      .where(and(eq(t.id, orderId), eq(t.status, 'REGISTERED')))
      .returning({ id: t.id });
    return { applied: rows.length > 0 };
  }

  /**
   * Marks an order paid by a gateway, in the caller's transaction (the payment callback's): the
   * amount must be what it owes (7059), the order unpaid (7050). The same gateway transaction again
   * changes nothing (`applied` false).
   */
  async function markPaid(db: Db, payment: OrderPaymentMark): Promise<{ applied: boolean }> {
    return db.transaction(async (tx) => {
      const row = await selectLocked(tx, eq(t.id, payment.orderId));
      if (!row) throw notFound();
      if (row.status === 'PAID' && row.paymentGateway === payment.paymentGateway && row.transactionId === payment.transactionId)
        return { applied: false };
      refuseStep('pay', row);
      if (!/^\d{1,11}(\.\d{1,2})?$/.test(payment.amount) || normalizeMoney(payment.amount) !== normalizeMoney(def.amountDue(row)))
        throw new AppError('orderPaymentInvalid');
      const at = payment.at ?? new Date();
      await update(tx, row.id, {
        status: 'PAID',
        paymentGateway: payment.paymentGateway,
        transactionId: payment.transactionId,
        paidAt: at,
        updatedAt: new Date(),
      } as Partial<Row>);
      await def.paid?.(tx, row, at);
      return { applied: true };
    });
  }

  /**
   * How a kind is paid (docs/orders.md, "Paying an order"): the order looked up by its number and
   * locked; an order in a status the pay step starts from owes `amountDue`.
   */
  function payable(kind: K, how: { menuCode: string; markPaid?: PayableKind['markPaid']; start?: PayableKind['start'] }): PayableKind {
    return {
      kind,
      prefix: def.kinds[kind].prefix,
      menuCode: how.menuCode,
      statusWords: 'deviceOrder.status',
      payCode: `${how.menuCode}.pay`,
      lockByNo: async (tx, orderNo) => {
        const row = await selectLocked(tx, and(eq(t.orderNo, orderNo), eq(t.kind, kind)));
        if (!row) return null;
        return {
          orderId: row.id,
          orderNo: row.orderNo,
          merchantId: row.merchantId,
          currency: row.currency,
          amountDue: orderStepAllowed(def.steps, 'pay', row.status) ? normalizeMoney(def.amountDue(row)) : null,
          status: row.status,
        };
      },
      start: how.start ?? startPayment,
      markPaid: how.markPaid ?? markPaid,
    };
  }

  /** The job's part: unpaid orders placed `hours` or more before `now` are TIMEOUT_CANCELLED; a second run changes nothing. */
  async function timeOut(tx: Db, now: Date, hours: number): Promise<number> {
    const rows = await tx
      .update(table)
      .set({ status: 'TIMEOUT_CANCELLED', cancelledAt: now, updatedAt: now })
      .where(and(inArray(t.status, UNPAID_ORDER_STATUSES), lte(t.createdAt, new Date(now.getTime() - hours * 3600_000))))
      .returning({ id: t.id });
    return rows.length;
  }

  const customer = customerJoin(t.customerId);

  /**
   * What every order list declares alike (defineList, docs/adding-a-resource.md): the table, the
   * row with its merchant's name and its customer's number and name, the customer join, the newest
   * first and a capped count; a kind adds its own columns, joins and filters.
   */
  const list = {
    table,
    id: t.id,
    select: {
      order: def.table,
      merchantName: merchantNameOf(t.merchantId),
      customerNumber: customer.customerNumber,
      givenName: customer.givenName,
      familyName: customer.familyName,
    },
    join: customer.join,
    defaultOrder: () => ({ column: t.createdAt, direction: 'desc' as const }),
    count: 'capped' as const,
  };

  /** The filters every order list has (contracts' orderSearchOf). */
  const filters = {
    orderNo: (number: string) => like(t.orderNo, prefixPattern(number)),
    customerNumber: (number: string, ctx: Ctx) => inArray(t.customerId, customerIdsByNumber(ctx.db, number, ctx.principal.merchantId)),
    status: (status: AnyOrderStatus) => eq(t.status, status),
    merchantId: (merchantId: number) => eq(t.merchantId, merchantId),
    createdFrom: (from: string) => gte(t.createdAt, new Date(from)),
    createdTo: (to: string) => lte(t.createdAt, new Date(to)),
  };

  return { scope, nextOrder, refuseStep, lock, update, staffStep, cancel, refund, startPayment, markPaid, payable, timeOut, list, filters };
}
