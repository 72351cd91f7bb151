import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { DASHBOARD_TIME_ZONE, STATION_MAP_STATES, STATION_TYPES, dashboardApi, stationApi, type StationMapState } from '@swap/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { platformAdmin, succeed } from '../../test/factories.js';
import { startEmbeddedGateway } from '../../test/device-fixtures.js';
import { eventually } from '../../test/eventually.js';
import { loadConfig } from '../../app/config.js';
import { startDemoSimulator, writeDemoFleet, type DeviceGateway } from '../../device-link/index.js';
import type { DemoSimulator } from '../../device-link/demo-simulator.js';
import type { Db } from '../../db/client.js';

// The demo's own test (docs/testing.md): the demo merchants' dashboard has three months to show.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ DEMO_DEVICES: '1' });
});
afterAll(() => server?.close());

async function rows(db: Db, query: SQL): Promise<Record<string, string | number>[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Record<string, string | number>[] }).rows;
}

describe('dashboard demo', () => {
  it('fills every card and trend from the demo rows, and the rollups match those rows', async () => {
    const merchant = await server.login('merchant');
    const month = await succeed(server, dashboardApi.trend, { range: 'month' }, merchant);
    // Every trend of the month is full: swaps, sales, energy and new users on (nearly) every day.
    const days = (figure: 'swaps' | 'sales' | 'energyKwh' | 'newUsers') => month.points.filter((point) => point[figure] > 0).length;
    expect(days('swaps')).toBeGreaterThanOrEqual(28);
    expect(days('sales')).toBeGreaterThanOrEqual(28);
    expect(days('newUsers')).toBeGreaterThanOrEqual(28);
    expect(days('energyKwh')).toBeGreaterThanOrEqual(28);
    const week = await succeed(server, dashboardApi.trend, { range: 'week' }, merchant);
    // Every day of the week before today; today's swaps only once its first demo hours have come.
    expect(week.points.slice(0, -1).every((point) => point.swaps > 0)).toBe(true);
    const figures = await succeed(server, dashboardApi.figures, undefined, merchant);
    // Today's swaps are the week's last day's, asked for before (at the start of the zone's day both may be none yet).
    expect(figures.swaps.today).toBeGreaterThanOrEqual(week.points.at(-1)!.swaps);
    expect(figures.vehiclesSold.total + figures.batteriesSold.total).toBeGreaterThan(0);
    expect(figures.authenticatedUsers.total).toBeGreaterThan(0);
    const zone = sql.raw(`'${DASHBOARD_TIME_ZONE}'`);
    const ranking = await succeed(server, dashboardApi.ranking, undefined, (await platformAdmin(server)).token);
    // The busiest cabinets are today's: at the start of the zone's day the demo may have no swap yet.
    const [{ today } = { today: 0 }] = await rows(
      server.db,
      sql`select count(*)::int as today from swap_record where result = 'SUCCEEDED'
          and (started_at at time zone ${zone})::date = (now() at time zone ${zone})::date`,
    );
    expect(ranking.busiestCabinets.length > 0).toBe(Number(today) > 0);
    // The demo gives today a swap on its history cabinets whenever it is seeded after the day's first minute.
    if (Date.parse(figures.at) - Date.parse(figures.dayStart) > 10 * 60_000) expect(Number(today)).toBeGreaterThan(0);

    // Three months back, and the rollups hold what the swap records add up to, day by day.
    const raw = await rows(
      server.db,
      sql`select coalesce(merchant_id, 0) as merchant, (started_at at time zone ${zone})::date::text as day, count(*)::int as swaps
          from swap_record where result = 'SUCCEEDED' group by 1, 2 order by 1, 2`,
    );
    const rolled = await rows(
      server.db,
      sql`select merchant_id as merchant, day::text as day, swaps from dashboard_merchant_day where swaps <> 0 order by 1, 2`,
    );
    expect(rolled).toEqual(raw);
    expect(raw.length).toBeGreaterThanOrEqual(88);

    // Each figure has history over the whole three months for each demo merchant, not only swaps.
    const spread = await rows(
      server.db,
      sql`select merchant_id as merchant,
            count(*) filter (where vehicles_sold + batteries_sold > 0)::int as sales,
            count(*) filter (where energy_kwh > 0)::int as energy,
            count(*) filter (where new_users > 0)::int as "newUsers",
            count(*) filter (where approved_users > 0)::int as approved,
            (max(day) - min(day))::int as span
          from dashboard_merchant_day where merchant_id <> 0 group by 1 order by 1`,
    );
    expect(spread).toHaveLength(2);
    for (const merchantDays of spread) {
      expect(merchantDays.span).toBeGreaterThanOrEqual(88);
      expect(merchantDays.sales).toBeGreaterThanOrEqual(85);
      expect(merchantDays.newUsers).toBeGreaterThanOrEqual(85);
      expect(merchantDays.energy).toBeGreaterThanOrEqual(85);
      expect(merchantDays.approved).toBeGreaterThanOrEqual(45);
    }
  });
});

describe('the demo fleet map', () => {
  let gateway: DeviceGateway | undefined;
  let simulator: DemoSimulator | undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swap-demo-map-'));
  afterAll(async () => {
    await simulator?.stop();
    await gateway?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('shows the demo merchant and the platform stations online, offline and in alarm once the fleet of npm start runs', async () => {
    // The fleet as npm start runs it: its default number of cabinets, with the demo's device secrets.
    const config = loadConfig({ DEMO: '1' });
    const fleetFile = path.join(dir, 'demo-fleet.json');
    await writeDemoFleet(server.db, fleetFile);
    ({ gateway } = await startEmbeddedGateway(server));
    const quiet = { info: () => undefined, warn: () => undefined };
    simulator = startDemoSimulator(
      {
        port: gateway.port!,
        fleetFile,
        cabinets: config.demoFleetCabinets,
        vehicles: 0,
        intervalMs: 1000,
        masterSecret: config.deviceDemoSecret!,
      },
      quiet,
    );
    expect(simulator).toBeDefined();
    const admin = (await platformAdmin(server)).token;
    const merchant = await server.login('merchant');
    // The states of the stations each one's map draws (both types, the whole globe).
    const states = async (token: string) => {
      const seen = new Set<StationMapState>();
      for (const type of STATION_TYPES)
        for (const station of (await succeed(server, stationApi[type].map, {}, token)).stations) seen.add(station.state);
      return [...seen].sort();
    };
    const every = [...STATION_MAP_STATES].sort();
    await eventually(
      async () => {
        expect(await states(merchant)).toEqual(every);
        expect(await states(admin)).toEqual(every);
      },
      40_000,
      500,
    );
  }, 60_000);
});
