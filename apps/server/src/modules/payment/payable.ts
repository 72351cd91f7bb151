import type { Currency, EnumGroup } from '@swap/contracts';
import type { Db } from '../../db/client.js';

/**
 * An order a payment is for, as its kind reads it (docs/orders.md, "Paying an order"): who it
 * belongs to, its currency and what a payment must bring now.
 */
export interface PayableOrder {
  orderId: number;
  orderNo: string;
  merchantId: number;
  currency: Currency;
  /** What a payment must bring now, exact text with two decimals; null when the order takes no payment now. */
  amountDue: string | null;
  /** The order's status, a value of its kind's `statusWords` (a refusal names it in the caller's words). */
  status: string;
}

/** A payment the gateway reported, as the order's kind marks it. */
export interface OrderPaymentMark {
  orderId: number;
  paymentGateway: string;
  transactionId: string;
  /** Exact decimal text in the order's currency. */
  amount: string;
  at?: Date;
}

/**
 * How one kind of order is paid: each order module declares it and the module registry
 * (modules/index.ts) registers it once at start-up. The payment module never imports an order
 * module: it finds the kind by the order number's prefix.
 */
export interface PayableKind {
  /** The kind's name, as payments and logs name it: product, vehicle, battery, recharge, … */
  kind: string;
  /** The order numbers' prefix (PO, VO, BO, …): unique among the kinds. */
  prefix: string;
  /**
   * The action code staff need to ask the gateway to take an order's payment (order.product.pay);
   * without one, staff cannot ask for this kind (its payments come from the customer's side only).
   */
  payCode?: string;
  /** The menu code staff need to see an order of the kind (order.product): it shows them its payment requests and reports. */
  menuCode: string;
  /** The enumeration group the kind's statuses are worded in (productOrder.status, deviceOrder.status). */
  statusWords: EnumGroup;
  /** Reads the order with this number and locks its row in the caller's transaction; null when no order of the kind has it. */
  lockByNo: (tx: Db, orderNo: string) => Promise<PayableOrder | null>;
  /** The customer began paying (the gateway took the payment request), in the caller's transaction. */
  start?: (tx: Db, orderId: number) => Promise<{ applied: boolean }>;
  /** Marks the payment in the caller's transaction; the same gateway transaction twice changes nothing (`applied` false). */
  markPaid: (tx: Db, payment: OrderPaymentMark) => Promise<{ applied: boolean }>;
}

const kinds = new Map<string, PayableKind>();

/** Registers how a kind of order is paid; a second kind with a taken name or prefix is a start-up error. */
export function registerPayableKind(kind: PayableKind): void {
  if (kinds.get(kind.kind) === kind) return;
  if (!/^[A-Z]{2,4}$/.test(kind.prefix)) throw new Error(`payable kind ${kind.kind}: prefix ${kind.prefix} is not 2–4 capital letters`);
  for (const known of kinds.values()) {
    if (known.kind === kind.kind || known.prefix.startsWith(kind.prefix) || kind.prefix.startsWith(known.prefix))
      throw new Error(`payable kind ${kind.kind} (${kind.prefix}) clashes with ${known.kind} (${known.prefix})`);
  }
  kinds.set(kind.kind, kind);
}

/** The kind whose prefix starts the order number, or undefined. */
export function payableKindOf(orderNo: string): PayableKind | undefined {
  for (const kind of kinds.values()) if (orderNo.startsWith(kind.prefix)) return kind;
  return undefined;
}

/** The kinds registered, in the order they were. */
export function payableKinds(): PayableKind[] {
  return [...kinds.values()];
}
