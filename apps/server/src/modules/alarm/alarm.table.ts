import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  ALARM_DEVICE_KINDS,
  ALARM_KINDS,
  ALARM_LEVELS,
  ALARM_PARAMETERS,
  ALARM_RECORD_PARAMETERS,
  BUSINESS_CONDITIONS,
  type AlarmNotification,
} from '@swap/contracts';
import { merchantIdColumn } from '../merchant/index.js';
import { accountIdColumn } from '../account/index.js';
import { deviceTypeIdColumn } from '../device-type/index.js';

/** The three alarm levels (one row each, added at set-up): colour, sound, webhook and label in every language. */
export const alarmLevels = pgTable('alarm_level', {
  level: text('level', { enum: ALARM_LEVELS }).primaryKey(),
  colour: text('colour').notNull(),
  sound: boolean('sound').notNull(),
  webhookUrl: text('webhook_url').notNull().default(''),
  /** The key its webhook's deliveries are signed with (docs/alarms.md, "Webhooks"): answered once, never listed. */
  webhookKey: text('webhook_key').notNull().default(''),
  labelEn: text('label_en').notNull(),
  labelIn: text('label_in').notNull(),
  labelTh: text('label_th').notNull(),
  labelZh: text('label_zh').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Device alarm rules: the platform's (merchant_id null) watch every device, a merchant's its own (docs/alarms.md). */
export const alarmRules = pgTable(
  'alarm_rule',
  {
    id: serial('id').primaryKey(),
    merchantId: merchantIdColumn(),
    alarmKind: text('kind', { enum: ALARM_DEVICE_KINDS }).notNull(),
    deviceTypeId: deviceTypeIdColumn('device_type_id'),
    parameter: text('parameter', { enum: ALARM_PARAMETERS }).notNull(),
    rangeFrom: doublePrecision('range_from'),
    rangeTo: doublePrecision('range_to'),
    holdSeconds: integer('hold_seconds').notNull().default(0),
    clearMargin: doublePrecision('clear_margin').notNull().default(0),
    level: text('level', { enum: ALARM_LEVELS }).notNull(),
    content: text('content').notNull(),
    notifications: jsonb('notifications').$type<AlarmNotification[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('alarm_rule_merchant_idx').on(t.merchantId, t.createdAt)],
);

/**
 * Business alarm rules (docs/alarms.md, "Business rules"): a condition over what the business
 * records, its threshold and window; the platform's watch every tenant, a merchant's its own.
 */
export const alarmBusinessRules = pgTable(
  'alarm_business_rule',
  {
    id: serial('id').primaryKey(),
    merchantId: merchantIdColumn(),
    businessCondition: text('condition', { enum: BUSINESS_CONDITIONS }).notNull(),
    threshold: integer('threshold').notNull(),
    windowMinutes: integer('window_minutes'),
    level: text('level', { enum: ALARM_LEVELS }).notNull(),
    content: text('content').notNull(),
    notifications: jsonb('notifications').$type<AlarmNotification[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('alarm_business_rule_merchant_idx').on(t.merchantId, t.createdAt)],
);

/** What evaluation keeps of an alarm: PENDING while its condition has not held long enough (not shown). */
export const ALARM_ROW_STATES = ['PENDING', 'OPEN', 'ACKNOWLEDGED', 'CLEARED'] as const;

/**
 * Alarms raised by the rules: one row per device and rule while not cleared (a unique index), so
 * a condition reported again updates its alarm instead of raising another; kept after clearing.
 */
export const alarms = pgTable(
  'alarm',
  {
    id: serial('id').primaryKey(),
    /** The device's owner when the alarm opened: who sees it. */
    merchantId: merchantIdColumn(),
    alarmKind: text('kind', { enum: ALARM_KINDS }).notNull(),
    /** The device, or a business alarm's cabinet or station. */
    deviceId: integer('device_id').notNull(),
    deviceNumber: text('device_number').notNull(),
    /** A cabinet's compartment for a door or compartment alarm (one alarm per compartment); 0: the whole device. */
    compartment: integer('compartment').notNull().default(0),
    /** What the device said of its fault (a vehicle's or a compartment's fault text). */
    detail: text('detail').notNull().default(''),
    ruleId: integer('rule_id').references(() => alarmRules.id, { onDelete: 'set null' }),
    businessRuleId: integer('business_rule_id').references(() => alarmBusinessRules.id, { onDelete: 'set null' }),
    parameter: text('parameter', { enum: ALARM_RECORD_PARAMETERS }).notNull(),
    level: text('level', { enum: ALARM_LEVELS }).notNull(),
    content: text('content').notNull(),
    alarmState: text('state', { enum: ALARM_ROW_STATES }).notNull(),
    /** Whether the header tells it (the rule's notification when it opened). */
    header: boolean('header').notNull().default(true),
    value: doublePrecision('value'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
    assigneeId: accountIdColumn('assignee_id'),
    comment: text('comment').notNull().default(''),
  },
  (t) => [
    // One alarm per device (or compartment) and rule until it clears.
    uniqueIndex('alarm_active_uq')
      .on(t.alarmKind, t.deviceId, t.ruleId, t.compartment)
      .where(sql`${t.alarmState} <> 'CLEARED'`),
    // One business alarm per subject and rule until it clears.
    uniqueIndex('alarm_business_active_uq')
      .on(t.businessRuleId, t.deviceId)
      .where(sql`${t.alarmState} <> 'CLEARED' and ${t.businessRuleId} is not null`),
    index('alarm_merchant_opened_idx').on(t.merchantId, t.openedAt),
    index('alarm_kind_opened_idx').on(t.alarmKind, t.openedAt),
    index('alarm_opened_idx').on(t.openedAt),
    // The periodic check's alarms waiting out their hold (a door left open).
    index('alarm_pending_idx')
      .on(t.openedAt)
      .where(sql`${t.alarmState} = 'PENDING'`),
    // The header's count of open alarms and its stream's new ones.
    index('alarm_open_idx')
      .on(t.merchantId, t.id)
      .where(sql`${t.alarmState} = 'OPEN'`),
  ],
);
