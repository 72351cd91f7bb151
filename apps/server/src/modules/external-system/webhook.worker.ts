import { and, asc, eq, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DeviceKind, WebhookEventType } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { WebhookConfig } from '../../app/config.js';
import type { Ctx } from '../../app/context.js';
import type { DeviceKindDef } from '../device-registry/index.js';
import { BATTERY_KIND } from '../battery/index.js';
import { VEHICLE_KIND } from '../vehicle/index.js';
import { CABINET_KIND } from '../cabinet/index.js';
import { externalSystemDevices, externalSystems, webhookAttempts, webhookDeliveries } from './external-system.table.js';
import { sendWebhook } from './webhook-sender.js';

/**
 * Webhook delivery (docs/operation-centre.md, "External systems"): events are queued as rows of
 * webhook_delivery, in the transaction that records them or right after, and a worker sends the
 * due ones, retrying with exponential backoff; a restart finds the pending rows where they were.
 */

export const KIND_DEFS: Record<DeviceKind, DeviceKindDef> = { cabinet: CABINET_KIND, battery: BATTERY_KIND, vehicle: VEHICLE_KIND };

/** The running workers' wake-ups, so a new delivery goes out without waiting for the next poll. */
const wakers = new Set<() => void>();

/** The longest wait between two attempts. */
const MAX_BACKOFF_MS = 3_600_000;

/** The wait after the n-th failed attempt: the base, doubled at each next one, at most an hour. */
export function backoffMs(attemptsDone: number, base: number): number {
  return Math.min(base * 2 ** Math.max(0, attemptsDone - 1), MAX_BACKOFF_MS);
}

/** One event of one device (or of none, for a test event). */
export interface DeviceEvent {
  type: WebhookEventType;
  /** The devices it concerns, the first naming the delivery; a system that may see any of them gets it once. */
  devices: { kind: DeviceKind; number: string }[];
  /** The devices' owner when the caller knows it; else each device's owner is read. */
  merchantId?: number | null;
  occurredAt: Date;
  data: Record<string, unknown>;
}

/** A tenant view for the device kinds' look-ups, which read only the principal's merchant. */
const anyTenant = { principal: { merchantId: null } } as unknown as Pick<Ctx, 'principal'>;

/** The owner of each named device, `kind/number` → merchant (null: platform stock). */
async function ownersOf(db: Db, devices: { kind: DeviceKind; number: string }[]): Promise<Map<string, number | null>> {
  const owners = new Map<string, number | null>();
  for (const kind of Object.keys(KIND_DEFS) as DeviceKind[]) {
    const numbers = devices.filter((d) => d.kind === kind).map((d) => d.number);
    if (!numbers.length) continue;
    for (const row of await KIND_DEFS[kind].findDevices(db, anyTenant, { ids: [], numbers }, false))
      owners.set(`${kind}/${row.number}`, row.merchantId);
  }
  return owners;
}

/**
 * Whether an enabled system watches the device, as a boolean column of the caller's own statement
 * (a cabinet's state asks it beside its store: docs/scaling.md, "State reports under load"). The
 * same indexed look-up as `enqueueDeviceEvents`' first read, so when it answers false that one
 * would queue nothing.
 */
export function systemWatches(kind: DeviceKind, number: string): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${externalSystemDevices} d join ${externalSystems} s on s.id = d.system_id
    where s.enabled and d.kind = ${kind} and d.number = ${number})`;
}

/**
 * Queues the events for every enabled system that may see one of their devices, when that device
 * is still its merchant's. One indexed look-up when no system is interested (the ingest's usual case).
 */
export async function enqueueDeviceEvents(db: Db, events: DeviceEvent[]): Promise<number> {
  const named = events.flatMap((event) => event.devices);
  if (!named.length) return 0;
  const pairs: SQL[] = named.map((d) => and(eq(externalSystemDevices.kind, d.kind), eq(externalSystemDevices.number, d.number))!);
  const interested = await db
    .select({
      systemId: externalSystems.id,
      merchantId: externalSystems.merchantId,
      kind: externalSystemDevices.kind,
      number: externalSystemDevices.number,
    })
    .from(externalSystemDevices)
    .innerJoin(externalSystems, eq(externalSystems.id, externalSystemDevices.systemId))
    .where(and(eq(externalSystems.enabled, true), or(...pairs)));
  if (!interested.length) return 0;
  const unknownOwner = events.filter((event) => event.merchantId === undefined).flatMap((event) => event.devices);
  const owners = unknownOwner.length ? await ownersOf(db, unknownOwner) : new Map<string, number | null>();
  const rows: (typeof webhookDeliveries.$inferInsert)[] = [];
  for (const event of events) {
    const bySystem = new Map<number, { kind: DeviceKind; number: string; merchantId: number }>();
    for (const device of event.devices) {
      const owner = event.merchantId !== undefined ? event.merchantId : owners.get(`${device.kind}/${device.number}`);
      for (const system of interested) {
        if (system.kind !== device.kind || system.number !== device.number || system.merchantId !== owner) continue;
        if (!bySystem.has(system.systemId)) bySystem.set(system.systemId, { ...device, merchantId: system.merchantId });
      }
    }
    for (const [systemId, device] of bySystem)
      rows.push({
        systemId,
        merchantId: device.merchantId,
        eventType: event.type,
        deviceKind: device.kind,
        deviceNumber: device.number,
        data: event.data,
        occurredAt: event.occurredAt,
        nextAttemptAt: new Date(),
      });
  }
  if (!rows.length) return 0;
  await db.insert(webhookDeliveries).values(rows);
  wakeSoon();
  return rows.length;
}

/** Wakes the worker a moment later (the queuing transaction commits first). */
export function wakeSoon(): void {
  for (const wake of wakers) setTimeout(wake, 20).unref();
}

/** The pending deliveries of a system disabled or removed: they are not sent. */
export async function cancelPending(db: Db, systemId: number): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ status: 'CANCELLED', nextAttemptAt: null })
    .where(and(eq(webhookDeliveries.systemId, systemId), eq(webhookDeliveries.status, 'PENDING')));
}

/** The JSON a receiver gets: the delivery's id (the same on every attempt), the event, its device and what happened. */
export function webhookBody(row: typeof webhookDeliveries.$inferSelect): string {
  return JSON.stringify({
    id: row.id,
    type: row.eventType,
    occurredAt: row.occurredAt.toISOString(),
    device: row.deviceKind && row.deviceNumber ? { kind: row.deviceKind, number: row.deviceNumber } : null,
    data: row.data,
  });
}

/** Deliveries claimed at once by one pass. */
const CLAIM_BATCH = 20;

/** Claims the due deliveries of enabled systems: each is leased (its next attempt moved past the timeout) so no other pass sends it meanwhile. */
async function claimDue(db: Db, settings: WebhookConfig): Promise<(typeof webhookDeliveries.$inferSelect)[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .innerJoin(externalSystems, eq(externalSystems.id, webhookDeliveries.systemId))
      .where(
        and(eq(webhookDeliveries.status, 'PENDING'), lte(webhookDeliveries.nextAttemptAt, new Date()), eq(externalSystems.enabled, true)),
      )
      .orderBy(asc(webhookDeliveries.nextAttemptAt))
      .limit(CLAIM_BATCH)
      .for('update', { of: webhookDeliveries, skipLocked: true });
    if (!due.length) return [];
    const lease = new Date(Date.now() + settings.timeoutMs + 30_000);
    return tx
      .update(webhookDeliveries)
      .set({ nextAttemptAt: lease })
      .where(
        inArray(
          webhookDeliveries.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

/** Sends one claimed delivery, unless its system was disabled meanwhile, and records the attempt. */
async function attempt(db: Db, settings: WebhookConfig, delivery: typeof webhookDeliveries.$inferSelect): Promise<void> {
  const [system] = await db.select().from(externalSystems).where(eq(externalSystems.id, delivery.systemId));
  if (!system?.enabled) return;
  const at = new Date();
  const outcome = await sendWebhook({
    url: system.url,
    key: system.signingKey,
    deliveryId: delivery.id,
    eventType: delivery.eventType,
    body: webhookBody(delivery),
    timeoutMs: settings.timeoutMs,
    allowPrivate: settings.allowPrivate,
  });
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery.id)).for('update');
    if (!row) return;
    const attempts = row.attempts + 1;
    await tx.insert(webhookAttempts).values({ deliveryId: row.id, attempt: attempts, at, ...outcome });
    const delivered = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
    const still = row.status === 'PENDING';
    const status = !still ? row.status : delivered ? 'DELIVERED' : attempts >= settings.maxAttempts ? 'FAILED' : 'PENDING';
    await tx
      .update(webhookDeliveries)
      .set({
        attempts,
        status,
        lastStatusCode: outcome.statusCode,
        lastAnswer: outcome.error ?? outcome.answer,
        lastAttemptAt: at,
        deliveredAt: delivered ? new Date() : row.deliveredAt,
        nextAttemptAt: status === 'PENDING' ? new Date(Date.now() + backoffMs(attempts, settings.retryBaseMs)) : null,
      })
      .where(eq(webhookDeliveries.id, row.id));
  });
}

export interface WebhookLog {
  warn(fields: object, message: string): void;
}

export interface WebhookWorker {
  /** Waits for the pass under way, then stops. */
  stop(): Promise<void>;
}

/** Sends due deliveries every WEBHOOK_POLL_MS, and at once when an event is queued. */
export function startWebhookWorker(db: Db, settings: WebhookConfig, log: WebhookLog): WebhookWorker {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const pass = async () => {
    for (;;) {
      again = false;
      const claimed = await claimDue(db, settings);
      await Promise.all(claimed.map((delivery) => attempt(db, settings, delivery)));
      if (stopped || (!again && claimed.length < CLAIM_BATCH)) return;
    }
  };
  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = pass()
      .catch((error: unknown) => log.warn({ error: error instanceof Error ? error.message : String(error) }, 'webhook pass failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(wake, settings.pollMs);
  timer.unref();
  wakers.add(wake);
  wake();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      wakers.delete(wake);
      await running;
    },
  };
}

/** The row count of pending deliveries (tests, health). */
export async function pendingDeliveries(db: Db): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.status, 'PENDING'));
  return row?.count ?? 0;
}
