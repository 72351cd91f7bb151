import { boolean, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { BILLING_MODES, CURRENCIES, MARKETING_TYPES, MONEY_PRECISION } from '@swap/contracts';
import { areaIdColumn } from '../area/index.js';
import { deviceTypeIdColumn } from '../device-type/index.js';
import { merchantIdColumn } from '../merchant/index.js';

const amount = (name: string) => numeric(name, { precision: MONEY_PRECISION, scale: 2 }).notNull();

/** The columns every price setting has: its agent, city, whether it is offered and the agent's currency. */
const common = () => ({
  id: serial('id').primaryKey(),
  merchantId: merchantIdColumn().notNull(),
  cityId: areaIdColumn('city_id', 'restrict').notNull(),
  enabled: boolean('enabled').notNull(),
  currency: text('currency', { enum: CURRENCIES }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One setting per agent, city and the kind's own key (the unique key refuses a second, also when two
 * saves race); the list's orders (an agent's newest first, every agent's newest first) and the city.
 */
type Indexed = Parameters<ReturnType<typeof index>['on']>[0];

function indexes(table: string, t: Record<'merchantId' | 'cityId' | 'createdAt', Indexed>, key: Indexed) {
  return [
    uniqueIndex(`${table}_key`).on(t.merchantId, t.cityId, key),
    index(`${table}_merchant_created_idx`).on(t.merchantId, t.createdAt),
    index(`${table}_created_idx`).on(t.createdAt),
    index(`${table}_city_idx`).on(t.cityId),
  ];
}

/** Price settings (docs/operation-centre.md, "Price settings"): amounts exact in the agent's currency. */
export const batteryPrices = pgTable(
  'battery_price',
  {
    ...common(),
    batteryTypeId: deviceTypeIdColumn('battery_type_id').notNull(),
    deposit: amount('deposit'),
    rentPerCycle: amount('rent_per_cycle'),
    cycleDays: integer('cycle_days').notNull(),
  },
  (t) => [...indexes('battery_price', t, t.batteryTypeId), index('battery_price_battery_type_idx').on(t.batteryTypeId)],
);

export const consumerPrices = pgTable(
  'consumer_price',
  { ...common(), billingMode: text('billing_mode', { enum: BILLING_MODES }).notNull(), unitPrice: amount('unit_price') },
  (t) => indexes('consumer_price', t, t.billingMode),
);

export const packagePrices = pgTable(
  'package_price',
  {
    ...common(),
    name: text('name').notNull(),
    swaps: integer('swaps').notNull(),
    price: amount('price'),
    validityDays: integer('validity_days').notNull(),
  },
  (t) => indexes('package_price', t, t.name),
);

export const rechargeSettings = pgTable(
  'recharge_setting',
  {
    ...common(),
    paidAmount: amount('paid_amount'),
    giftAmount: amount('gift_amount'),
    marketingType: text('marketing_type', { enum: MARKETING_TYPES }).notNull(),
  },
  (t) => indexes('recharge_setting', t, t.paidAmount),
);
