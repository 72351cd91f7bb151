import type { FastifyInstance } from 'fastify';
import { and, asc, eq, gte, ilike, like, lte, sql } from 'drizzle-orm';
import {
  DEVICE_KINDS,
  externalSystemApi,
  type DeviceKind,
  type ExternalSystemAdd,
  type ExternalSystemCreated,
  type ExternalSystemDeviceList,
  type ExternalSystemDevices,
  type ExternalSystemEdit,
  type ExternalSystemRecord,
  type WebhookDeliveryRecord,
} from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../app/context.js';
import type { WebhookConfig } from '../../app/config.js';
import type { DemoContext } from '../../db/demo.js';
import { AppError, notFound } from '../../app/errors.js';
import { fieldColumns, type CsvColumn } from '../../app/csv.js';
import { defineList } from '../../app/list.js';
import { likePattern, prefixPattern } from '../../app/pagination.js';
import { chosenAgent, ownedRecords } from '../../app/owned-records.js';
import { serve } from '../../app/route.js';
import { recordAudit } from '../audit-log/index.js';
import { merchantNameOf } from '../merchant/index.js';
import { externalSystemDevices, externalSystems, webhookAttempts, webhookDeliveries } from './external-system.table.js';
import { checkWebhookUrl } from './webhook-url.js';
import { newSigningKey } from './webhook-sender.js';
import { KIND_DEFS, cancelPending, wakeSoon } from './webhook.worker.js';

export { enqueueDeviceEvents, startWebhookWorker, systemWatches, type DeviceEvent, type WebhookWorker } from './webhook.worker.js';
// The signed POST and the address check other modules' webhooks use too (the alarm levels' hooks).
export { checkWebhookUrl } from './webhook-url.js';
export { newSigningKey, sendWebhook, webhookSignature } from './webhook-sender.js';
export { noticeDeviceAlarms, noticeCabinetState, noticeCabinetsOffline, swapEvent, type AlarmReport } from './external-system.events.js';

const s = externalSystems;
const d = webhookDeliveries;

const deviceCountOf = sql<number>`(select count(*)::int from ${externalSystemDevices} where ${externalSystemDevices.systemId} = ${s.id})`;

interface SystemRow {
  system: typeof s.$inferSelect;
  merchantName: string | null;
  deviceCount: number;
}

function presentSystem({ system: r, merchantName, deviceCount }: SystemRow): ExternalSystemRecord {
  return {
    id: r.id,
    merchantId: r.merchantId,
    merchantName,
    name: r.name,
    url: r.url,
    enabled: r.enabled,
    deviceCount,
    createdAt: r.createdAt.toISOString(),
  };
}

/** One system as the list shows it (never its key). */
async function systemRecord(db: Db, id: number): Promise<ExternalSystemRecord> {
  const [row] = await db
    .select({ system: s, merchantName: merchantNameOf(s.merchantId), deviceCount: deviceCountOf })
    .from(s)
    .where(eq(s.id, id));
  if (!row) throw notFound();
  return presentSystem(row);
}

/**
 * Each merchant's systems: edit and remove with their audit rows (name, address, enabled; the key
 * never), in the tenant scope. Disabling cancels the pending deliveries in the same transaction.
 */
const records = ownedRecords({
  table: s,
  id: s.id,
  merchantId: s.merchantId,
  updatedAt: s.updatedAt,
  objectType: 'externalSystem',
  fields: ({ name, url, enabled }: Pick<ExternalSystemEdit, 'name' | 'url' | 'enabled'>) => ({ name, url, enabled }),
  present: (row): ExternalSystemRecord => presentSystem({ system: row, merchantName: null, deviceCount: 0 }),
  prepare: async (_ctx, input, _owner, tx) => {
    const id = (input as Partial<ExternalSystemEdit>).id;
    if (id !== undefined && !input.enabled) await cancelPending(tx, id);
    return {};
  },
  answer: (ctx, id) => systemRecord(ctx.db, id),
});

/** Registers a system: its agent (platform staff choose one), its checked address, and a new key answered this once. */
async function addSystem(ctx: Ctx, input: ExternalSystemAdd, settings: WebhookConfig): Promise<ExternalSystemCreated> {
  await checkWebhookUrl(input.url, settings.allowPrivate);
  const signingKey = newSigningKey();
  const id = await ctx.db.transaction(async (tx) => {
    const merchantId = await chosenAgent(ctx, input.merchantId, tx);
    const fields = { name: input.name, url: input.url, enabled: input.enabled };
    const [row] = await tx
      .insert(s)
      .values({ ...fields, merchantId, signingKey })
      .returning({ id: s.id });
    await recordAudit(tx, ctx, {
      action: 'externalSystem.add',
      objectType: 'externalSystem',
      objectId: row!.id,
      changes: { ...fields, merchantId },
    });
    return row!.id;
  });
  return { ...(await systemRecord(ctx.db, id)), signingKey };
}

/** The caller's system, or "does not exist". */
async function ownSystem(db: Db, ctx: Ctx, id: number): Promise<typeof s.$inferSelect> {
  const [row] = await db
    .select()
    .from(s)
    .where(and(eq(s.id, id), records.scope(ctx)));
  if (!row) throw notFound();
  return row;
}

const KIND_FIELDS = { cabinet: 'cabinets', battery: 'batteries', vehicle: 'vehicles' } as const satisfies Record<DeviceKind, string>;

async function deviceList(db: Db, id: number): Promise<ExternalSystemDeviceList> {
  const rows = await db
    .select({ kind: externalSystemDevices.kind, number: externalSystemDevices.number })
    .from(externalSystemDevices)
    .where(eq(externalSystemDevices.systemId, id))
    .orderBy(asc(externalSystemDevices.number));
  const of = (kind: DeviceKind) => rows.filter((row) => row.kind === kind).map((row) => row.number);
  return { id, cabinets: of('cabinet'), batteries: of('battery'), vehicles: of('vehicle') };
}

/**
 * Sets the devices a system may see, all or nothing: every number must be a device of the system's
 * merchant (a number of another tenant answers as an unknown one, naming the numbers).
 */
async function setDevices(ctx: Ctx, input: ExternalSystemDevices): Promise<ExternalSystemDeviceList> {
  await ctx.db.transaction(async (tx) => {
    const [system] = await tx
      .select()
      .from(s)
      .where(and(eq(s.id, input.id), records.scope(ctx)))
      .for('update');
    if (!system) throw notFound();
    const owner = { principal: { merchantId: system.merchantId } } as unknown as Pick<Ctx, 'principal'>;
    const chosen: { kind: DeviceKind; number: string }[] = [];
    for (const kind of DEVICE_KINDS) {
      const numbers = [...new Set(input[KIND_FIELDS[kind]])];
      if (!numbers.length) continue;
      const found = new Set((await KIND_DEFS[kind].findDevices(tx, owner, { ids: [], numbers }, false)).map((row) => row.number));
      const missing = numbers.filter((number) => !found.has(number));
      if (missing.length) throw new AppError(KIND_DEFS[kind].missing, undefined, { field: KIND_FIELDS[kind], missing });
      chosen.push(...numbers.map((number) => ({ kind, number })));
    }
    const before = await deviceList(tx, system.id);
    await tx.delete(externalSystemDevices).where(eq(externalSystemDevices.systemId, system.id));
    if (chosen.length) await tx.insert(externalSystemDevices).values(chosen.map((device) => ({ systemId: system.id, ...device })));
    const after = await deviceList(tx, system.id);
    const changes: Record<string, [string[], string[]]> = {};
    for (const field of ['cabinets', 'batteries', 'vehicles'] as const)
      if (before[field].join() !== after[field].join()) changes[field] = [before[field], after[field]];
    await recordAudit(tx, ctx, { action: 'externalSystem.edit', objectType: 'externalSystem', objectId: system.id, changes });
  });
  return deviceList(ctx.db, input.id);
}

interface DeliveryRow {
  delivery: typeof d.$inferSelect;
  systemName: string;
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);

function presentDelivery({ delivery: r, systemName }: DeliveryRow): WebhookDeliveryRecord {
  return {
    id: r.id,
    systemId: r.systemId,
    systemName,
    eventType: r.eventType,
    deviceKind: r.deviceKind,
    deviceNumber: r.deviceNumber,
    status: r.status,
    attempts: r.attempts,
    lastStatusCode: r.lastStatusCode,
    lastAnswer: r.lastAnswer,
    lastAttemptAt: iso(r.lastAttemptAt),
    nextAttemptAt: r.status === 'PENDING' ? iso(r.nextAttemptAt) : null,
    deliveredAt: iso(r.deliveredAt),
    createdAt: r.createdAt.toISOString(),
  };
}

const deliveryScope = (ctx: Ctx) => (ctx.principal.merchantId === null ? undefined : eq(d.merchantId, ctx.principal.merchantId));

/** Sends a test event to a system now (queued first, like every event); a disabled system refuses (4253). */
async function sendTest(ctx: Ctx, id: number): Promise<WebhookDeliveryRecord> {
  const system = await ownSystem(ctx.db, ctx, id);
  if (!system.enabled) throw new AppError('externalSystemDisabled');
  const [row] = await ctx.db
    .insert(d)
    .values({
      systemId: system.id,
      merchantId: system.merchantId,
      eventType: 'test',
      data: { message: 'Test event sent from the back-office', by: ctx.principal.username },
      occurredAt: new Date(),
      nextAttemptAt: new Date(),
    })
    .returning();
  wakeSoon();
  return presentDelivery({ delivery: row!, systemName: system.name });
}

/** External systems, newest first. */
export const externalSystemList = defineList({
  endpoint: externalSystemApi.search,
  table: s,
  id: s.id,
  select: { system: s, merchantName: merchantNameOf(s.merchantId), deviceCount: deviceCountOf },
  scope: records.scope,
  filters: {
    name: {
      where: (name) => ilike(s.name, likePattern(name)),
      unindexed: 'Part of a name: a merchant registers a handful of systems, so its rows are read in full.',
    },
    enabled: {
      where: (enabled) => eq(s.enabled, enabled),
      unindexed: 'Two values over a handful of systems per merchant.',
    },
    merchantId: (merchantId) => eq(s.merchantId, merchantId),
  },
  defaultOrder: () => ({ column: s.createdAt, direction: 'desc' }),
  count: 'exact',
  present: presentSystem,
});

/** The delivery log, newest first: each event sent (or to send) to a system, with its last attempt. */
export const webhookDeliveryList = defineList({
  endpoint: externalSystemApi.deliveries,
  table: d,
  id: d.id,
  select: { delivery: d, systemName: s.name },
  joins: [{ table: s, on: eq(s.id, d.systemId) }],
  scope: deliveryScope,
  filters: {
    systemId: (systemId) => eq(d.systemId, systemId),
    eventType: (type) => eq(d.eventType, type),
    status: (status) => eq(d.status, status),
    deviceNumber: (number) => like(d.deviceNumber, prefixPattern(number)),
    createdFrom: (from) => gte(d.createdAt, new Date(from)),
    createdTo: (to) => lte(d.createdAt, new Date(to)),
  },
  defaultOrder: () => ({ column: d.createdAt, direction: 'desc' }),
  count: 'capped',
  present: presentDelivery,
});

const SYSTEM_CSV: CsvColumn<ExternalSystemRecord>[] = fieldColumns([
  'id',
  'name',
  'merchantName',
  'url',
  'enabled',
  'deviceCount',
  'createdAt',
]);
const DELIVERY_CSV: CsvColumn<WebhookDeliveryRecord>[] = fieldColumns(
  [
    'id',
    'systemName',
    'eventType',
    'deviceKind',
    'deviceNumber',
    'status',
    'attempts',
    'lastStatusCode',
    'lastAnswer',
    'lastAttemptAt',
    'deliveredAt',
    'createdAt',
  ],
  { eventType: 'externalSystem.eventType', status: 'externalSystem.deliveryStatus', deviceKind: 'application.deviceKind' },
);

/** Distribution → External systems (/distribution/external-system). */
export function registerExternalSystemRoutes(app: FastifyInstance, settings: WebhookConfig): void {
  serve(app, externalSystemApi.search, ({ input, ctx }) => externalSystemList.search(ctx, input));
  serve(app, externalSystemApi.add, ({ input, ctx }) => addSystem(ctx, input, settings));
  serve(app, externalSystemApi.edit, async ({ input, ctx }) => {
    await checkWebhookUrl(input.url, settings.allowPrivate);
    return records.edit(ctx, input);
  });
  serve(app, externalSystemApi.remove, ({ input, ctx }) => records.remove(ctx, input.id));
  serve(app, externalSystemApi.export, ({ input, ctx, reply }) =>
    externalSystemList.sendExport(reply, ctx, input, { filename: 'external-systems.csv', columns: SYSTEM_CSV }),
  );
  serve(app, externalSystemApi.detail, ({ input, ctx }) => externalSystemList.detail(ctx, input.id));
  serve(app, externalSystemApi.devices, async ({ input, ctx }) => deviceList(ctx.db, (await ownSystem(ctx.db, ctx, input.id)).id));
  serve(app, externalSystemApi.setDevices, ({ input, ctx }) => setDevices(ctx, input));
  serve(app, externalSystemApi.sendTest, ({ input, ctx }) => sendTest(ctx, input.id));
  serve(app, externalSystemApi.deliveries, ({ input, ctx }) => webhookDeliveryList.search(ctx, input));
  serve(app, externalSystemApi.attempts, async ({ input, ctx }) => {
    const [delivery] = await ctx.db
      .select({ id: d.id })
      .from(d)
      .where(and(eq(d.id, input.id), deliveryScope(ctx)));
    if (!delivery) throw notFound();
    const rows = await ctx.db
      .select()
      .from(webhookAttempts)
      .where(eq(webhookAttempts.deliveryId, delivery.id))
      .orderBy(asc(webhookAttempts.attempt));
    return rows.map((row) => ({
      attempt: row.attempt,
      at: row.at.toISOString(),
      statusCode: row.statusCode,
      answer: row.answer,
      error: row.error,
      durationMs: row.durationMs,
    }));
  });
  serve(app, externalSystemApi.exportDeliveries, ({ input, ctx, reply }) =>
    webhookDeliveryList.sendExport(reply, ctx, input, { filename: 'webhook-deliveries.csv', columns: DELIVERY_CSV }),
  );
}

/** Demo systems of the two demo merchants (one disabled) and their deliveries in every state; once. */
export async function seedDemoExternalSystems(db: Db, demo: Pick<DemoContext, 'merchantIds' | 'fleet'>): Promise<void> {
  const [any] = await db.select({ id: s.id }).from(s).limit(1);
  if (any) return;
  const agent = demo.merchantIds['Demo Agent'];
  const siam = demo.merchantIds['Siam Swap Direct'];
  const minute = 60_000;
  const ago = (minutes: number) => new Date(Date.now() - minutes * minute);
  // How many of its merchant's cabinets, packs and vehicles each system may see (the demo fleet's first ones).
  type Sees = Record<DeviceKind, number>;
  const systems: { merchantId: number | undefined; name: string; url: string; enabled: boolean; sees: Sees }[] = [
    {
      merchantId: agent,
      name: 'Fleet partner API',
      url: 'https://partner.example.com/webhooks/swap',
      enabled: true,
      sees: { cabinet: 2, battery: 6, vehicle: 3 },
    },
    {
      merchantId: agent,
      name: 'Insurance feed',
      url: 'https://insurer.example.net/hooks/devices',
      enabled: false,
      sees: { cabinet: 0, battery: 0, vehicle: 4 },
    },
    {
      merchantId: siam,
      name: 'Bangkok delivery fleet',
      url: 'https://fleet.example.org/battery-events',
      enabled: true,
      sees: { cabinet: 1, battery: 4, vehicle: 2 },
    },
  ];
  const fleet = demo.fleet;
  const demoDevices = (merchantId: number, sees: Sees) =>
    fleet
      ? DEVICE_KINDS.flatMap((kind) => {
          const all =
            kind === 'cabinet'
              ? fleet.cabinets
              : kind === 'vehicle'
                ? fleet.vehicles
                : fleet.batteries.filter((b) => b.scrapStatus !== 'SCRAPPED');
          return all
            .filter((device) => device.merchantId === merchantId)
            .slice(0, sees[kind])
            .map((device) => ({ kind, number: device.number }));
        })
      : [];
  for (const [index, { sees, ...system }] of systems.entries()) {
    if (system.merchantId === undefined) continue;
    const [row] = await db
      .insert(s)
      .values({ ...system, merchantId: system.merchantId, signingKey: newSigningKey(), createdAt: ago(60 * 24 * (10 - index)) })
      .returning({ id: s.id });
    const devices = demoDevices(system.merchantId, sees);
    if (devices.length) await db.insert(externalSystemDevices).values(devices.map((device) => ({ systemId: row!.id, ...device })));
    const seenCabinet = devices.find((device) => device.kind === 'cabinet')?.number;
    const deliveries: {
      status: 'DELIVERED' | 'FAILED' | 'CANCELLED';
      type: 'swap' | 'test' | 'device.alarm';
      codes: number[];
      minutes: number;
    }[] = system.enabled
      ? [
          { status: 'DELIVERED', type: 'test', codes: [200], minutes: 600 },
          { status: 'DELIVERED', type: 'swap', codes: [500, 200], minutes: 300 },
          { status: 'FAILED', type: 'device.alarm', codes: [503, 503, 503, 503, 503, 503, 503, 503], minutes: 200 },
        ]
      : [{ status: 'CANCELLED', type: 'test', codes: [], minutes: 900 }];
    for (const delivery of deliveries) {
      const createdAt = ago(delivery.minutes);
      const last = delivery.codes.at(-1) ?? null;
      const answerOf = (code: number) =>
        code === 200 ? '{"received":true}' : code === 500 ? 'Internal Server Error' : 'Service Unavailable';
      const [saved] = await db
        .insert(d)
        .values({
          systemId: row!.id,
          merchantId: system.merchantId,
          eventType: delivery.type,
          // A swap or an alarm names one of the cabinets the system sees (a test event names none).
          ...(delivery.type !== 'test' && seenCabinet ? { deviceKind: 'cabinet' as const, deviceNumber: seenCabinet } : {}),
          data: { message: 'Demo event' },
          occurredAt: createdAt,
          status: delivery.status,
          attempts: delivery.codes.length,
          lastStatusCode: last,
          lastAnswer: last === null ? null : answerOf(last),
          lastAttemptAt: last === null ? null : createdAt,
          deliveredAt: delivery.status === 'DELIVERED' ? createdAt : null,
          createdAt,
        })
        .returning({ id: d.id });
      if (delivery.codes.length)
        await db.insert(webhookAttempts).values(
          delivery.codes.map((code, i) => ({
            deliveryId: saved!.id,
            attempt: i + 1,
            at: new Date(createdAt.getTime() + (2 ** i - 1) * 30_000),
            statusCode: code,
            answer: answerOf(code),
            durationMs: 80 + i * 7,
          })),
        );
    }
  }
}
