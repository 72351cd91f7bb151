import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { pageQuerySchema, pageSchema } from '../envelope.js';
import { cleanString, id, safeText } from '../validation.js';

/**
 * What every kind of order placed for a customer shares (docs/orders.md, "One kit for the order
 * kinds"): the six states, the step table built from them, the list filters and the calls every kind
 * has (list, detail, cancel, export). Vehicle, battery, recharge, package, transfer and energy orders
 * are built from these; product orders keep their own states but check steps the same way.
 */
export const ORDER_STATUSES = ['REGISTERED', 'IN_PROGRESS', 'PAID', 'COMPLETED', 'CANCELLED', 'TIMEOUT_CANCELLED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * The six states and REFUNDED: a paid order whose payment went back to the customer's wallet, the
 * state a kind with a refund step adds (transfer and energy orders, docs/orders.md, "Refund"). A
 * refunded order is not a cancelled one: it was charged and paid, then given back.
 */
export const REFUNDABLE_ORDER_STATUSES = [...ORDER_STATUSES, 'REFUNDED'] as const;
/** A state of any order kind paid once (the kit's rows hold one of these). */
export type AnyOrderStatus = (typeof REFUNDABLE_ORDER_STATUSES)[number];

/** What a payment from the customer's wallet names as its gateway, whatever the kind of order (docs/wallet.md, "Paying from the wallet"). */
export const WALLET_GATEWAY = 'WALLET';
/** The transaction id of a payment from the wallet: `W` and the wallet movement's id, for every kind of order. */
export const walletTransactionId = (movementId: number): string => `W${movementId}`;

/**
 * Whether staff may refund an order now (docs/orders.md, "Refunds"): its kind's state table lets the
 * refund step start from its status, and it took a payment (from the wallet, refunded to it, or
 * through a payment gateway, refunded through it); the server refuses the others (7050, 7231) and a
 * gateway it cannot ask (7230).
 */
export function orderRefundable(steps: StepTable, order: { status: string; paymentGateway: string | null }, amount: string): boolean {
  return 'refund' in steps && orderStepAllowed(steps, 'refund', order.status) && order.paymentGateway !== null && Number(amount) > 0;
}

/** Whether an order's refund goes back through its payment gateway (else to the customer's wallet). */
export const refundsThroughGateway = (order: { paymentGateway: string | null }): boolean =>
  order.paymentGateway !== null && order.paymentGateway !== WALLET_GATEWAY;

/** The states in which an order still waits for its payment (a payment, a cancel or the timeout may take it). */
export const UNPAID_ORDER_STATUSES = ['REGISTERED', 'IN_PROGRESS'] as const satisfies readonly OrderStatus[];

/** A state machine: each step with the statuses it may start from and the one it leads to. */
export type StepTable<S extends string = string> = Readonly<Record<string, { readonly from: readonly S[]; readonly to: S }>>;

/** Whether a step of a state table may start from a status; any other step from any other status is refused. */
export function orderStepAllowed<T extends StepTable>(table: T, step: keyof T, status: string): boolean {
  return table[step]!.from.includes(status);
}

/**
 * The step table of an order paid once: the payment starts and pays it (from REGISTERED or
 * IN_PROGRESS), staff cancel it and the job times it out while unpaid, and `finish` (hand-over,
 * complete) makes a paid order COMPLETED.
 */
export function paidOnceSteps<const Finish extends string>(finish: Finish) {
  return {
    start: { from: ['REGISTERED'], to: 'IN_PROGRESS' },
    pay: { from: UNPAID_ORDER_STATUSES, to: 'PAID' },
    cancel: { from: UNPAID_ORDER_STATUSES, to: 'CANCELLED' },
    timeout: { from: UNPAID_ORDER_STATUSES, to: 'TIMEOUT_CANCELLED' },
    ...({ [finish]: { from: ['PAID'] as const, to: 'COMPLETED' as const } } as Record<
      Finish,
      { from: readonly ['PAID']; to: 'COMPLETED' }
    >),
  } as const;
}

const isoTime = z.iso.datetime({ offset: true });

/** The filters every order list has, and a kind's own beside them; a kind with more states names them. */
export function orderSearchOf<
  const Extra extends z.ZodRawShape,
  const S extends readonly [AnyOrderStatus, ...AnyOrderStatus[]] = typeof ORDER_STATUSES,
>(extra: Extra, statuses: S = ORDER_STATUSES as unknown as S) {
  return pageQuerySchema.extend({
    orderNo: safeText(32).optional(),
    customerNumber: safeText(32).optional(),
    ...extra,
    status: z.enum(statuses).optional(),
    merchantId: id.optional(),
    createdFrom: isoTime.optional(),
    createdTo: isoTime.optional(),
  });
}

/** A customer's or a device's number as staff type it when placing an order: letters, digits, `_` and `-`. */
export const orderCode = (max: number) =>
  cleanString()
    .trim()
    .min(1, { message: 'validation.required' })
    .max(max, { message: 'validation.codeFormat' })
    .regex(/^[A-Za-z0-9_-]+$/, { message: 'validation.codeFormat' });

/** The detail address's id. */
export const orderDetailId = z.coerce.number().int().min(1).max(2_147_483_647);

const SORTABLE = ['createdAt', 'orderNo'] as const;

/**
 * The calls every order kind has under its address (`/order/<kind>`) and menu code: the list
 * (`search`), the detail (query `detail`, by default its id), cancel, refund (a kind whose state table has the
 * refund step serves it) and the CSV export.
 */
export function orderEndpointsOf<
  const Base extends string,
  const Menu extends string,
  Rec extends z.ZodType,
  Search extends z.ZodObject,
  Detail extends z.ZodObject = z.ZodObject<{ id: typeof orderDetailId }>,
>(def: { base: Base; menu: Menu; record: Rec; search: Search; detail?: Detail }) {
  const { base, menu, record, search } = def;
  return {
    search: endpoint({
      method: 'POST',
      path: `${base}/search`,
      access: { code: menu },
      body: search,
      answer: pageSchema(record),
      sortable: SORTABLE,
    }),
    detail: endpoint({
      method: 'GET',
      path: `${base}/detail`,
      access: { code: menu },
      query: (def.detail ?? z.object({ id: orderDetailId })) as Detail,
      answer: record,
    }),
    cancel: endpoint({
      method: 'POST',
      path: `${base}/cancel`,
      access: { code: `${menu}.cancel` },
      body: z.object({ id }),
      answer: record,
    }),
    refund: endpoint({
      method: 'POST',
      path: `${base}/refund`,
      access: { code: `${menu}.refund` },
      body: z.object({ id }),
      answer: record,
      summary: "Gives a paid order's money back the way it was paid: to the customer's wallet or through the payment gateway",
    }),
    export: endpoint({
      method: 'POST',
      path: `${base}/export`,
      access: { code: `${menu}.export` },
      body: search,
      sortable: SORTABLE,
      answer: 'csv',
    }),
  };
}
