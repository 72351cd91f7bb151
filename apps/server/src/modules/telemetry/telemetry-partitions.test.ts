import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Db } from '../../db/client.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createDeviceTypes, createDevices, platformAdmin } from '../../test/factories.js';
import { batteryReport } from '../../test/device-fixtures.js';
import { commonSettings } from '../common-setting/common-setting.table.js';
import { persistTelemetry } from './telemetry.ingest.js';
import { purgeTelemetry } from './telemetry.service.js';
import {
  dayOf,
  ensureTelemetryPartitions,
  HISTORY_TABLES,
  partitionName,
  partitionsOf,
  purgeHistoryBefore,
  type HistoryTable,
} from './telemetry.partitions.js';

const DAY = 86_400_000;
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

describe('telemetry history partitioned by day', () => {
  let server: TestServer;
  let battery: { id: number; number: string };
  const now = Date.now();
  const today = dayOf(now);

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    const admin = (await platformAdmin(server)).token;
    const types = await createDeviceTypes(server, admin);
    const added = await createDevices(server, admin, 'battery', 1, { typeId: types.battery, prefix: 'BPART' });
    battery = { id: added.ids[0]!, number: added.numbers[0]! };
  });
  afterAll(() => server?.close());

  /** Stores a report of the battery at each time, through the ingest's writer. */
  const store = (times: number[]) =>
    persistTelemetry(
      server.db,
      times.map((at, i) => ({
        kind: 'battery',
        number: battery.number,
        payload: batteryReport({ soc: 10 + i }),
        at: new Date(at).toISOString(),
      })),
    );
  /** Where each of the battery's reports is, by time. */
  const placed = async (): Promise<Map<number, string>> =>
    new Map(
      rowsOf<{ at: Date | string; part: string }>(
        await server.db.execute(
          sql`select at, tableoid::regclass::text as part from battery_telemetry where battery_id = ${battery.id} order by at`,
        ),
      ).map((row) => [new Date(row.at).getTime(), row.part]),
    );
  const names = async (table: HistoryTable) => (await partitionsOf(server.db, table)).map((p) => p.name);

  it('makes the partitions of today and the next days once, and a report lands in its day', async () => {
    await ensureTelemetryPartitions(server.db, { now: new Date(now) });
    // Made: a second run (another server, the next hour) finds nothing to make.
    expect(await ensureTelemetryPartitions(server.db, { now: new Date(now) })).toEqual([]);
    for (const table of HISTORY_TABLES) {
      const list = await names(table);
      for (let d = 0; d <= 3; d++) expect(list).toContain(partitionName(table, today + d * DAY));
      expect(list).toContain(`${table}_default`);
    }
    const kinds = rowsOf<{ name: string; kind: string }>(
      await server.db.execute(
        sql`select c.relname::text as name, c.relkind::text as kind from pg_class c where c.relname in ('battery_telemetry', 'vehicle_telemetry', 'cabinet_telemetry')`,
      ),
    );
    expect(kinds.map((row) => row.kind)).toEqual(['p', 'p', 'p']);
    await store([now]);
    expect((await placed()).get(now)).toBe(partitionName('battery_telemetry', today));
  });

  it('stores a report of a day without a partition in the default one, and moves it into its day when that is made', async () => {
    const future = now + 400 * DAY;
    const past = now - 400 * DAY;
    await store([future, past]);
    let where = await placed();
    expect(where.get(future)).toBe('battery_telemetry_default');
    expect(where.get(past)).toBe('battery_telemetry_default');

    const made = await ensureTelemetryPartitions(server.db, { now: new Date(future), daysAhead: 0 });
    expect(made).toContain(partitionName('battery_telemetry', dayOf(future)));
    where = await placed();
    expect(where.get(future)).toBe(partitionName('battery_telemetry', dayOf(future)));
    expect(where.get(past)).toBe('battery_telemetry_default');
    expect(where.size).toBe(3);
  });

  it('purges by dropping the days wholly past the retention, deletes older rows of the default partition, keeps the rest', async () => {
    await server.db.update(commonSettings).set({ value: '30' }).where(eq(commonSettings.name, 'telemetry_retention'));
    const cutoff = now - 30 * DAY;
    // Days 40 to 28 ago have partitions; 20 days ago has none (its report goes to the default partition).
    await ensureTelemetryPartitions(server.db, { now: new Date(now - 40 * DAY), daysAhead: 12 });
    const times = { gone40: now - 40 * DAY, gone35: now - 35 * DAY, kept29: now - 29 * DAY, kept20: now - 20 * DAY };
    await store(Object.values(times));
    expect((await placed()).get(times.kept20)).toBe('battery_telemetry_default');
    // A summarised hour before the retention and one within it.
    const hour = (at: number) => new Date(Math.floor(at / 3_600_000) * 3_600_000).toISOString();
    for (const at of [times.gone40, times.kept29])
      await server.db.execute(sql`insert into telemetry_track (kind, device_id, hour, seq, start_at, end_at, legs, still, head, dt, km)
        values ('battery', ${battery.id}, ${hour(at)}::timestamptz, 0, ${hour(at)}::timestamptz, ${hour(at)}::timestamptz, 0, true, false, 0, 0)`);

    let due = 0;
    for (const table of HISTORY_TABLES)
      due += (await partitionsOf(server.db, table)).filter((p) => p.hi !== undefined && p.hi <= cutoff).length;
    expect(due).toBeGreaterThanOrEqual(3 * 6);

    // Not a number of days: nothing is purged.
    await server.db.update(commonSettings).set({ value: 'forever' }).where(eq(commonSettings.name, 'telemetry_retention'));
    expect(await purgeTelemetry(server.db, { now: new Date(now) })).toBeUndefined();
    await server.db.update(commonSettings).set({ value: '30' }).where(eq(commonSettings.name, 'telemetry_retention'));

    const purged = await purgeTelemetry(server.db, { now: new Date(now), chunk: 1 });
    expect(purged).toEqual({ rows: 1, partitions: due, deferred: 0 });
    const where = await placed();
    expect([...where.keys()]).toEqual([times.kept29, times.kept20, now, now + 400 * DAY]);
    for (const table of HISTORY_TABLES) {
      const list = await names(table);
      for (let d = -40; d <= -28; d++) {
        const day = today + d * DAY;
        // A day goes once all of it is past the retention; the day the retention starts in stays.
        expect(list.includes(partitionName(table, day))).toBe(day + DAY > cutoff);
      }
      expect(list).toContain(`${table}_default`);
    }
    const track = rowsOf<{ hour: Date | string }>(
      await server.db.execute(sql`select hour from telemetry_track where kind = 'battery' and device_id = ${battery.id}`),
    );
    expect(track.map((row) => new Date(row.hour).toISOString())).toEqual([hour(times.kept29)]);
    await server.db.update(commonSettings).set({ value: '90' }).where(eq(commonSettings.name, 'telemetry_retention'));
  });

  it('several servers making and dropping partitions at once make each day once and drop each once', async () => {
    const base = now - 200 * DAY;
    const made = await Promise.all(
      Array.from({ length: 8 }, (_, i) => ensureTelemetryPartitions(server.db, { now: new Date(base + (i % 4) * DAY), daysAhead: 3 })),
    );
    const all = made.flat();
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(3 * 7);
    for (const table of HISTORY_TABLES)
      for (let d = 0; d < 7; d++) expect(await names(table)).toContain(partitionName(table, dayOf(base) + d * DAY));

    const kept = base + 30 * DAY;
    await store([kept]);
    const purges = await Promise.all(Array.from({ length: 4 }, () => purgeHistoryBefore(server.db, new Date(base + 10 * DAY))));
    expect(purges.reduce((sum, p) => sum + p.partitions, 0)).toBe(3 * 7);
    for (const table of HISTORY_TABLES)
      for (let d = 0; d < 7; d++) expect(await names(table)).not.toContain(partitionName(table, dayOf(base) + d * DAY));
    // The history after the cutoff is untouched.
    expect([...(await placed()).keys()]).toContain(kept);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'leaves a day to the next run while a reader holds the table longer than the wait, and still deletes the default partition’s old rows',
    async () => {
      const day = now - 300 * DAY;
      await ensureTelemetryPartitions(server.db, { now: new Date(day), daysAhead: 0 });
      const times = { inDay: day, inDefault: now - 500 * DAY };
      await store(Object.values(times));
      let reading!: () => void;
      const read = new Promise<void>((resolve) => (reading = resolve));
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      // A long reader of the battery history (another server's trajectory call) holds its lock.
      const reader = server.db.transaction(async (tx) => {
        await tx.execute(sql`select count(*) from battery_telemetry`);
        reading();
        await held;
      });
      await read;
      const cutoff = new Date(now - 200 * DAY);
      const purged = await purgeHistoryBefore(server.db, cutoff).finally(release);
      await reader;
      expect(purged).toMatchObject({ rows: 1, deferred: 1 });
      // The other tables' days went; the battery's day waits, the default partition's old report is gone.
      expect(purged.partitions).toBeGreaterThanOrEqual(2);
      expect(await names('battery_telemetry')).toContain(partitionName('battery_telemetry', dayOf(day)));
      expect((await placed()).has(times.inDefault)).toBe(false);
      expect(await purgeHistoryBefore(server.db, cutoff)).toMatchObject({ partitions: 1, deferred: 0 });
      expect((await placed()).has(times.inDay)).toBe(false);
    },
  );
});

describe('the migration to day partitions', () => {
  it('keeps the rows of a database that held history, in a legacy partition the purge deletes from and then drops', async () => {
    const folder = path.resolve(import.meta.dirname, '../../../drizzle');
    const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((entry) => entry.tag.endsWith('_telemetry_by_day'));
    expect(at).toBeGreaterThan(0);
    // The migrations before this one, as a database made before it ran them.
    const before = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
    fs.mkdirSync(path.join(before, 'meta'));
    for (const entry of journal.entries.slice(0, at))
      fs.copyFileSync(path.join(folder, `${entry.tag}.sql`), path.join(before, `${entry.tag}.sql`));
    fs.writeFileSync(path.join(before, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));

    const client = new PGlite();
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: before });
      const now = Date.now();
      const old = new Date(now - 100 * DAY).toISOString();
      const recent = new Date(now - 3_600_000).toISOString();
      await client.exec(`insert into battery_telemetry (battery_id, at, soc, voltage, current, temperature)
        values (1, '${old}', 50, 64, -5, 30), (1, '${recent}', 51, 64, -5, 30), (2, '${recent}', 52, 64, -5, 30)`);
      await client.exec(
        `insert into vehicle_telemetry (vehicle_id, at, latitude, longitude, speed, acc) values (7, '${old}', -6.2, 106.8, 10, 'ON')`,
      );

      await migrate(db, { migrationsFolder: folder });
      const partitioned = await client.query<{ name: string }>(
        `select c.relname as name from pg_partitioned_table p join pg_class c on c.oid = p.partrelid order by 1`,
      );
      expect(partitioned.rows.map((row) => row.name)).toEqual(['battery_telemetry', 'cabinet_telemetry', 'vehicle_telemetry']);
      const rows = await client.query<{ part: string; n: number }>(
        `select tableoid::regclass::text as part, count(*)::int as n from battery_telemetry group by 1`,
      );
      expect(rows.rows).toEqual([{ part: 'battery_telemetry_legacy', n: 3 }]);
      // The empty cabinet history is simply replaced; the vehicle's row stays.
      expect((await client.query(`select to_regclass('cabinet_telemetry_legacy') as t`)).rows).toEqual([{ t: null }]);
      expect((await client.query(`select count(*)::int as n from vehicle_telemetry`)).rows).toEqual([{ n: 1 }]);

      // The trajectory triggers now sit on the partitioned table: a report in a summarised hour forgets it.
      const hour = new Date(Math.floor((now - 5 * DAY) / 3_600_000) * 3_600_000).toISOString();
      await client.exec(`insert into telemetry_track (kind, device_id, hour, seq, start_at, end_at, legs, still, head, dt, km)
        values ('vehicle', 7, '${hour}', 0, '${hour}', '${hour}', 0, true, false, 0, 0)`);
      await client.exec(
        `insert into vehicle_telemetry (vehicle_id, at, latitude, longitude, speed, acc) values (7, '${hour}', -6.2, 106.8, 0, 'OFF')`,
      );
      expect((await client.query(`select count(*)::int as n from telemetry_track where device_id = 7`)).rows).toEqual([{ n: 0 }]);

      // Day partitions start where the legacy one ends; the purge deletes its old rows, then drops it whole.
      const partitionDb = db as unknown as Db;
      const made = await ensureTelemetryPartitions(partitionDb, { now: new Date(now) });
      expect(made).not.toContain(partitionName('battery_telemetry', dayOf(now)));
      expect(made).toContain(partitionName('cabinet_telemetry', dayOf(now)));
      expect(await purgeHistoryBefore(partitionDb, new Date(now - 30 * DAY))).toEqual({ rows: 2, partitions: 0, deferred: 0 });
      expect((await client.query(`select count(*)::int as n from battery_telemetry`)).rows).toEqual([{ n: 2 }]);
      const legacy = (await partitionsOf(partitionDb, 'battery_telemetry')).find((p) => p.name === 'battery_telemetry_legacy');
      const gone = await purgeHistoryBefore(partitionDb, new Date(legacy!.hi!));
      expect(gone.partitions).toBeGreaterThanOrEqual(2);
      expect((await client.query(`select to_regclass('battery_telemetry_legacy') as t`)).rows).toEqual([{ t: null }]);
    } finally {
      await client.close();
      fs.rmSync(before, { recursive: true, force: true });
    }
  });
});
