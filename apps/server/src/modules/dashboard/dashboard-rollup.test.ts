import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { DASHBOARD_TIME_ZONE, TIME_ZONE_SETTING, commonSettingApi, dashboardApi, type SwapEvent } from '@swap/contracts';
import { seededRandom } from '@swap/simulator';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { assignToStation, createDevices, succeed, twoMerchants, unique, type Caller, type MerchantFixture } from '../../test/factories.js';
import { openDatabase, type Database } from '../../db/client.js';
import type { Db } from '../../db/client.js';
import { applySwapEvent, swapFigureFacts } from '../swap/index.js';
import { rebuildFigures, type RebuildMark } from './index.js';
import { DAY_MS, addDays, dayOf, dayStartOf } from './dashboard.time.js';

const HOUR = 3_600_000;
const CARDS = ['dashboard.figures', 'dashboard.trends', 'dashboard.ranking'];

let server: TestServer;
let platform: Caller;
let north: MerchantFixture;
let south: MerchantFixture;
let cabinets: { number: string; merchantId: number }[];
let second: Database | undefined;

beforeAll(async () => {
  server = await startTestServer({ DEMO: '0' });
  const { types, ...tenants } = await twoMerchants(server, CARDS);
  ({ platform, a: north, b: south } = tenants);
  const northCabinets = await createDevices(server, platform.token, 'cabinet', 3, {
    typeId: types.cabinet,
    prefix: unique('DN'),
    merchantId: north.id,
  });
  const southCabinets = await createDevices(server, platform.token, 'cabinet', 2, {
    typeId: types.cabinet,
    prefix: unique('DS'),
    merchantId: south.id,
  });
  await assignToStation(server, platform.token, 'cabinet', northCabinets.numbers.slice(0, 2), north.id);
  cabinets = [
    ...northCabinets.numbers.map((number) => ({ number, merchantId: north.id })),
    ...southCabinets.numbers.map((number) => ({ number, merchantId: south.id })),
  ];
  if (server.databaseUrl) second = await openDatabase({ databaseUrl: server.databaseUrl, dataDir: 'memory://' });
});
afterAll(async () => {
  await second?.close();
  await server?.close();
});

/** A swap as a cabinet reports it, `hoursAgo` before now. */
function swap(random: () => number, index: number, hoursAgo: number): SwapEvent {
  const startedAt = new Date(Date.now() - hoursAgo * HOUR);
  const roll = random();
  const result = roll < 0.8 ? 'SUCCEEDED' : roll < 0.9 ? 'FAILED' : 'ABORTED';
  return {
    type: 'SWAP',
    eventId: `dash-${index}`,
    batteryIn: result === 'ABORTED' ? null : { number: `BX${index}A`, compartment: 1, soc: 12 },
    batteryOut: result === 'ABORTED' ? null : { number: `BX${index}B`, compartment: 2, soc: 98 },
    startedAt: startedAt.toISOString(),
    endedAt: new Date(startedAt.getTime() + 45_000).toISOString(),
    result,
    ...(result === 'FAILED' ? { failureCode: 'OPEN_DOOR_FAILURE' as const } : {}),
  };
}

type Row = Record<string, string | number>;
async function rows(db: Db, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}

/** The raw aggregate of the swap records, by merchant and hour, by cabinet and day (in the zone), by merchant in all: what the rollups must hold. */
async function rawSwaps(db: Db, zone = DASHBOARD_TIME_ZONE) {
  return {
    hours: await rows(
      db,
      sql`select coalesce(merchant_id, 0) as merchant, date_trunc('hour', started_at at time zone 'UTC')::text as hour, count(*)::int as swaps
          from swap_record where result = 'SUCCEEDED' group by 1, 2 order by 1, 2`,
    ),
    cabinetDays: await rows(
      db,
      sql`select cabinet_id as cabinet, (started_at at time zone ${sql.raw(`'${zone}'`)})::date::text as day, count(*)::int as swaps
          from swap_record where result = 'SUCCEEDED' group by 1, 2 order by 1, 2`,
    ),
    totals: await rows(
      db,
      sql`select coalesce(merchant_id, 0) as merchant, count(*)::int as swaps from swap_record where result = 'SUCCEEDED' group by 1 order by 1`,
    ),
  };
}

async function rolledUp(db: Db) {
  return {
    hours: await rows(
      db,
      sql`select merchant_id as merchant, (hour at time zone 'UTC')::text as hour, swaps from dashboard_merchant_hour where swaps <> 0 order by 1, 2`,
    ),
    cabinetDays: await rows(
      db,
      sql`select cabinet_id as cabinet, day::text as day, sum(swaps)::int as swaps from dashboard_cabinet_day where swaps <> 0 group by 1, 2 order by 1, 2`,
    ),
    totals: await rows(db, sql`select merchant_id as merchant, swaps from dashboard_merchant_total where swaps <> 0 order by 1`),
  };
}

describe('dashboard rollups', () => {
  it('hold what the raw swaps add up to, with events arriving late, out of order and twice', async () => {
    const random = seededRandom(16);
    // Three days of swaps on five cabinets of two merchants, reported in a shuffled order (late ones
    // among them: a swap of two days ago reported after today's), some reported twice.
    const events = Array.from({ length: 40 }, (_, i) => ({
      cabinet: cabinets[i % cabinets.length]!,
      event: swap(random, i, random() * 72),
    }));
    const shuffled = [...events].sort(() => random() - 0.5);
    for (const { cabinet, event } of shuffled) await applySwapEvent(server.db, cabinet.number, event);
    for (const { cabinet, event } of shuffled.slice(0, 6)) await applySwapEvent(server.db, cabinet.number, event);
    // A cabinet's report of a swap of 40 hours ago, arriving now.
    await applySwapEvent(server.db, cabinets[0]!.number, { ...swap(() => 0, 999, 40) });

    expect(await rolledUp(server.db)).toEqual(await rawSwaps(server.db));
    const [{ today } = { today: 0 }] = (await rows(
      server.db,
      sql`select count(*)::int as today from swap_record where result = 'SUCCEEDED' and merchant_id = ${north.id}
          and (started_at at time zone ${sql.raw(`'${DASHBOARD_TIME_ZONE}'`)})::date = (now() at time zone ${sql.raw(`'${DASHBOARD_TIME_ZONE}'`)})::date`,
    )) as { today: number }[];
    const figures = await succeed(server, dashboardApi.figures, undefined, north.admin.token);
    expect(figures.swaps.today).toBe(today);
    const month = await succeed(server, dashboardApi.trend, { range: 'month' }, south.admin.token);
    const [{ all } = { all: 0 }] = (await rows(
      server.db,
      sql`select count(*)::int as "all" from swap_record where result = 'SUCCEEDED' and merchant_id = ${south.id}`,
    )) as { all: number }[];
    expect(month.points.reduce((sum, point) => sum + point.swaps, 0)).toBe(all);
  });

  it('ranks the cabinets with the most swaps today, each tenant its own', async () => {
    // A swap on each cabinet now: at the start of the zone's day the ones above may hold none of today.
    for (const [i, cabinet] of cabinets.entries())
      await applySwapEvent(
        server.db,
        cabinet.number,
        swap(() => 0, 2000 + i, 0),
      );
    const ranking = await succeed(server, dashboardApi.ranking, undefined, north.admin.token);
    const own = new Set(cabinets.filter((c) => c.merchantId === north.id).map((c) => c.number));
    expect(ranking.busiestCabinets.length).toBeGreaterThan(0);
    expect(ranking.busiestCabinets.every((row) => own.has(row.cabinetNumber))).toBe(true);
    const swapsOf = ranking.busiestCabinets.map((row) => row.swaps);
    expect(swapsOf).toEqual([...swapsOf].sort((a, b) => b - a));
    // The cabinets standing in a station name it.
    expect(ranking.busiestCabinets.some((row) => row.stationName !== null)).toBe(true);
    // North's one station, with its two cabinets that hold no battery yet: nothing to swap there.
    expect(ranking.emptiestStations).toEqual([expect.objectContaining({ swappable: 0, batteries: 0, cabinets: 2 })]);
    expect(ranking.emptiestStations[0]!.stationName).not.toBe('');
    // Each row names its station's type, so the screen links it to the right station page.
    expect(ranking.emptiestStations[0]!.stationType).toBe('SWAP');
    expect(ranking.busiestCabinets.filter((row) => row.stationId !== null).every((row) => row.stationType === 'SWAP')).toBe(true);
    const southRanking = await succeed(server, dashboardApi.ranking, undefined, south.admin.token);
    expect(southRanking.emptiestStations).toEqual([]);
    const all = await succeed(server, dashboardApi.ranking, undefined, platform.token);
    expect(all.busiestCabinets.some((row) => !own.has(row.cabinetNumber))).toBe(true);
  });

  it('are made again the same by a rebuild reading the swaps one day at a time', async () => {
    const before = await rolledUp(server.db);
    expect(before.hours.length).toBeGreaterThan(3);
    await rebuildFigures(server.db, [swapFigureFacts]);
    expect(await rolledUp(server.db)).toEqual(before);
    expect(before).toEqual(await rawSwaps(server.db));
  });

  it('are made the same by a rebuild stopped halfway that goes on from its place', async () => {
    const before = await rolledUp(server.db);
    const days = new Set(before.hours.map((row) => String(row.hour).slice(0, 10)));
    expect(days.size).toBeGreaterThan(2);
    // A whole rebuild keeping its place: a mark a day, and one at its end.
    let whole = 0;
    await rebuildFigures(server.db, [swapFigureFacts], { save: async () => Promise.resolve(whole++).then(() => undefined) });
    expect(await rolledUp(server.db)).toEqual(before);
    let kept: RebuildMark | undefined;
    let windows = 0;
    // Stops in the third day's transaction: that day is not counted, the mark names it.
    const stopping = rebuildFigures(server.db, [swapFigureFacts], {
      save: (_tx, mark) => {
        if (++windows === 3) return Promise.reject(new Error('stopped'));
        kept = mark;
        return Promise.resolve();
      },
    });
    await expect(stopping).rejects.toThrow('stopped');
    expect(kept).toEqual({ source: 0, from: expect.any(Number) });
    expect(await rolledUp(server.db)).not.toEqual(before);
    // Going on counts only the days from the mark: the two days counted before are not read again.
    let resumed = 0;
    await rebuildFigures(server.db, [swapFigureFacts], { mark: kept!, save: async () => Promise.resolve(resumed++).then(() => undefined) });
    expect(await rolledUp(server.db)).toEqual(before);
    expect(resumed).toBe(whole - 2);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('stay exact with two servers storing swaps of the same hours at once', async () => {
    const random = seededRandom(61);
    const events = Array.from({ length: 120 }, (_, i) => ({
      cabinet: cabinets[i % cabinets.length]!,
      event: swap(random, 5000 + i, random() * 3),
    }));
    const dbs = [server.db, second!.db];
    await Promise.all(
      dbs.map(async (db, half) => {
        for (const { cabinet, event } of events.filter((_, i) => i % 2 === half)) await applySwapEvent(db, cabinet.number, event);
      }),
    );
    // Both servers again, each reporting every event: one record and one count each.
    await Promise.all(
      dbs.map((db) => Promise.all(events.slice(0, 30).map(({ cabinet, event }) => applySwapEvent(db, cabinet.number, event)))),
    );
    expect(await rolledUp(server.db)).toEqual(await rawSwaps(server.db));
  });

  // Last: the cabinets' days before yesterday are not counted again (docs/dashboard.md, "Upkeep").
  it("count the cabinets' days of yesterday and today again from the swaps when the day zone changes, and rank today's", async () => {
    const [setting] = (await succeed(server, commonSettingApi.search, { name: TIME_ZONE_SETTING }, platform.token)).records;
    const { id, name, description, remark } = setting!;
    const setZone = async (zone: string) => {
      const answer = await server.request(commonSettingApi.edit, { id, name, description, remark, value: zone }, { token: platform.token });
      expect(answer.code).toBe(1);
    };
    /** The cabinets' days from yesterday on in the zone, rolled up and raw; the merchants' hours and totals whole. */
    const recent = async (zone: string) => {
      const since = addDays(dayOf(new Date(), zone), -1);
      const [rolled, raw] = [await rolledUp(server.db), await rawSwaps(server.db, zone)];
      const fromYesterday = (days: Row[]) => days.filter((row) => String(row.day) >= since);
      expect(fromYesterday(rolled.cabinetDays).length).toBeGreaterThan(0);
      expect({ ...rolled, cabinetDays: fromYesterday(rolled.cabinetDays) }).toEqual({
        ...raw,
        cabinetDays: fromYesterday(raw.cabinetDays),
      });
      // Today's ranking: each cabinet's swaps of today in the zone.
      const today = dayOf(new Date(), zone);
      const ranking = await succeed(server, dashboardApi.ranking, undefined, platform.token);
      if (dayOf(new Date(Date.now() - DAY_MS), zone) !== since) return; // the day turned meanwhile
      const swapsToday = new Map(raw.cabinetDays.filter((row) => row.day === today).map((row) => [Number(row.cabinet), Number(row.swaps)]));
      expect(ranking.busiestCabinets.map((row) => [row.cabinetId, row.swaps])).toEqual(
        ranking.busiestCabinets.map((row) => [row.cabinetId, swapsToday.get(row.cabinetId)]),
      );
      expect(ranking.busiestCabinets.length).toBe(Math.min(10, swapsToday.size));
    };
    // Shanghai's day starts an hour before Jakarta's: a swap at 00:30 yesterday in Shanghai is the
    // day before's in Jakarta, and moves to yesterday with the zone.
    const moving = dayStartOf(new Date(), 'Asia/Shanghai').getTime() - DAY_MS + 30 * 60_000;
    await applySwapEvent(server.db, cabinets[0]!.number, {
      ...swap(() => 0, 3000, (Date.now() - moving) / HOUR),
      eventId: 'dash-zone-boundary',
    });
    try {
      await setZone('Asia/Shanghai');
      await recent('Asia/Shanghai');
    } finally {
      await setZone(DASHBOARD_TIME_ZONE);
    }
    await recent(DASHBOARD_TIME_ZONE);
  });
});
