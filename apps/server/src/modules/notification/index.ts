import type { FastifyInstance } from 'fastify';
import { eq, getTableColumns, gte, ilike, lte } from 'drizzle-orm';
import { notificationApi, type NotificationAdd, type NotificationRecord } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import { fieldColumns, type CsvColumn } from '../../app/csv.js';
import { defineList } from '../../app/list.js';
import { likePattern } from '../../app/pagination.js';
import { ownedRecords } from '../../app/owned-records.js';
import { serve } from '../../app/route.js';
import { notifications } from './notification.table.js';

/** Each tenant's notifications: add, edit and remove with their audit rows, and the tenant scope. */
const records = ownedRecords({
  table: notifications,
  id: notifications.id,
  merchantId: notifications.merchantId,
  updatedAt: notifications.updatedAt,
  objectType: 'notification',
  fields: ({ title, description, countryCode }: NotificationAdd) => ({ title, description, countryCode }),
  present: (row): NotificationRecord => ({
    id: row.id,
    title: row.title,
    description: row.description,
    countryCode: row.countryCode,
    merchantId: row.merchantId,
    createdAt: row.createdAt.toISOString(),
  }),
});

/** Operation centre → Notifications, newest first. */
export const notificationList = defineList({
  endpoint: notificationApi.search,
  table: notifications,
  id: notifications.id,
  select: getTableColumns(notifications),
  scope: records.scope,
  filters: {
    title: {
      where: (title) => ilike(notifications.title, likePattern(title)),
      unindexed: 'Part of a title: a tenant writes a few notifications a week, so its rows are read in full.',
    },
    countryCode: (country) => eq(notifications.countryCode, country),
    createdFrom: (from) => gte(notifications.createdAt, new Date(from)),
    createdTo: (to) => lte(notifications.createdAt, new Date(to)),
  },
  defaultOrder: () => ({ column: notifications.createdAt, direction: 'desc' }),
  count: 'exact',
  present: records.present,
});

const CSV_COLUMNS: CsvColumn<NotificationRecord>[] = fieldColumns(['id', 'title', 'description', 'countryCode', 'createdAt']);

/** Operation centre → Notifications (/operation/noti/notificati). */
export function registerNotificationRoutes(app: FastifyInstance): void {
  serve(app, notificationApi.search, ({ input, ctx }) => notificationList.search(ctx, input));
  serve(app, notificationApi.add, ({ input, ctx }) => records.add(ctx, input));
  serve(app, notificationApi.edit, ({ input, ctx }) => records.edit(ctx, input));
  serve(app, notificationApi.remove, ({ input, ctx }) => records.remove(ctx, input.id));
  serve(app, notificationApi.export, ({ input, ctx, reply }) =>
    notificationList.sendExport(reply, ctx, input, { filename: 'notifications.csv', columns: CSV_COLUMNS }),
  );
}

/** Demo notifications of the platform and of the two demo merchants (ids by name); once. */
export async function seedDemoNotifications(db: Db, merchantIds: Record<string, number>): Promise<void> {
  const [any] = await db.select({ id: notifications.id }).from(notifications).limit(1);
  if (any) return;
  const idOf = (name: string) => merchantIds[name] ?? null;
  const day = 24 * 3600_000;
  const rows = [
    [null, 'ID', 'New app version', 'Version 3.2 shows the nearest cabinet with a charged battery.', 1],
    [null, 'TH', 'Scheduled maintenance', 'The app is unavailable on Sunday from 02:00 to 03:00 (UTC+7).', 3],
    [idOf('Demo Agent'), 'ID', 'Sudirman station reopened', 'The Sudirman cabinet is back in service with 12 compartments.', 2],
    [idOf('Demo Agent'), 'ID', 'Ramadan opening hours', 'Stations open 24 hours a day during Ramadan.', 9],
    [idOf('Demo Agent'), 'MY', 'Coming to Kuala Lumpur', 'Our first swap stations in Kuala Lumpur open next month.', 20],
    [idOf('Siam Swap Direct'), 'TH', 'Songkran hours', 'All Bangkok stations stay open during Songkran.', 5],
  ] as const;
  await db.insert(notifications).values(
    rows.map(([merchantId, countryCode, title, description, daysAgo]) => ({
      merchantId,
      countryCode,
      title,
      description,
      createdAt: new Date(Date.now() - daysAgo * day),
    })),
  );
}
