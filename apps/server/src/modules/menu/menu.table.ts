import { index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';

/** Menus form the permission tree: centres at the root (parentId -1), then groups, then items. */
export const menus = pgTable(
  'menu',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').notNull().default(-1),
    name: text('name').notNull(),
    code: text('code').notNull().unique(),
    url: text('url').notNull().default(''),
    iconfont: text('iconfont').notNull().default(''),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('menu_parent_idx').on(t.parentId)],
);

/** Resources are the buttons and links inside a screen, each with its own permission code. */
export const resources = pgTable('resource', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  code: text('code').notNull().unique(),
  type: text('type', { enum: ['BUTTON', 'LINK'] }).notNull(),
  url: text('url').notNull().default(''),
});

export const menuResources = pgTable(
  'menu_resource',
  {
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    resourceId: integer('resource_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.menuId, t.resourceId] }), index('menu_resource_resource_idx').on(t.resourceId)],
);
