import { doublePrecision, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { BATTERY_STRUCTURES, DEVICE_KINDS } from '@swap/contracts';

/**
 * Vehicle, battery and cabinet types in one table: shared identity (kind, code, name, description)
 * and the specification columns of each kind (null for the other kinds). Platform-wide: no tenant.
 */
export const deviceTypes = pgTable(
  'device_type',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: DEVICE_KINDS }).notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    // battery
    structure: text('structure', { enum: BATTERY_STRUCTURES }),
    ratedCurrent: doublePrecision('rated_current'),
    cellCount: integer('cell_count'),
    weight: doublePrecision('weight'),
    // battery and vehicle
    ratedVoltage: doublePrecision('rated_voltage'),
    ratedCapacity: doublePrecision('rated_capacity'),
    // vehicle
    batteryCompartments: integer('battery_compartments'),
    compartmentType: text('compartment_type'),
    // cabinet
    compartmentCount: integer('compartment_count'),
    chargerTotalPower: doublePrecision('charger_total_power'),
    externalMaxPower: doublePrecision('external_max_power'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('device_type_kind_code_key').on(t.kind, sql`lower(${t.code})`), index('device_type_kind_idx').on(t.kind, t.id)],
);
