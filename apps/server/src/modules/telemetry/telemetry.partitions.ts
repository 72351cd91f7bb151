import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/**
 * The telemetry history by day (docs/scaling.md, "Partitioning by time"; migration 0061): each
 * history table is partitioned by range of `at`, one partition per UTC day named
 * `<table>_YYYYMMDD`, a default partition (`<table>_default`) that takes a report of a day without
 * a partition, and, on a database that held history before, `<table>_legacy` with those rows (from
 * the earliest time to the day after the migration). Writes and reads name the parent table.
 */
export const HISTORY_TABLES = ['battery_telemetry', 'vehicle_telemetry', 'cabinet_telemetry'] as const;
export type HistoryTable = (typeof HISTORY_TABLES)[number];

/** Days after today whose partitions are made ahead (today's included). */
export const PARTITION_DAYS_AHEAD = 3;
/** How long dropping a partition waits for the table's lock before leaving it to the next run. */
const DROP_LOCK_TIMEOUT = '2s';
const DAY_MS = 86_400_000;

interface Partition {
  name: string;
  /** Its range in ms; lo undefined from the earliest time; both undefined for the default partition. */
  lo?: number;
  hi?: number;
  isDefault: boolean;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? [];

/** The UTC day that holds `at`, as its start in ms. */
export const dayOf = (at: number): number => Math.floor(at / DAY_MS) * DAY_MS;

/** The name of a table's partition of the UTC day starting at `day`. */
export function partitionName(table: HistoryTable, day: number): string {
  return `${table}_${new Date(day).toISOString().slice(0, 10).replaceAll('-', '')}`;
}

/** Several servers maintain the partitions at once: one table's changes run one at a time. */
const lockTable = (table: HistoryTable) => sql`select pg_advisory_xact_lock(hashtext('telemetry_partitions'), hashtext(${table}))`;

/** A table's partitions with their ranges. */
export async function partitionsOf(db: Db, table: HistoryTable): Promise<Partition[]> {
  const rows = rowsOf<{ name: string; is_default: boolean; lo: number | string | null; hi: number | string | null }>(
    await db.execute(sql`
      select name, bound = 'DEFAULT' as is_default,
        (extract(epoch from (regexp_match(bound, 'FROM [(]''([^'']+)''[)]'))[1]::timestamptz) * 1000)::float8 as lo,
        (extract(epoch from (regexp_match(bound, 'TO [(]''([^'']+)''[)]'))[1]::timestamptz) * 1000)::float8 as hi
      from (
        select c.relname::text as name, pg_get_expr(c.relpartbound, c.oid) as bound
        from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = ${table}::regclass
      ) p
      order by lo nulls first`),
  );
  return rows.map((row) => ({
    name: row.name,
    lo: row.lo === null ? undefined : Number(row.lo),
    hi: row.hi === null ? undefined : Number(row.hi),
    isDefault: row.is_default,
  }));
}

const iso = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;
/** A bound written into a statement that takes no parameters (DDL); an ISO time has no quote. */
const literal = (ms: number) => sql.raw(`'${new Date(ms).toISOString()}'::timestamptz`);

/**
 * Makes the partitions of the UTC days from today to `daysAhead` days after it that no partition
 * covers yet. Reports of such a day already in the default partition (written while it had no
 * partition) move into it in the same transaction, so nothing stored is lost. Answers the names made.
 */
export async function ensureTelemetryPartitions(db: Db, options: { now?: Date; daysAhead?: number } = {}): Promise<string[]> {
  const today = dayOf((options.now ?? new Date()).getTime());
  const made: string[] = [];
  for (const table of HISTORY_TABLES) {
    await db.transaction(async (tx) => {
      await tx.execute(lockTable(table));
      const partitions = await partitionsOf(tx, table);
      const fallback = partitions.find((p) => p.isDefault);
      for (let d = 0; d <= (options.daysAhead ?? PARTITION_DAYS_AHEAD); d++) {
        const lo = today + d * DAY_MS;
        const hi = lo + DAY_MS;
        const taken = partitions.some((p) => !p.isDefault && (p.lo ?? -Infinity) < hi && (p.hi ?? Infinity) > lo);
        if (taken) continue;
        const name = partitionName(table, lo);
        // Made apart and attached: attaching locks the parent far less than CREATE … PARTITION OF.
        await tx.execute(sql`create table ${sql.identifier(name)} (like ${sql.identifier(table)} including defaults)`);
        if (fallback) {
          await tx.execute(sql`with moved as (
              delete from only ${sql.identifier(fallback.name)} where at >= ${iso(lo)} and at < ${iso(hi)} returning *
            ) insert into ${sql.identifier(name)} select * from moved`);
        }
        await tx.execute(
          sql`alter table ${sql.identifier(table)} attach partition ${sql.identifier(name)} for values from (${literal(lo)}) to (${literal(hi)})`,
        );
        made.push(name);
      }
    });
  }
  return made;
}

/** What a purge removed: rows deleted (default and legacy partitions) and day partitions dropped. */
export interface PurgeResult {
  rows: number;
  partitions: number;
  /** Partitions past the retention left to the next run: a reader held the table longer than the wait. */
  deferred: number;
}

const affected = (result: unknown): number =>
  (result as { rowCount?: number | null }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0;

/** The database's error code of a failed statement (the driver may wrap the error). */
const codeOf = (error: unknown): string | undefined => {
  const e = error as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code ?? e?.cause?.code;
};
const LOCK_NOT_AVAILABLE = '55P03';
const UNDEFINED_TABLE = '42P01';

/**
 * Removes the history before `cutoff`: every partition that ends by then is dropped whole (a day
 * is kept until all of it is past the retention), and the default and legacy partitions, which hold
 * reports of any time, lose their rows before it in chunks of `chunk` rows (short transactions).
 * The trajectory summaries of the hours before it go too (docs/stations-and-maps.md, "Trajectories").
 */
export async function purgeHistoryBefore(db: Db, cutoff: Date, chunk = 10_000): Promise<PurgeResult> {
  const result: PurgeResult = { rows: 0, partitions: 0, deferred: 0 };
  const until = cutoff.getTime();
  const past = (p: Partition) => !p.isDefault && p.hi !== undefined && p.hi <= until;
  for (const table of HISTORY_TABLES) {
    try {
      result.partitions += await db.transaction(async (tx) => {
        await tx.execute(lockTable(table));
        const gone = (await partitionsOf(tx, table)).filter(past);
        if (gone.length === 0) return 0;
        // Dropping a partition locks the parent for a moment: when a reader holds it longer, the next run drops it.
        await tx.execute(sql.raw(`set local lock_timeout = '${DROP_LOCK_TIMEOUT}'`));
        for (const p of gone) await tx.execute(sql`drop table ${sql.identifier(p.name)}`);
        return gone.length;
      });
    } catch (error) {
      if (codeOf(error) !== LOCK_NOT_AVAILABLE) throw error;
    }
    const partitions = await partitionsOf(db, table);
    result.deferred += partitions.filter(past).length;
    // What holds reports of any time: the default partition and a legacy one not past yet.
    for (const p of partitions.filter((p) => p.isDefault || (p.lo === undefined && !past(p)))) {
      for (;;) {
        let count: number;
        try {
          count = affected(
            await db.execute(
              sql`delete from only ${sql.identifier(p.name)} where ctid = any(array(select ctid from only ${sql.identifier(p.name)} where at < ${iso(until)} limit ${chunk}))`,
            ),
          );
        } catch (error) {
          // Another server's purge dropped it meanwhile.
          if (codeOf(error) === UNDEFINED_TABLE) break;
          throw error;
        }
        result.rows += count;
        if (count < chunk) break;
      }
    }
  }
  for (;;) {
    const count = affected(
      await db.execute(
        sql`delete from telemetry_track where ctid = any(array(select ctid from telemetry_track where hour < date_trunc('hour', ${iso(until)}) limit ${chunk}))`,
      ),
    );
    if (count < chunk) break;
  }
  return result;
}
