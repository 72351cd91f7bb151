import { and, eq, getTableColumns, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  DEVICE_FAILURE_MESSAGES,
  FINAL_COMMAND_STATUSES,
  type CommandResult,
  type CommandStatus,
  type DeviceFailureCode,
  type MessageKey,
} from '@swap/contracts';
import type { Db } from '../../db/client.js';
import { setBatterySwitches, type BatterySwitches } from '../battery/index.js';
import { batteryInCompartment, cabinetIdOfNumber, cabinetNumbers, cabinetOwnerOf } from '../cabinet/index.js';
import { insertDeviceLogRows } from '../device-log/index.js';
import { deviceCommands } from './command.table.js';

/** The lifecycle of docs/device-protocol.md: device results, timeouts and the waiters of the issuing request. */

export type CommandRow = typeof deviceCommands.$inferSelect;
export const OUTSTANDING_STATUSES = ['QUEUED', 'SENT', 'ACCEPTED'] as const satisfies readonly CommandStatus[];

export interface ResultLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

export const isFinal = (status: CommandStatus) => FINAL_COMMAND_STATUSES.includes(status);

/** The catalogue message of an outcome that is not a success; null while running or after success. */
export function outcomeKey(row: Pick<CommandRow, 'status' | 'failureCode'>): MessageKey | null {
  switch (row.status) {
    case 'FAILED':
      return DEVICE_FAILURE_MESSAGES[row.failureCode as DeviceFailureCode] ?? 'sendingFailed';
    case 'REJECTED':
      return 'commandRejected';
    case 'TIMEOUT':
    case 'EXPIRED':
      return 'commandTimeout';
    case 'CANCELLED':
      return 'cabinetOffline';
    default:
      return null;
  }
}

const COLUMNS = Object.entries(getTableColumns(deviceCommands));

/**
 * A change of commands' status in one statement with the end of those it ended in the devices'
 * logs (docs/device-protocol.md, "Device log"): the cabinet's and, for a command from a battery's
 * page, the battery's, with the outcome's reason when it is not a success. Written where the
 * command ends, whichever server or sweep ends it, and in the same round trip. Answers the changed rows.
 */
async function endAndLog(db: Db, change: { getSQL(): SQL }): Promise<CommandRow[]> {
  const failures = JSON.stringify(DEVICE_FAILURE_MESSAGES);
  const reason = sql`case e.status when 'FAILED' then coalesce(${failures}::jsonb ->> e.failure_code, ${'sendingFailed' satisfies MessageKey})
      when 'REJECTED' then ${'commandRejected' satisfies MessageKey} when 'CANCELLED' then ${'cabinetOffline' satisfies MessageKey}
      when 'TIMEOUT' then ${'commandTimeout' satisfies MessageKey} when 'EXPIRED' then ${'commandTimeout' satisfies MessageKey} end`;
  const logged = insertDeviceLogRows(sql`select d.kind, d.id, ${cabinetOwnerOf(sql`e.cabinet_id`)}, 'command',
      case when r.reason is null then ${'deviceLogCommandEnded' satisfies MessageKey} else ${'deviceLogCommandFailed' satisfies MessageKey} end,
      jsonb_strip_nulls(jsonb_build_object('command', e.name, 'status', e.status, 'reason', r.reason)), coalesce(e.finished_at, now())
    from ended e cross join lateral (select ${reason} as reason) r
      cross join lateral (values ('cabinet', e.cabinet_id), ('battery', e.battery_id)) d(kind, id)
    where e.status in (${sql.join(
      FINAL_COMMAND_STATUSES.map((status) => sql`${status}`),
      sql`, `,
    )}) and d.id is not null
    order by e.id, d.kind desc`);
  const result = await db.execute(sql`with ended as (${change.getSQL()}), logged as (${logged}) select * from ended`);
  // The rows as the table's own select maps them (the statement answers the columns' names).
  return (result as { rows: Record<string, unknown>[] }).rows.map(
    (raw) =>
      Object.fromEntries(
        COLUMNS.map(([key, column]) => [key, raw[column.name] === null ? null : column.mapFromDriverValue(raw[column.name])]),
      ) as CommandRow,
  );
}

/**
 * The requests waiting for their command to end, by command id. In-process: every server instance
 * hears every result (the link subscribes to all cabinets), so the one that sent the command settles it.
 */
const waiters = new Map<string, (row: CommandRow) => void>();

/** The waited-for commands their cabinet has answered here (a result received, stored or not yet). */
const answered = new Set<string>();

function settle(row: CommandRow): void {
  if (!isFinal(row.status)) return;
  const waiter = waiters.get(row.id);
  waiters.delete(row.id);
  answered.delete(row.id);
  waiter?.(row);
}

/** Device answered: at most one transition, only forward; a result for an unknown or finished command is ignored. */
const TRANSITIONS: Record<CommandResult['status'], readonly CommandStatus[]> = {
  ACCEPTED: ['QUEUED', 'SENT'],
  REJECTED: ['QUEUED', 'SENT'],
  SUCCEEDED: OUTSTANDING_STATUSES,
  FAILED: OUTSTANDING_STATUSES,
};

export type ResultOutcome = 'applied' | 'ignored';

const SWITCHES: Record<string, BatterySwitches> = {
  CHARGE_ALLOW: { chargeSwitch: 'ALLOWED' },
  CHARGE_FORBID: { chargeSwitch: 'FORBIDDEN' },
  DISCHARGE_ALLOW: { dischargeSwitch: 'ALLOWED' },
  DISCHARGE_FORBID: { dischargeSwitch: 'FORBIDDEN' },
};

/** A confirmed charge or discharge switch shows on the battery at once; its next BMS report confirms it. */
async function applySwitch(db: Db, row: CommandRow): Promise<void> {
  const change = SWITCHES[row.name];
  if (!change || row.compartment === null) return;
  await setBatterySwitches(db, batteryInCompartment(row.cabinetId, row.compartment), change);
}

/** Applies a cabinet's /cmd-result; only the cabinet a command was sent to may answer it. */
export async function applyCommandResult(
  db: Db,
  number: string,
  result: CommandResult,
  receivedAt: Date,
  log: ResultLog,
): Promise<ResultOutcome> {
  if (waiters.has(result.id)) answered.add(result.id);
  const ownCommand = and(eq(deviceCommands.id, result.id), eq(deviceCommands.cabinetId, cabinetIdOfNumber(number)));
  const final = result.status !== 'ACCEPTED';
  const change = db
    .update(deviceCommands)
    .set({
      status: result.status,
      // A fast device may answer before the sender recorded SENT.
      sentAt: sql`coalesce(${deviceCommands.sentAt}, ${receivedAt})`,
      acceptedAt: result.status === 'REJECTED' ? undefined : sql`coalesce(${deviceCommands.acceptedAt}, ${receivedAt})`,
      ...(final ? { finishedAt: receivedAt } : {}),
      ...(result.status === 'FAILED' ? { failureCode: result.failureCode ?? null } : {}),
      ...(result.detail !== undefined ? { detail: result.detail } : {}),
    })
    .where(and(ownCommand, inArray(deviceCommands.status, TRANSITIONS[result.status])))
    .returning();
  // ACCEPTED ends nothing, so it is the update alone, without endAndLog's log statement to plan.
  const [row] = final ? await endAndLog(db, change) : await change;
  if (row) {
    if (row.status === 'SUCCEEDED') await applySwitch(db, row);
    settle(row);
    return 'applied';
  }
  const [current] = await db.select().from(deviceCommands).where(ownCommand);
  if (!current) log.warn({ cabinet: number, command: result.id, status: result.status }, 'command result ignored: unknown command');
  else {
    log.info(
      { cabinet: number, command: result.id, status: result.status, current: current.status },
      'command result ignored: not outstanding',
    );
    // Another server instance applied it first: the waiting request still hears the end.
    settle(current);
  }
  return 'ignored';
}

/**
 * A cabinet that went offline (its last will, or its own word) cannot answer what it was sent: its
 * outstanding command ends CANCELLED at once, and the operator hears "cabinet offline" instead of
 * waiting for the timeout. Every server reads the cabinet's state: the one holding the waiting
 * request wakes it, whichever server ended the command. Answers whether a command ended here.
 */
export async function cancelOutstandingCommands(db: Db, cabinetNumber: string): Promise<boolean> {
  const ofCabinet = eq(deviceCommands.cabinetId, cabinetIdOfNumber(cabinetNumber));
  const ended = await endAndLog(
    db,
    db
      .update(deviceCommands)
      .set({ status: 'CANCELLED', finishedAt: new Date() })
      .where(and(ofCabinet, inArray(deviceCommands.status, OUTSTANDING_STATUSES)))
      .returning(),
  );
  for (const row of ended) settle(row);
  const waiting = [...waiters.keys()];
  if (waiting.length > 0) {
    const endedElsewhere = await db
      .select()
      .from(deviceCommands)
      .where(and(ofCabinet, inArray(deviceCommands.id, waiting), eq(deviceCommands.status, 'CANCELLED')));
    for (const row of endedElsewhere) settle(row);
  }
  return ended.length > 0;
}

/** A command that could not be sent ends FAILED (SENDING_FAILED), logged as every end is. */
export async function endUnsent(db: Db, id: string): Promise<void> {
  const rows = await endAndLog(
    db,
    db
      .update(deviceCommands)
      .set({ status: 'FAILED', failureCode: 'SENDING_FAILED', finishedAt: new Date() })
      .where(and(eq(deviceCommands.id, id), eq(deviceCommands.status, 'QUEUED')))
      .returning(),
  );
  for (const row of rows) settle(row);
}

/** Outstanding commands past their expiry end: TIMEOUT once sent, EXPIRED if never sent. */
export async function endOverdue(db: Db, where: SQL | undefined): Promise<CommandRow[]> {
  const rows = await endAndLog(
    db,
    db
      .update(deviceCommands)
      .set({
        status: sql`case when ${deviceCommands.status} = 'QUEUED' then 'EXPIRED' else 'TIMEOUT' end`,
        finishedAt: new Date(),
      })
      .where(and(inArray(deviceCommands.status, OUTSTANDING_STATUSES), where))
      .returning(),
  );
  for (const row of rows) settle(row);
  return rows;
}

/**
 * The sweep for commands nobody waits for any more (the sending server stopped or restarted):
 * every outstanding command past its expiry ends. Answers the cabinets whose command ended.
 */
export async function sweepOverdueCommands(db: Db, cabinetId?: number): Promise<string[]> {
  const rows = await endOverdue(
    db,
    and(lte(deviceCommands.expiresAt, new Date()), cabinetId === undefined ? undefined : eq(deviceCommands.cabinetId, cabinetId)),
  );
  if (rows.length === 0) return [];
  const ids = [...new Set(rows.map((r) => r.cabinetId))];
  return cabinetNumbers(db, ids);
}

export interface Pending {
  /** Resolves with the final row: the device's answer, or TIMEOUT at the expiry. */
  done: Promise<CommandRow>;
  /**
   * Whether a result of the cabinet's came in already: its update records the command as sent too
   * (`sentAt`), so the sender need not (docs/device-protocol.md, "Commands").
   */
  answered(): boolean;
  /** Stops waiting (the command never left). */
  cancel(): void;
}

/** Registers before publishing (a device may answer at once) and times the command out at its expiry. */
export function waitForEnd(db: Db, id: string, expiresAt: Date): Pending {
  let timer: NodeJS.Timeout | undefined;
  const done = new Promise<CommandRow>((resolve, reject) => {
    waiters.set(id, (row) => {
      clearTimeout(timer);
      resolve(row);
    });
    timer = setTimeout(
      () => {
        endOverdue(db, eq(deviceCommands.id, id))
          .then(async (ended) => {
            if (ended.length > 0) return;
            // Answered while the timer fired: read the final row.
            const [row] = await db.select().from(deviceCommands).where(eq(deviceCommands.id, id));
            if (row) settle(row);
          })
          .catch((error: unknown) => {
            waiters.delete(id);
            answered.delete(id);
            reject(error instanceof Error ? error : new Error(String(error)));
          });
      },
      Math.max(0, expiresAt.getTime() - Date.now()),
    );
  });
  return {
    done,
    answered: () => answered.has(id),
    cancel: () => {
      clearTimeout(timer);
      waiters.delete(id);
      answered.delete(id);
    },
  };
}
