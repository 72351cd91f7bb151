import { eq } from 'drizzle-orm';
import { ALARM_WEBHOOK_EVENT, type AlarmLevel, type AlarmNotification, type AlarmWebhookBody } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { WebhookConfig } from '../../app/config.js';
import { enqueueJobs, type JobHandlers, type JobOutcome } from '../job/index.js';
import { sendWebhook } from '../external-system/index.js';
import { alarmLevels, alarms } from './alarm.table.js';

/**
 * Level webhooks (docs/alarms.md, "Webhooks"): each alarm opened by a rule naming the webhook, at a
 * level with an address, is one job of the job queue, which POSTs it signed with the level's key and
 * tries again after a failure (5 s, then twice as long each time) up to ALARM_WEBHOOK_ATTEMPTS times.
 */
export const ALARM_WEBHOOK_QUEUE = 'alarm.webhook';
export const ALARM_WEBHOOK_ATTEMPTS = 6;

/** Delivery settings (the external systems' ones: private addresses, timeout), set when the routes are registered. */
let settings: Pick<WebhookConfig, 'allowPrivate' | 'timeoutMs'> = { allowPrivate: false, timeoutMs: 10_000 };
export function useAlarmWebhookSettings(webhooks: Pick<WebhookConfig, 'allowPrivate' | 'timeoutMs'>): void {
  settings = webhooks;
}
export const alarmWebhookSettings = () => settings;

/** The levels with a webhook, read at most every LEVELS_TTL_MS (an edit on this server drops them at once). */
const LEVELS_TTL_MS = 30_000;
let hooked: { levels: Set<AlarmLevel>; at: number } | undefined;
export function forgetWebhookLevels(): void {
  hooked = undefined;
}
async function levelsWithHook(db: Db): Promise<Set<AlarmLevel>> {
  if (!hooked || Date.now() - hooked.at > LEVELS_TTL_MS) {
    const rows = await db.select({ level: alarmLevels.level, url: alarmLevels.webhookUrl }).from(alarmLevels);
    hooked = { levels: new Set(rows.filter((row) => row.url !== '').map((row) => row.level)), at: Date.now() };
  }
  return hooked.levels;
}

/** An alarm just opened, as its rule told it. */
export interface HookedAlarm {
  id: number;
  level: AlarmLevel;
  notifications: readonly AlarmNotification[];
}

/**
 * Queues one delivery per alarm opened whose rule names the webhook and whose level has an address
 * (nothing is read when none does). Called in the transaction that opens the alarms: a delivery is
 * queued if and only if its alarm opened (a failure to queue undoes the opening, which the next
 * report or check tries again).
 */
export async function queueAlarmWebhooks(db: Db, opened: readonly HookedAlarm[]): Promise<void> {
  const wanted = opened.filter((alarm) => alarm.notifications.includes('WEBHOOK'));
  if (wanted.length === 0) return;
  const levels = await levelsWithHook(db);
  const due = wanted.filter((alarm) => levels.has(alarm.level));
  if (due.length === 0) return;
  await enqueueJobs(
    db,
    due.map((alarm) => ({ queue: ALARM_WEBHOOK_QUEUE, payload: { alarmId: alarm.id }, maxAttempts: ALARM_WEBHOOK_ATTEMPTS })),
  );
}

/** The body of an alarm's delivery. */
export function alarmWebhookBody(row: typeof alarms.$inferSelect): AlarmWebhookBody {
  return {
    event: ALARM_WEBHOOK_EVENT,
    alarm: {
      id: row.id,
      kind: row.alarmKind,
      merchantId: row.merchantId,
      deviceNumber: row.deviceNumber,
      compartment: row.compartment === 0 ? null : row.compartment,
      parameter: row.parameter,
      level: row.level,
      content: row.content,
      detail: row.detail,
      value: row.value,
      openedAt: row.openedAt.toISOString(),
    },
  };
}

/**
 * Delivers one alarm to its level's address as it is now (an address removed meanwhile: nothing to
 * send). A 2xx answer is delivered; anything else throws, so the queue tries again later.
 */
async function deliver(db: Db, payload: Record<string, unknown>, jobId: number): Promise<JobOutcome> {
  const [row] = await db
    .select()
    .from(alarms)
    .where(eq(alarms.id, Number(payload['alarmId'])));
  if (!row) return;
  const [level] = await db.select().from(alarmLevels).where(eq(alarmLevels.level, row.level));
  if (!level || level.webhookUrl === '' || level.webhookKey === '') return;
  const outcome = await sendWebhook({
    url: level.webhookUrl,
    key: level.webhookKey,
    deliveryId: jobId,
    eventType: ALARM_WEBHOOK_EVENT,
    body: JSON.stringify(alarmWebhookBody(row)),
    timeoutMs: settings.timeoutMs,
    allowPrivate: settings.allowPrivate,
  });
  if (outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300) return;
  throw new Error(outcome.error ?? `answered ${outcome.statusCode}: ${outcome.answer.slice(0, 200)}`);
}

/** Adds the level webhooks' queue to the server's job handlers. */
export function handleAlarmWebhooks(jobs: JobHandlers): void {
  jobs.handle(ALARM_WEBHOOK_QUEUE, (payload, job, db) => deliver(db, payload, job.id));
}
