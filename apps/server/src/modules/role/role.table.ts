import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { merchantIdColumn } from '../merchant/index.js';

export const roles = pgTable(
  'role',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    sort: integer('sort').notNull().default(0),
    /** Tenant of the role: null for platform roles. */
    merchantId: merchantIdColumn(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('role_merchant_idx').on(t.merchantId),
    // A role name is unique within its tenant (platform roles share tenant 0), whatever its case.
    uniqueIndex('role_tenant_name_key').on(sql`coalesce(${t.merchantId}, 0)`, sql`lower(${t.name})`),
  ],
);

export const roleMenus = pgTable(
  'role_menu',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    menuId: integer('menu_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] })],
);

export const roleResources = pgTable(
  'role_resource',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    resourceId: integer('resource_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.resourceId] })],
);
