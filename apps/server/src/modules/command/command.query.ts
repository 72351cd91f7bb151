import { and, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { commandApi, messageText, type CommandRecord, type Language } from '@swap/contracts';
import type { Ctx } from '../../app/context.js';
import { type CsvColumn } from '../../app/csv.js';
import { defineList } from '../../app/list.js';
import { batteryJoin, visibleBattery } from '../battery/index.js';
import { cabinetJoin, visibleCabinet } from '../cabinet/index.js';
import { deviceCommands } from './command.table.js';
import { outcomeKey, type CommandRow } from './command.lifecycle.js';

interface Joined {
  command: CommandRow;
  cabinetNumber: string;
  batteryNumber: string | null;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function presentCommand({ command: c, cabinetNumber, batteryNumber }: Joined, lang: Language): CommandRecord {
  const failure = outcomeKey(c);
  return {
    ...c,
    cabinetNumber,
    batteryNumber,
    failureMessage: failure ? messageText(failure, lang) : null,
    issuedAt: c.issuedAt.toISOString(),
    sentAt: iso(c.sentAt),
    acceptedAt: iso(c.acceptedAt),
    finishedAt: iso(c.finishedAt),
    expiresAt: c.expiresAt.toISOString(),
  };
}

/** The caller must see the cabinet whose history it asks for; another tenant's answers "cabinet does not exist". */
async function cabinetOwner(ctx: Ctx, query: { cabinetId: number }): Promise<SQL> {
  const found = await visibleCabinet(ctx, query.cabinetId);
  return eq(deviceCommands.cabinetId, found.id);
}

/** The caller must see the battery whose history it asks for; another tenant's answers "battery does not exist". */
async function batteryOwner(ctx: Ctx, query: { batteryId: number }): Promise<SQL> {
  const found = await visibleBattery(ctx, query.batteryId);
  return eq(deviceCommands.batteryId, found.id);
}

/** A cabinet's or battery's command history, newest first; the parent's visibility is its tenant scope. */
// Cabinet and battery come from their own modules as joins: the page stays one statement.
const cabinet = cabinetJoin(deviceCommands.cabinetId);
const battery = batteryJoin(deviceCommands.batteryId);
const history = {
  table: deviceCommands,
  id: deviceCommands.id,
  select: { command: deviceCommands, cabinetNumber: cabinet.number, batteryNumber: battery.number },
  joins: [cabinet.join, battery.join],
  scope: () => undefined,
  defaultOrder: () => ({ column: deviceCommands.issuedAt, direction: 'desc' as const }),
  count: 'exact' as const,
  present: (row: Joined, ctx: Ctx) => presentCommand(row, ctx.lang),
};
const WITHIN_PARENT =
  'Always within one cabinet’s or battery’s history (the parent), which its (cabinet_id, issued_at) or (battery_id, issued_at) index serves.';
const historyFilters = {
  status: { where: (status: CommandRecord['status']) => eq(deviceCommands.status, status), unindexed: WITHIN_PARENT },
  name: { where: (name: CommandRecord['name']) => eq(deviceCommands.name, name), unindexed: WITHIN_PARENT },
};

export const cabinetCommandList = defineList({
  ...history,
  endpoint: commandApi.cabinetSearch,
  parent: cabinetOwner,
  filters: { cabinetId: 'parent', ...historyFilters },
});

export const batteryCommandList = defineList({
  ...history,
  endpoint: commandApi.batterySearch,
  parent: batteryOwner,
  filters: { batteryId: 'parent', ...historyFilters },
});

/** The command history's columns, headed and worded as the history on screen. */
export const COMMAND_CSV_COLUMNS: CsvColumn<CommandRecord>[] = [
  { field: 'issuedAt' },
  { field: 'cabinetId', value: (r) => r.cabinetNumber },
  { field: 'compartment' },
  { field: 'batteryId', value: (r) => r.batteryNumber },
  { field: 'command', value: (r) => r.name, show: 'command.name' },
  { field: 'status', show: 'command.status' },
  { field: 'failureMessage' },
  { field: 'failureCode' },
  { field: 'issuedByName' },
  { field: 'finishedAt' },
  { field: 'id' },
];

/** The ends that count as a failed command; a cancelled one (its cabinet went away, or a stopped task) does not count at all. */
const FAILED_ENDS = ['REJECTED', 'FAILED', 'TIMEOUT', 'EXPIRED'] as const;

/**
 * Each cabinet's commands finished since `since` (cancelled ones left out) and how many of them
 * failed, for the cabinets that finished at least `atLeast`: what a business alarm rule on the
 * command failure rate reads (docs/alarms.md, "Business rules").
 */
export function commandOutcomesByCabinet(
  db: Db,
  since: Date,
  atLeast: number,
): Promise<{ cabinetId: number; finished: number; failed: number }[]> {
  return db
    .select({
      cabinetId: deviceCommands.cabinetId,
      finished: sql<number>`count(*)::int`,
      failed: sql<number>`(count(*) filter (where ${inArray(deviceCommands.status, [...FAILED_ENDS])}))::int`,
    })
    .from(deviceCommands)
    .where(and(gte(deviceCommands.finishedAt, since), inArray(deviceCommands.status, ['SUCCEEDED', ...FAILED_ENDS])))
    .groupBy(deviceCommands.cabinetId)
    .having(sql`count(*) >= ${atLeast}`);
}
