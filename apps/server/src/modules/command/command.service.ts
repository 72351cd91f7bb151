import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  cabinetTopic,
  type BatteryCommandSend,
  type BatteryPlace,
  type BatteryPlaceQuery,
  type CabinetCommandSend,
  type CommandName,
  type CommandRecord,
  type DeviceCommand,
  type FirmwareImage,
  type MessageKey,
} from '@swap/contracts';
import type { Ctx } from '../../app/context.js';
import { AppError, isUniqueViolation } from '../../app/errors.js';
import { fieldInvalid } from '../../app/policy.js';
import type { DeviceHub } from '../../app/device-hub.js';
import { auditInsert } from '../audit-log/index.js';
import { deviceLogInsert, type DeviceLogEntry } from '../device-log/index.js';
import { visibleBattery } from '../battery/index.js';
import { compartmentOfBattery, visibleCabinet } from '../cabinet/index.js';
import { deviceCommands } from './command.table.js';
import { endUnsent, outcomeKey, sweepOverdueCommands, waitForEnd, type CommandRow } from './command.lifecycle.js';
import { presentCommand } from './command.query.js';

export interface CommandDeps {
  hub: DeviceHub;
  timeoutMs: number;
}

interface Target {
  cabinetId: number;
  cabinetNumber: string;
  merchantId: number | null;
  online: boolean;
  batteryId: number | null;
  batteryNumber: string | null;
}

interface Order {
  name: CommandName;
  compartment: number | null;
  /** The image of a FIRMWARE_UPDATE (an upgrade task's). */
  firmware?: FirmwareImage;
  /** The command's id when the caller must know it before the device answers (a task's firmware reports name it). */
  id?: string;
}

function devicePayload(id: string, order: Order, issuedAt: Date, expiresAt: Date): DeviceCommand {
  const times = { id, issuedAt: issuedAt.toISOString(), expiresAt: expiresAt.toISOString() };
  if (order.name === 'FIRMWARE_UPDATE') {
    if (!order.firmware) throw new Error('a firmware update names its image');
    return { ...times, name: 'FIRMWARE_UPDATE', firmware: order.firmware };
  }
  return order.name === 'RESTART' ? { ...times, name: 'RESTART' } : { ...times, name: order.name, compartment: order.compartment ?? 1 };
}

/** Who sends: the request's account, or the account that started a task (the audit, history and log name it). */
type Sender = Pick<Ctx, 'db' | 'principal' | 'ip' | 'requestTime'>;

export type CommandRefusal = 'cabinetOffline' | 'commandOutstanding' | 'deviceLinkDown' | 'sendingFailed';

/**
 * The same entry in the log of the cabinet and, for a command from a battery's page, of the battery
 * (docs/device-protocol.md, "Device log").
 */
function logEntries(target: Target, entry: Pick<DeviceLogEntry, 'text' | 'params'>): DeviceLogEntry[] {
  const on = (deviceKind: 'cabinet' | 'battery', deviceId: number): DeviceLogEntry => ({
    kind: 'command',
    deviceKind,
    deviceId,
    merchantId: target.merchantId,
    ...entry,
  });
  return target.batteryId === null ? [on('cabinet', target.cabinetId)] : [on('cabinet', target.cabinetId), on('battery', target.batteryId)];
}

/**
 * The command row, its device log lines and its audit row in one statement (all or nothing, as a
 * transaction, in one round trip instead of five: docs/scaling.md, "The embedded database in its
 * own thread").
 */
async function insertCommand(sender: Sender, row: typeof deviceCommands.$inferInsert, order: Order, target: Target): Promise<void> {
  const { db } = sender;
  const by = sender.principal.name || sender.principal.username;
  const logged = deviceLogInsert(
    db,
    logEntries(
      target,
      order.compartment === null
        ? { text: 'deviceLogCommand', params: { command: order.name, by } }
        : { text: 'deviceLogCompartmentCommand', params: { command: order.name, compartment: order.compartment, by } },
    ),
  );
  const audited = auditInsert(db, sender, {
    action: 'command.send',
    objectType: 'cabinet',
    objectId: row.cabinetId,
    changes: { commandId: row.id, name: order.name, compartment: order.compartment, batteryId: row.batteryId ?? null },
  });
  await db.execute(
    sql`with command as (${db.insert(deviceCommands).values(row).getSQL()}), logged as (${logged.getSQL()}) ${audited.getSQL()}`,
  );
}

/**
 * Sends one command and waits for its end (bounded by the timeout): QUEUED → SENT → the device's
 * answer, or TIMEOUT. Answers the final row, or the refusal (offline, busy, link down, not sent);
 * refusals are audited and logged too.
 */
async function run(sender: Sender, deps: CommandDeps, target: Target, order: Order): Promise<CommandRow | CommandRefusal> {
  const refused = async (key: Exclude<CommandRefusal, 'sendingFailed'>) => {
    const { db } = sender;
    const audited = auditInsert(db, sender, {
      action: 'command.send',
      objectType: 'cabinet',
      objectId: target.cabinetId,
      changes: { name: order.name, compartment: order.compartment, batteryId: target.batteryId, refused: key },
      success: false,
    });
    const logged = deviceLogInsert(
      db,
      logEntries(target, { text: 'deviceLogCommandRefused', params: { command: order.name, reason: key } }),
    );
    // The audit row and the log lines in one statement.
    await db.execute(sql`with audited as (${audited.getSQL()}) ${logged.getSQL()}`);
    return key;
  };
  // No link to the broker (disabled, or an external broker away): nothing can reach any cabinet now.
  if (!deps.hub.connected) return refused('deviceLinkDown');
  if (!target.online) return refused('cabinetOffline');

  const id = order.id ?? randomUUID();
  const issuedAt = new Date();
  const expiresAt = new Date(issuedAt.getTime() + deps.timeoutMs);
  const row = {
    id,
    cabinetId: target.cabinetId,
    batteryId: target.batteryId,
    name: order.name,
    compartment: order.compartment,
    status: 'QUEUED' as const,
    issuedById: sender.principal.id,
    issuedByName: sender.principal.name || sender.principal.username,
    issuedAt,
    expiresAt,
  };
  try {
    await insertCommand(sender, row, order, target);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // The cabinet's outstanding command may be an orphan of a stopped server: end it if overdue, then retry once.
    if ((await sweepOverdueCommands(sender.db, target.cabinetId)).length === 0) return refused('commandOutstanding');
    try {
      await insertCommand(sender, row, order, target);
    } catch (again) {
      if (isUniqueViolation(again)) return refused('commandOutstanding');
      throw again;
    }
  }
  const changed = () => deps.hub.emitChange({ kind: 'cabinet', number: target.cabinetNumber, channel: 'command' });
  changed();

  const pending = waitForEnd(sender.db, id, expiresAt);
  const published = deps.hub.send(cabinetTopic(target.cabinetNumber, 'cmd'), devicePayload(id, order, issuedAt, expiresAt)).then(
    () => 'sent' as const,
    () => 'failed' as const,
  );
  // A fast device may finish before the broker acknowledges; a broker that never acknowledges meets the timeout.
  const first = await Promise.race([published, pending.done.then(() => 'ended' as const)]);
  if (first === 'failed') {
    pending.cancel();
    await endUnsent(sender.db, id);
    changed();
    return 'sendingFailed';
  }
  // A cabinet that answered before the broker's acknowledgement came back has its result record
  // the send: a second update of the row would only wait for that one's.
  if (first === 'sent' && !pending.answered()) {
    await sender.db
      .update(deviceCommands)
      .set({ status: 'SENT', sentAt: new Date() })
      .where(and(eq(deviceCommands.id, id), eq(deviceCommands.status, 'QUEUED')));
    changed();
  }
  // Its end is in the devices' logs by then, written with it (command.lifecycle.ts).
  try {
    return await pending.done;
  } finally {
    changed();
  }
}

/** A request's command: answers the command on success; a refusal, device failure or timeout is thrown as its catalogue message (with the command as data). */
async function issue(ctx: Ctx, deps: CommandDeps, target: Target, order: Order): Promise<CommandRecord> {
  const final = await run(ctx, deps, target, order);
  if (typeof final === 'string') throw new AppError(final);
  const record = presentCommand({ command: final, cabinetNumber: target.cabinetNumber, batteryNumber: target.batteryNumber }, ctx.lang);
  const failure = outcomeKey(final);
  if (failure) throw new AppError(failure, undefined, record);
  return record;
}

/**
 * One cabinet's command of a task (an upgrade, a command to many cabinets: docs/firmware.md), sent
 * in the name of the account that started the task. Answers the final row, or the refusal's message key.
 */
export async function sendTaskCommand(
  sender: Sender,
  deps: CommandDeps,
  cabinet: { id: number; number: string; merchantId: number | null; online: boolean },
  order: Order,
): Promise<{ row: CommandRow; failure: MessageKey | null } | { row: null; failure: CommandRefusal }> {
  const target = {
    cabinetId: cabinet.id,
    cabinetNumber: cabinet.number,
    merchantId: cabinet.merchantId,
    online: cabinet.online,
    batteryId: null,
    batteryNumber: null,
  };
  const final = await run(sender, deps, target, order);
  if (typeof final === 'string') return { row: null, failure: final };
  return { row: final, failure: outcomeKey(final) };
}

/** A command from the cabinet page (operation.cabinet): the caller's own cabinets only. */
export async function sendCabinetCommand(ctx: Ctx, deps: CommandDeps, body: CabinetCommandSend): Promise<CommandRecord> {
  const cabinet = await visibleCabinet(ctx, body.cabinetId);
  const compartment = body.name === 'RESTART' ? null : (body.compartment ?? null);
  if (compartment !== null && compartment > cabinet.compartmentCount) throw fieldInvalid(ctx, 'compartment');
  return issue(
    ctx,
    deps,
    {
      cabinetId: cabinet.id,
      cabinetNumber: cabinet.number,
      merchantId: cabinet.merchantId,
      online: cabinet.online,
      batteryId: null,
      batteryNumber: null,
    },
    { name: body.name, compartment },
  );
}

/**
 * Where a command from the battery page would go (operation.battery): the compartment holding the
 * battery and whether its cabinet is online, so the page disables its commands with the reason; null
 * when no cabinet (the caller sees) holds it. Another tenant's battery does not exist.
 */
export async function batteryPlaceOf(ctx: Ctx, body: BatteryPlaceQuery): Promise<BatteryPlace> {
  const battery = await visibleBattery(ctx, body.batteryId);
  const place = await compartmentOfBattery(ctx.db, ctx, battery.id);
  if (!place) return null;
  const { cabinetId, cabinetNumber, compartment, online, lastReportAt } = place;
  return { cabinetId, cabinetNumber, compartment, online, lastReportAt: lastReportAt?.toISOString() ?? null };
}

/** A command from the battery page (operation.battery): it goes to the compartment holding the battery. */
export async function sendBatteryCommand(ctx: Ctx, deps: CommandDeps, body: BatteryCommandSend): Promise<CommandRecord> {
  const battery = await visibleBattery(ctx, body.batteryId);
  const place = await compartmentOfBattery(ctx.db, ctx, battery.id);
  if (!place) throw new AppError('batteryNotInCabinet');
  return issue(
    ctx,
    deps,
    {
      cabinetId: place.cabinetId,
      cabinetNumber: place.cabinetNumber,
      merchantId: place.merchantId,
      online: place.online,
      batteryId: battery.id,
      batteryNumber: battery.number,
    },
    { name: body.name, compartment: place.compartment },
  );
}
