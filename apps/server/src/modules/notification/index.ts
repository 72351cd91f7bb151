import type { FastifyInstance } from 'fastify';
import { and, desc, eq, gte, ilike, lte, type SQL } from 'drizzle-orm';
import { notificationApi, type NotificationRecord, type NotificationSearch, type Page } from '@swap/contracts';
import type { Ctx } from '../../app/context.js';
import type { Db } from '../../db/client.js';
import { EXPORT_MAX_ROWS, sendCsv, toCsv, type CsvColumn } from '../../app/csv.js';
import { countAll, likePattern, orderBy, pageWindow, toPage } from '../../app/pagination.js';
import { columnHeader } from '../../app/policy.js';
import { SENT, serve } from '../../app/route.js';
import { notifications } from './notification.table.js';
import { addNotification, editNotification, notificationScope, presentNotification, removeNotification } from './notification.service.js';

function filters(ctx: Ctx, query: NotificationSearch): SQL | undefined {
  return and(
    notificationScope(ctx),
    query.title ? ilike(notifications.title, likePattern(query.title)) : undefined,
    query.countryCode ? eq(notifications.countryCode, query.countryCode) : undefined,
    query.createdFrom ? gte(notifications.createdAt, new Date(query.createdFrom)) : undefined,
    query.createdTo ? lte(notifications.createdAt, new Date(query.createdTo)) : undefined,
  );
}

const SORTABLE = { title: notifications.title, countryCode: notifications.countryCode, createdAt: notifications.createdAt };

async function searchNotifications(ctx: Ctx, query: NotificationSearch): Promise<Page<NotificationRecord>> {
  const where = filters(ctx, query);
  const { limit, offset } = pageWindow(query);
  const rows = await ctx.db
    .select()
    .from(notifications)
    .where(where)
    .orderBy(...orderBy(query.sort, SORTABLE, [desc(notifications.createdAt)], notifications.id))
    .limit(limit)
    .offset(offset);
  const [count] = await ctx.db.select({ n: countAll }).from(notifications).where(where);
  return toPage(rows.map(presentNotification), count?.n ?? 0, query);
}

const CSV_COLUMNS: CsvColumn<NotificationRecord>[] = [
  { header: columnHeader('id'), value: (row) => row.id },
  { header: columnHeader('title'), value: (row) => row.title },
  { header: columnHeader('description'), value: (row) => row.description },
  { header: columnHeader('countryCode'), value: (row) => row.countryCode },
  { header: columnHeader('createdAt'), value: (row) => row.createdAt },
];

/** Operation centre → Notifications (/operation/noti/notificati). */
export function registerNotificationRoutes(app: FastifyInstance): void {
  serve(app, notificationApi.search, ({ input, ctx }) => searchNotifications(ctx, input));
  serve(app, notificationApi.add, ({ input, ctx }) => addNotification(ctx, input));
  serve(app, notificationApi.edit, ({ input, ctx }) => editNotification(ctx, input));
  serve(app, notificationApi.remove, ({ input, ctx }) => removeNotification(ctx, input.id));
  serve(app, notificationApi.export, async ({ input, ctx, reply }) => {
    const rows = await ctx.db
      .select()
      .from(notifications)
      .where(filters(ctx, input))
      .orderBy(...orderBy(input.sort, SORTABLE, [desc(notifications.createdAt)], notifications.id))
      .limit(EXPORT_MAX_ROWS);
    sendCsv(reply, 'notifications.csv', toCsv(rows.map(presentNotification), CSV_COLUMNS, ctx.lang));
    return SENT;
  });
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
