import { foreignKey, index, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, integer, uniqueIndex } from 'drizzle-orm/pg-core';
import { CURRENCIES, MARKETING_TYPES, MONEY_PRECISION, WALLET_MOVEMENT_KINDS, type MarketingType } from '@swap/contracts';
import { merchantIdColumn } from '../merchant/index.js';

const amount = (name: string) => numeric(name, { precision: MONEY_PRECISION, scale: 2 }).notNull();

/** Each customer's wallet at a merchant: the balance every top-up adds to (docs/operation-centre.md, "Top-ups"). */
export const wallets = pgTable(
  'wallet',
  {
    merchantId: merchantIdColumn().notNull(),
    customerId: text('customer_id').notNull(),
    balance: amount('balance'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.customerId] })],
);

/** Wallet recharges made by staff, with the balance they left. */
export const topUps = pgTable(
  'top_up',
  {
    id: serial('id').primaryKey(),
    merchantId: merchantIdColumn().notNull(),
    customerId: text('customer_id').notNull(),
    paidAmount: amount('paid_amount'),
    giftAmount: amount('gift_amount'),
    marketingType: text('marketing_type', { enum: MARKETING_TYPES }).notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    balanceAfter: amount('balance_after'),
    operatorId: integer('operator_id'),
    operatorName: text('operator_name').notNull(),
    remark: text('remark').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('top_up_merchant_created_idx').on(t.merchantId, t.createdAt),
    index('top_up_created_idx').on(t.createdAt),
    index('top_up_customer_created_idx').on(t.customerId, t.createdAt),
    index('top_up_marketing_created_idx').on(t.marketingType, t.createdAt),
  ],
);

/**
 * Every movement of a wallet (docs/wallet.md): signed amount, the balance it left; written in the
 * transaction that changed the balance, so a wallet's movements add up to its balance.
 */
export const walletMovements = pgTable(
  'wallet_movement',
  {
    id: serial('id').primaryKey(),
    merchantId: merchantIdColumn().notNull(),
    customerId: text('customer_id').notNull(),
    kind: text('kind', { enum: WALLET_MOVEMENT_KINDS }).notNull(),
    amount: amount('amount'),
    balanceAfter: amount('balance_after'),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    reference: text('reference').notNull().default(''),
    operatorId: integer('operator_id'),
    operatorName: text('operator_name').notNull().default(''),
    remark: text('remark').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'wallet_movement_wallet_fk',
      columns: [t.merchantId, t.customerId],
      foreignColumns: [wallets.merchantId, wallets.customerId],
    }).onDelete('cascade'),
    index('wallet_movement_merchant_created_idx').on(t.merchantId, t.createdAt, t.id),
    index('wallet_movement_created_idx').on(t.createdAt, t.id),
    index('wallet_movement_customer_idx').on(t.customerId, t.createdAt, t.id),
    index('wallet_movement_kind_created_idx').on(t.kind, t.createdAt, t.id),
  ],
);

/** The wallet set (docs/wallet.md): one per merchant, the rules its top-ups are checked against. */
export const walletSettings = pgTable(
  'wallet_setting',
  {
    id: serial('id').primaryKey(),
    merchantId: merchantIdColumn().notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    minTopUp: amount('min_top_up'),
    marketingTypes: jsonb('marketing_types').$type<MarketingType[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wallet_setting_key').on(t.merchantId), index('wallet_setting_created_idx').on(t.createdAt)],
);
