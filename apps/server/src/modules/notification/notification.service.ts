import { and, eq, type SQL } from 'drizzle-orm';
import type { NotificationAdd, NotificationEdit, NotificationRecord } from '@swap/contracts';
import type { Ctx } from '../../app/context.js';
import { notFound } from '../../app/errors.js';
import { diff, recordAudit } from '../audit-log/index.js';
import { notifications } from './notification.table.js';

type Row = typeof notifications.$inferSelect;

/** A merchant's staff see and change only their merchant's notifications; platform staff every tenant's. */
export function notificationScope(ctx: Pick<Ctx, 'principal'>): SQL | undefined {
  const own = ctx.principal.merchantId;
  return own === null ? undefined : eq(notifications.merchantId, own);
}

export function presentNotification(row: Row): NotificationRecord {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    countryCode: row.countryCode,
    merchantId: row.merchantId,
    createdAt: row.createdAt.toISOString(),
  };
}

const fieldsOf = (row: Pick<Row, 'title' | 'description' | 'countryCode'>) => ({
  title: row.title,
  description: row.description,
  countryCode: row.countryCode,
});

export async function addNotification(ctx: Ctx, body: NotificationAdd): Promise<NotificationRecord> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(notifications)
      .values({ ...fieldsOf(body), merchantId: ctx.principal.merchantId })
      .returning();
    await recordAudit(tx, ctx, { action: 'notification.add', objectType: 'notification', objectId: row!.id, changes: fieldsOf(body) });
    return presentNotification(row!);
  });
}

/** Locks the caller's own notification (another tenant's answers as missing). */
async function lockOwn(tx: Ctx['db'], ctx: Ctx, id: number): Promise<Row> {
  const [row] = await tx
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), notificationScope(ctx)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

export async function editNotification(ctx: Ctx, body: NotificationEdit): Promise<NotificationRecord> {
  return ctx.db.transaction(async (tx) => {
    const before = await lockOwn(tx, ctx, body.id);
    const [row] = await tx
      .update(notifications)
      .set({ ...fieldsOf(body), updatedAt: new Date() })
      .where(eq(notifications.id, body.id))
      .returning();
    await recordAudit(tx, ctx, {
      action: 'notification.edit',
      objectType: 'notification',
      objectId: body.id,
      changes: diff(fieldsOf(before), fieldsOf(body)),
    });
    return presentNotification(row!);
  });
}

export async function removeNotification(ctx: Ctx, id: number): Promise<null> {
  await ctx.db.transaction(async (tx) => {
    const before = await lockOwn(tx, ctx, id);
    await tx.delete(notifications).where(eq(notifications.id, id));
    await recordAudit(tx, ctx, { action: 'notification.remove', objectType: 'notification', objectId: id, changes: fieldsOf(before) });
  });
  return null;
}
