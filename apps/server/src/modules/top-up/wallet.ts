import { and, eq, gte, lte, sql } from 'drizzle-orm';
import {
  minorToMoney,
  moneyToMinor,
  normalizeMoney,
  walletApi,
  type Currency,
  type WalletAdjust,
  type WalletMovementKind,
  type WalletMovementRecord,
} from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../app/context.js';
import { AppError } from '../../app/errors.js';
import { fieldColumns, type CsvColumn } from '../../app/csv.js';
import { defineList } from '../../app/list.js';
import { recordAudit } from '../audit-log/index.js';
import { merchantCurrency } from '../currency/index.js';
import { assertCustomerOf } from '../customer/index.js';
import { merchantNameOf } from '../merchant/index.js';
import { walletMovements, wallets } from './top-up.table.js';

/** One change of a wallet: a signed amount (money in positive) and what caused it. */
export interface WalletMove {
  merchantId: number;
  customerId: string;
  kind: WalletMovementKind;
  amount: string;
  currency: Currency;
  reference?: string;
  operatorId?: number | null;
  operatorName?: string;
  remark?: string;
  at?: Date;
}

/** The largest balance numeric(13, 2) holds. */
const MAX_BALANCE_MINOR = 99_999_999_999_99;

/**
 * Applies a signed amount to a customer's wallet and writes its movement with the balance it left,
 * in the caller's transaction (docs/wallet.md). Money in opens the wallet; money out is taken by
 * one statement only while the balance covers it, so parallel payments never take it below 0
 * (7100 naming what it holds); a balance past the largest amount is refused (7102).
 */
export async function moveWallet(tx: Db, move: WalletMove): Promise<{ id: number; balanceAfter: string }> {
  const amount = normalizeMoney(move.amount);
  const key = and(eq(wallets.merchantId, move.merchantId), eq(wallets.customerId, move.customerId));
  const at = move.at ?? new Date();
  let balance: string | undefined;
  if (moneyToMinor(amount) >= 0) {
    const [row] = await tx
      .insert(wallets)
      .values({ merchantId: move.merchantId, customerId: move.customerId, balance: amount, updatedAt: at })
      .onConflictDoUpdate({
        target: [wallets.merchantId, wallets.customerId],
        set: { balance: sql`${wallets.balance} + ${amount}::numeric`, updatedAt: at },
        setWhere: sql`${wallets.balance} + ${amount}::numeric <= ${minorToMoney(MAX_BALANCE_MINOR)}::numeric`,
      })
      .returning({ balance: wallets.balance });
    if (!row) throw new AppError('walletBalanceTooLarge');
    balance = row.balance;
  } else {
    const [row] = await tx
      .update(wallets)
      .set({ balance: sql`${wallets.balance} + ${amount}::numeric`, updatedAt: at })
      .where(and(key, sql`${wallets.balance} + ${amount}::numeric >= 0`))
      .returning({ balance: wallets.balance });
    if (!row) {
      const [held] = await tx.select({ balance: wallets.balance }).from(wallets).where(key);
      throw new AppError('walletInsufficient', {
        customer: move.customerId,
        balance: `${normalizeMoney(held?.balance ?? '0')} ${move.currency}`,
        amount: `${amount.replace(/^-/, '')} ${move.currency}`,
      });
    }
    balance = row.balance;
  }
  const [movement] = await tx
    .insert(walletMovements)
    .values({
      merchantId: move.merchantId,
      customerId: move.customerId,
      kind: move.kind,
      amount,
      balanceAfter: balance,
      currency: move.currency,
      reference: move.reference ?? '',
      operatorId: move.operatorId ?? null,
      operatorName: move.operatorName ?? '',
      remark: move.remark ?? '',
      createdAt: at,
    })
    .returning({ id: walletMovements.id });
  return { id: movement!.id, balanceAfter: normalizeMoney(balance) };
}

/** What an order hands over to be paid from a wallet, or refunded to it. */
export type WalletCharge = Omit<WalletMove, 'kind' | 'amount'> & { amount: string };

/** Takes a payment (a positive amount) from the wallet, in the caller's transaction; 7100 when it does not hold it. */
export function payFromWallet(tx: Db, charge: WalletCharge) {
  return moveWallet(tx, { ...charge, kind: 'PAYMENT', amount: minorToMoney(-Math.abs(moneyToMinor(charge.amount))) });
}

/** Gives a refund (a positive amount) back to the wallet, in the caller's transaction. */
export function refundToWallet(tx: Db, charge: WalletCharge) {
  return moveWallet(tx, { ...charge, kind: 'REFUND', amount: minorToMoney(Math.abs(moneyToMinor(charge.amount))) });
}

/** The customer numbers whose wallet at the merchant holds money (the demo's orders are paid from them). */
export async function walletHoldersOf(db: Db, merchantId: number): Promise<string[]> {
  const rows = await db
    .select({ customerId: wallets.customerId })
    .from(wallets)
    .where(and(eq(wallets.merchantId, merchantId), sql`${wallets.balance} > 0`))
    .orderBy(wallets.customerId);
  return rows.map((row) => row.customerId);
}

interface Row {
  movement: typeof walletMovements.$inferSelect;
  merchantName: string | null;
}

/** Order centre → Wallet bill, newest first; a merchant's staff see their merchant's wallets only. */
export const walletBill = defineList({
  endpoint: walletApi.bill,
  table: walletMovements,
  id: walletMovements.id,
  select: { movement: walletMovements, merchantName: merchantNameOf(walletMovements.merchantId) },
  scope: (ctx: Ctx) => (ctx.principal.merchantId === null ? undefined : eq(walletMovements.merchantId, ctx.principal.merchantId)),
  filters: {
    customerId: (customer) => eq(walletMovements.customerId, customer),
    movementKind: (kind) => eq(walletMovements.kind, kind),
    merchantId: (merchantId) => eq(walletMovements.merchantId, merchantId),
    createdFrom: (from) => gte(walletMovements.createdAt, new Date(from)),
    createdTo: (to) => lte(walletMovements.createdAt, new Date(to)),
  },
  defaultOrder: () => ({ column: walletMovements.createdAt, direction: 'desc' }),
  count: 'exact',
  present: ({ movement: m, merchantName }: Row): WalletMovementRecord => ({
    id: m.id,
    merchantId: m.merchantId,
    merchantName,
    customerId: m.customerId,
    movementKind: m.kind,
    amount: normalizeMoney(m.amount),
    balanceAfter: normalizeMoney(m.balanceAfter),
    currency: m.currency,
    reference: m.reference,
    operatorName: m.operatorName,
    remark: m.remark,
    createdAt: m.createdAt.toISOString(),
  }),
});

export const WALLET_CSV_COLUMNS: CsvColumn<WalletMovementRecord>[] = fieldColumns([
  'id',
  'merchantName',
  'customerId',
  'movementKind',
  'amount',
  'currency',
  'balanceAfter',
  'reference',
  'operatorName',
  'remark',
  'createdAt',
]);

/** Staff correct a wallet by a signed amount with its reason; in the audit log as an edit of the wallet. */
export async function adjustWallet(ctx: Ctx, merchantId: number, input: WalletAdjust): Promise<number> {
  if (moneyToMinor(input.amount) === 0) throw new AppError('walletAdjustZero', undefined, { field: 'amount' });
  const currency = await merchantCurrency(ctx.db, merchantId);
  return ctx.db.transaction(async (tx) => {
    await assertCustomerOf(tx, merchantId, input.customerId);
    const moved = await moveWallet(tx, {
      merchantId,
      customerId: input.customerId,
      kind: 'ADJUSTMENT',
      amount: input.amount,
      currency,
      operatorId: ctx.principal.id,
      operatorName: ctx.principal.name || ctx.principal.username,
      remark: input.remark,
    });
    await recordAudit(tx, ctx, {
      action: 'wallet.edit',
      objectType: 'wallet',
      objectId: moved.id,
      changes: { customerId: input.customerId, amount: normalizeMoney(input.amount), remark: input.remark },
    });
    return moved.id;
  });
}
