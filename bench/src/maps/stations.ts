/**
 * `npm run bench:stations -w bench`: the station screens at a large operator's scale (docs/scaling.md,
 * "Stations and the area filter"): 5,000 swap stations holding 20,000 cabinets round Jakarta, owned
 * by 20 merchants and the platform, and a province with 25 cities whose outlines have 60 corners
 * each, written with INSERT … SELECT over generate_series. Times the real service functions of the
 * list (first page, by name, by area, a merchant's), of the map (the stations or groups inside a
 * view, zoomed out and in) and the area lookup of a position. PostgreSQL with DATABASE_URL, else the embedded database.
 * BENCH_ITERATIONS (default 50) sets the calls. Asserts nothing: figures only.
 */
import { sql } from 'drizzle-orm';
import { stationMapQuery, stationSearch } from '@swap/contracts';
// The modules load in the server's order first (their entries import one another).
import '../../../apps/server/src/modules/index.js';
import { stationLists, stationMap } from '../../../apps/server/src/modules/station/index.js';
import { areasContaining } from '../../../apps/server/src/modules/area/index.js';
import type { Db } from '../../../apps/server/src/db/client.js';
import { benchDatabase, ctxOf, measure, printFigures, rowsOf, timed, type Figure } from './common.js';

const iterations = Number(process.env.BENCH_ITERATIONS ?? 50);
const STATIONS = 5000;
const CABINETS = 20_000;
const CITIES = 25;
const CORNERS = 60;

/** Jakarta's box, split into a 5 × 5 grid of cities; each city a wobbly ring inside its cell. */
const BOX = { lat: -6.4, lng: 106.6, height: 0.4, width: 0.5 };

async function seed(db: Db): Promise<void> {
  const [existing] = rowsOf<{ n: number | string }>(
    await db.execute(sql`select count(*) as n from station where name like 'Bench station %'`),
  );
  if (Number(existing?.n ?? 0) >= STATIONS) return;
  console.log(`writing ${STATIONS} stations, ${CABINETS} cabinets, 1 province with ${CITIES} cities`);
  await timed('owners, type and areas', async () => {
    await db.execute(sql`insert into merchant (name, type, person_in_charge, contact, office_address)
      select 'Bench Map Merchant ' || lpad(g::text, 2, '0'), 'AGENT', 'Bench', '+62 800 100 ' || g, 'Jakarta'
      from generate_series(1, 20) g on conflict (name) do nothing`);
    await db.execute(sql`insert into device_type (kind, code, name, description, compartment_count)
      values ('cabinet', 'BMAPC', 'Bench map cabinet', 'Bench', 12) on conflict do nothing`);
    await db.execute(sql`insert into area (code, name, type, polygon, min_lat, max_lat, min_lng, max_lng)
      values ('BMAP', 'Bench province', 'PROVINCE',
        ${JSON.stringify([
          [BOX.lng, BOX.lat],
          [BOX.lng + BOX.width, BOX.lat],
          [BOX.lng + BOX.width, BOX.lat + BOX.height],
          [BOX.lng, BOX.lat + BOX.height],
          [BOX.lng, BOX.lat],
        ])}::jsonb, ${BOX.lat}, ${BOX.lat + BOX.height}, ${BOX.lng}, ${BOX.lng + BOX.width}) on conflict do nothing`);
    const cityHeight = BOX.height / 5;
    const cityWidth = BOX.width / 5;
    for (let c = 0; c < CITIES; c++) {
      const centre = { lat: BOX.lat + (Math.floor(c / 5) + 0.5) * cityHeight, lng: BOX.lng + ((c % 5) + 0.5) * cityWidth };
      const ring = Array.from({ length: CORNERS }, (_, i) => {
        const angle = (2 * Math.PI * i) / CORNERS;
        const reach = 0.42 + 0.06 * Math.sin(5 * angle);
        return [
          Number((centre.lng + reach * cityWidth * Math.cos(angle)).toFixed(6)),
          Number((centre.lat + reach * cityHeight * Math.sin(angle)).toFixed(6)),
        ] as [number, number];
      });
      ring.push(ring[0]!);
      const lats = ring.map((p) => p[1]);
      const lngs = ring.map((p) => p[0]);
      await db.execute(sql`insert into area (code, name, type, province_id, polygon, min_lat, max_lat, min_lng, max_lng)
        select ${`BMAP${String(c).padStart(2, '0')}`}, ${`Bench city ${c}`}, 'CITY', id, ${JSON.stringify(ring)}::jsonb,
          ${Math.min(...lats)}, ${Math.max(...lats)}, ${Math.min(...lngs)}, ${Math.max(...lngs)}
        from area where code = 'BMAP' on conflict do nothing`);
    }
  });
  await timed('stations', () =>
    db.execute(sql`insert into station (name, nature, type, address, latitude, longitude, merchant_id, responsible_person, status, created_at)
      select 'Bench station ' || lpad(g::text, 5, '0'), (array['SELF_OPERATED', 'FRANCHISED', 'PARTNER'])[1 + g % 3], 'SWAP',
        'Jalan Bench ' || g, ${BOX.lat} + ((g * 7919) % 10007) / 10007.0 * ${BOX.height}, ${BOX.lng} + ((g * 104729) % 10009) / 10009.0 * ${BOX.width},
        case when g % 10 = 0 then null else (select id from merchant where name = 'Bench Map Merchant ' || lpad((1 + (g / 10) % 20)::text, 2, '0')) end,
        'Bench', (array['DEPLOYED', 'DEPLOYED', 'READY', 'MAINTENANCE'])[1 + g % 4], timestamptz '2026-01-01' + g * interval '1 hour'
      from generate_series(1, ${STATIONS}) g`),
  );
  await timed('cabinets', () =>
    db.execute(sql`insert into cabinet (number, type_id, compartment_count, station_id, merchant_id, latitude, longitude)
      select 'BMC' || lpad(g::text, 6, '0'), (select id from device_type where code = 'BMAPC'), 12, s.id, s.merchant_id, s.latitude, s.longitude
      from generate_series(1, ${CABINETS}) g
      join (select id, merchant_id, latitude, longitude, row_number() over (order by id) as k from station where name like 'Bench station %') s
        on s.k = 1 + (g - 1) % ${STATIONS}`),
  );
  await timed('analyse', async () => {
    for (const table of ['station', 'cabinet', 'area']) await db.execute(sql.raw(`vacuum (analyze) ${table}`));
  });
}

async function main(): Promise<void> {
  const { database, engine } = await benchDatabase();
  const db = database.db;
  await seed(db);
  const [ids] = rowsOf<{ merchant: number; city: number; province: number }>(
    await db.execute(sql`select (select id from merchant where name = 'Bench Map Merchant 01') as merchant,
      (select id from area where code = 'BMAP12') as city, (select id from area where code = 'BMAP') as province`),
  );
  const platform = ctxOf(db, null);
  const merchant = ctxOf(db, ids!.merchant);
  const list = stationLists.SWAP;
  console.log(`station bench, ${engine}, ${STATIONS} swap stations, ${CABINETS} cabinets, ${CITIES} city outlines of ${CORNERS} corners`);
  const figures: Figure[] = [];
  const page = async (name: string, input: Record<string, unknown>, ctx = platform) =>
    figures.push(
      await measure(`list ${name}`, iterations, async () => {
        const answer = await list.search(ctx, stationSearch.parse(input));
        return `${answer.records.length} rows of ${answer.total}`;
      }),
    );
  const points = async (name: string, input: Record<string, unknown>, ctx = platform) =>
    figures.push(
      await measure(`map ${name}`, iterations, async () => {
        const answer = await stationMap(ctx, 'SWAP', stationMapQuery.parse(input));
        return `${answer.total} found: ${answer.stations.length} stations, ${answer.groups.length} groups`;
      }),
    );
  // Views of a 1,200 × 360 pixel map: the whole region (zoom 10), a district (zoom 13), streets (zoom 15).
  const view = (lat: number, lng: number, width: number) => ({
    south: lat - (width * 0.3) / 2,
    west: lng - width / 2,
    north: lat + (width * 0.3) / 2,
    east: lng + width / 2,
  });
  await page('first page', {});
  await page('by name', { name: 'station 012' });
  await page('in a city (area filter)', { areaId: ids!.city });
  await page('in the province (area filter)', { areaId: ids!.province });
  await page('a merchant’s first page', {}, merchant);
  await page('a merchant’s, in a city', { areaId: ids!.city }, merchant);
  // What the map asked for before it asked for its view: every station the filters find, as rows.
  figures.push(
    await measure('map every station as rows (before)', iterations, async () => {
      const rows = await db.execute(
        sql`select id, name, latitude, longitude, status, cabinet_count from station where type = 'SWAP' and latitude is not null and longitude is not null order by id limit 20000`,
      );
      return `${rowsOf(rows).length} stations`;
    }),
  );
  await points('no view (the globe)', {});
  await points('the region (zoom 10)', view(-6.2, 106.85, 1.6));
  await points('a district (zoom 13)', view(-6.2, 106.85, 0.2));
  await points('streets (zoom 15)', view(-6.2, 106.85, 0.05));
  await points('in a city (area filter), no view', { areaId: ids!.city });
  await points('a merchant’s, no view', {}, merchant);
  figures.push(
    await measure('area holding a position', iterations, async () => {
      const found = await areasContaining(db, { lat: -6.2, lng: 106.85 });
      return found.map((area) => area.name).join(', ');
    }),
  );
  printFigures(figures);
  await database.close();
}

await main();
