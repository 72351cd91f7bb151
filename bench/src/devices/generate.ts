/**
 * Loads a large operator's fleet into the PostgreSQL of DATABASE_URL: by default 1 M batteries,
 * 300 k vehicles and 20 k cabinets (with 12 compartments each), owned by 20 merchants plus the
 * platform, two cabinets in three standing in a station (four to a station), and stock history. Everything is INSERT … SELECT over generate_series on the server:
 * no row crosses the network. Indexes are dropped during the load and rebuilt after (from their
 * own definitions), then the tables are vacuumed and analysed so plans and visibility maps are real.
 *
 *   DATABASE_URL=postgres://… BENCH_SCALE=0.1 npx tsx bench/src/devices/generate.ts
 */
import pg from 'pg';
import { dropIndexes, migratedDatabaseUrl, timed } from '../bulk-load.js';

export interface FleetSize {
  batteries: number;
  vehicles: number;
  cabinets: number;
}

export function fleetSize(scale: number): FleetSize {
  return { batteries: Math.round(1_000_000 * scale), vehicles: Math.round(300_000 * scale), cabinets: Math.round(20_000 * scale) };
}

const MERCHANTS = 20;
const CHUNK = 100_000;

async function typeIds(client: pg.ClientBase): Promise<Record<string, number>> {
  await client.query(`
    insert into device_type (kind, code, name, description, structure, rated_voltage, rated_capacity, rated_current, cell_count, weight,
                             battery_compartments, compartment_type, compartment_count, charger_total_power, external_max_power)
    values ('battery', 'BLFP6430', 'LFP 64V 30Ah', 'Bench pack', 'LFP', 64, 30, 30, 20, 12.5, null, null, null, null, null),
           ('battery', 'BNMC7232', 'NMC 72V 32Ah', 'Bench pack', 'TERNARY_LITHIUM', 72, 32, 40, 20, 11, null, null, null, null, null),
           ('battery', 'BLFP4824', 'LFP 48V 24Ah', 'Bench pack', 'LFP', 48, 24, 25, 15, 9, null, null, null, null, null),
           ('vehicle', 'BES1', 'Scooter', 'Bench vehicle', null, 64, 30, null, null, null, 1, 'Single 64V', null, null, null),
           ('vehicle', 'BEM2', 'Moto', 'Bench vehicle', null, 64, 60, null, null, null, 2, 'Dual 64V', null, null, null),
           ('cabinet', 'BSC12', 'Cabinet 12', 'Bench cabinet', null, null, null, null, null, null, null, null, 12, 7.2, 10),
           ('cabinet', 'BSC8', 'Cabinet 8', 'Bench cabinet', null, null, null, null, null, null, null, null, 8, 4.8, 6)
    on conflict do nothing`);
  const { rows } = await client.query<{ code: string; id: number }>(`select code, id from device_type where code like 'B%'`);
  return Object.fromEntries(rows.map((row) => [row.code, row.id]));
}

async function merchantIds(client: pg.ClientBase): Promise<number[]> {
  await client.query(
    `insert into merchant (name, type, person_in_charge, contact, office_address)
     select 'Bench Merchant ' || lpad(g::text, 2, '0'), case when g % 2 = 0 then 'AGENT' else 'DIRECT' end, 'Bench', '+62 800 000 ' || g, 'Jakarta'
     from generate_series(1, ${MERCHANTS}) g on conflict (name) do nothing`,
  );
  const { rows } = await client.query<{ id: number }>(`select id from merchant where name like 'Bench Merchant %' order by name`);
  return rows.map((row) => row.id);
}

/**
 * The owner of key k: merchant 1 holds 30 % (a large agent), the platform 10 %, the other 19
 * merchants share the rest. Vehicle k and the batteries it holds share the key, so the owner.
 */
function ownerSql(merchants: number[], k = 'g'): string {
  const rest = merchants.slice(1);
  return `case when ${k} % 10 = 0 then null when ${k} % 10 in (1, 2, 3) then ${merchants[0]} else (array[${rest.join(',')}])[1 + (${k} / 10) % ${rest.length}] end`;
}

/** Loads the fleet; a table that already holds rows is left as it is. */
export async function generateFleet(databaseUrl: string, size: FleetSize): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: existing } = await client.query<{ n: string }>(`select count(*) as n from battery where number like 'BB%'`);
    if (Number(existing[0]?.n ?? 0) > 0) {
      console.log('  bench fleet already loaded');
      return;
    }
    console.log(`loading ${size.batteries} batteries, ${size.vehicles} vehicles, ${size.cabinets} cabinets`);
    const types = await typeIds(client);
    const merchants = await merchantIds(client);
    const owner = ownerSql(merchants);
    const V = Math.max(1, size.vehicles);
    // Battery g serves vehicle k = ((g - 1) % V) + 1: slot 1 for g <= V, slot 2 (two-compartment types) for g <= 2V.
    const batteryOwner = ownerSql(merchants, `(((g - 1) % ${V}) + 1)`);
    const active = `g % 10 <> 0 and g % 3 <> 0 and g % 97 <> 0`;
    const bindable = `(g <= ${V} or (g <= ${2 * V} and ((g - 1) % ${V} + 1) % 4 = 0)) and g % 3 <> 0 and g % 97 <> 0 and ((g - 1) % ${V} + 1) % 10 <> 0`;
    const indexes = await dropIndexes(client, ['battery', 'vehicle', 'cabinet', 'cabinet_compartment']);
    // Row triggers keep stock_count, device_number and each cabinet's battery counts; a bulk load disables them and fills them once at the end.
    for (const table of ['battery', 'vehicle', 'cabinet', 'cabinet_compartment'])
      await client.query(`alter table ${table} disable trigger user`);
    const lfpCells = `'[${Array.from({ length: 20 }, (_, i) => (3.3 + (i % 5) / 100).toFixed(3)).join(',')}]'::jsonb`;

    await timed('vehicles', async () => {
      for (let from = 1; from <= size.vehicles; from += CHUNK) {
        const to = Math.min(size.vehicles, from + CHUNK - 1);
        await client.query(`
          insert into vehicle (number, name, type_id, brand, model, activation_status, acc_state, compartment_type,
                               dealer, motor_number, engine_number, vin, rate_capacity, rate_voltage, sale_status, availability, sale_mode,
                               stock_status, scrap_status, latitude, longitude, location, merchant_id, created_at)
          select 'BV' || lpad(g::text, 7, '0'), 'Vehicle ' || g, case when g % 4 = 0 then ${types.BEM2} else ${types.BES1} end,
                 (array['Gesits', 'Alva', 'Polytron'])[1 + g % 3], case when g % 4 = 0 then 'EM2' else 'ES1' end,
                 case when ${active} then 'ACTIVATED' else 'NOT_ACTIVATED' end, case when g % 5 = 0 then 'ON' else 'OFF' end,
                 case when g % 4 = 0 then 'Dual 64V' else 'Single 64V' end,
                 'Dealer ' || (g % 40), 'MT' || g, 'EN' || g, 'MH1EV' || lpad(g::text, 12, '0'), 30, 64,
                 case when g % 7 = 0 then 'SOLD' else 'UNSOLD' end, case when g % 11 = 0 then 'UNAVAILABLE' else 'AVAILABLE' end,
                 (array['SALE_ONLY', 'RENT_ONLY', 'RENT_OR_SALE', 'NEITHER'])[1 + g % 4],
                 case when ${active} then 'OUTSTOCK' else 'INSTOCK' end, case when g % 101 = 0 and not (${active}) then 'SCRAPPED' else 'NORMAL' end,
                 -6.2 + (g % 1000) / 5000.0, 106.8 + (g % 997) / 4000.0, 'Jakarta', ${owner},
                 timestamptz '2025-01-01' + (g::double precision / ${size.vehicles}) * interval '640 days'
          from generate_series(${from}, ${to}) g`);
      }
    });
    await timed('batteries', async () => {
      for (let from = 1; from <= size.batteries; from += CHUNK) {
        const to = Math.min(size.batteries, from + CHUNK - 1);
        await client.query(`
          insert into battery (number, name, type_id, brand, model, imei, weight, rated_voltage, rated_capacity, rated_current, cell_count,
                               structure, software_version, hardware_version, bms_brand, cell_brand, capacity, soc, cycles, temperature,
                               cell_voltages, gsm_signal, gps_signal, alarm_status, scrap_status, scrap_reason, scrapped_at, stock_status,
                               latitude, longitude, location, merchant_id, vehicle_id, last_report_at, created_at, updated_at)
          select 'BB' || lpad(g::text, 8, '0'), 'Pack ' || g, (array[${types.BLFP6430}, ${types.BNMC7232}, ${types.BLFP4824}])[1 + g % 3],
                 (array['CATL', 'EVE', 'Gotion', 'BYD'])[1 + (g / 3) % 4], (array['LFP6430', 'NMC7232', 'LFP4824'])[1 + g % 3],
                 '86' || lpad(((g::bigint * 7919) % 10000000000000)::text, 13, '0'), 12.5, 64, 30, 30, 20, 'LFP', '2.4.0', 'H1.3', 'Daly', 'CATL',
                 28 + (g % 20) / 10.0, g % 101, g % 900, 25 + (g % 150) / 10.0, ${lfpCells}, 10 + g % 22, g % 12,
                 case when g % 53 = 0 then 'ALARM' else 'NORMAL' end,
                 case when g % 97 = 0 then 'SCRAPPED' else 'NORMAL' end,
                 case when g % 97 = 0 then 'Bench scrap' end,
                 case when g % 97 = 0 then now() - (g % 30) * interval '1 day' end,
                 case when g % 3 = 0 then 'INSTOCK' else 'OUTSTOCK' end,
                 -6.2 + (g % 1000) / 5000.0, 106.8 + (g % 997) / 4000.0, 'Jakarta', ${batteryOwner}, v.id,
                 now() - (g % 600) * interval '1 second',
                 timestamptz '2025-01-01' + (g::double precision / ${size.batteries}) * interval '640 days' + (g % 97) * interval '1 hour',
                 now()
          from generate_series(${from}, ${to}) g
          left join vehicle v on ${bindable} and v.number = 'BV' || lpad((((g - 1) % ${V}) + 1)::text, 7, '0')`);
      }
    });
    await timed('vehicles take their batteries', async () => {
      await client.query(`update vehicle v set battery1_id = b.id from battery b
                          where b.vehicle_id = v.id and b.number = 'BB' || lpad(substr(v.number, 3)::int::text, 8, '0')`);
      await client.query(`update vehicle v set battery2_id = b.id from battery b
                          where b.vehicle_id = v.id and b.id is distinct from v.battery1_id and v.number like 'BV%'`);
    });
    await timed('cabinets and compartments', async () => {
      // Station k takes cabinets 4k-3 … 4k, those of them not a multiple of 3 (the cabinet list reads each one's station).
      await client.query(`
        insert into station (name, nature, type, address, responsible_person, status, latitude, longitude, merchant_id)
        select 'Bench Station ' || lpad(g::text, 6, '0'), case when g % 5 = 0 then 'FRANCHISED' else 'SELF_OPERATED' end,
               case when g % 2 = 0 then 'INTEGRATED' else 'SWAP' end, 'Jalan Bench ' || g, 'Bench', 'DEPLOYED',
               -6.2 + (g % 1000) / 5000.0, 106.8 + (g % 997) / 4000.0, ${ownerSql(merchants, '(4 * g)')}
        from generate_series(1, ${Math.ceil(size.cabinets / 4)}) g
        where not exists (select 1 from station where name = 'Bench Station 000001')`);
      await client.query(`
        insert into cabinet (number, brand, model, type_id, product_number, network_type, communication_type, compartment_count, factory_date,
                             humidity, signal, temperature, lamp, external_max_power, charger_total_power, meter_count, load, imei, site,
                             seller, purchase_time, latitude, longitude, location, stock_status, scrap_status, merchant_id, created_at, station_id)
        select 'BC' || lpad(g::text, 6, '0'), 'Volta', case when g % 3 = 0 then 'SC8' else 'SC12' end,
               case when g % 3 = 0 then ${types.BSC8} else ${types.BSC12} end, 'PN' || g, '4G', 'MQTT', case when g % 3 = 0 then 8 else 12 end,
               date '2025-01-01' + (g % 365), 60 + g % 30, 15 + g % 16, 30 + (g % 80) / 10.0, 'ON', 10, 7.2, 1, (g % 72) / 10.0,
               '86' || lpad(((g::bigint * 104729) % 10000000000000)::text, 13, '0'), 'Site ' || (g % 500), 'PT Volta Energi',
               timestamptz '2025-01-01' + (g % 300) * interval '1 day', -6.2 + (g % 1000) / 5000.0, 106.8 + (g % 997) / 4000.0, 'Jakarta',
               case when g % 4 = 0 then 'INSTOCK' else 'OUTSTOCK' end, case when g % 211 = 0 then 'SCRAPPED' else 'NORMAL' end, ${owner},
               timestamptz '2025-01-01' + (g::double precision / ${size.cabinets}) * interval '640 days', s.id
        from generate_series(1, ${size.cabinets}) g
        left join station s on g % 3 <> 0 and s.name = 'Bench Station ' || lpad(((g - 1) / 4 + 1)::text, 6, '0')`);
      // The cabinet table's triggers (off during the load) keep each station's count of cabinets.
      await client.query(`update station s set cabinet_count = n from (select station_id, count(*)::int as n from cabinet
                          where station_id is not null group by 1) c where c.station_id = s.id`);
      await client.query(`
        insert into cabinet_compartment (cabinet_id, idx, state, in_place, charger_switch, voltage, current, temperature, preset, indicator)
        select c.id, s, case when s % 3 = 0 then 'EMPTY' else 'FULL' end, s % 3 <> 0, case when s % 3 = 0 then 'OFF' else 'ON' end,
               case when s % 3 = 0 then null else 66.5 end, case when s % 3 = 0 then null else 2.1 end, 31, 95,
               case when s % 3 = 0 then 'OFF' else 'GREEN' end
        from cabinet c cross join lateral generate_series(1, c.compartment_count) s
        where c.number like 'BC%'`);
    });
    await timed('stock history', async () => {
      const batches = Math.max(10, Math.round(size.batteries / 200));
      await client.query(`
        insert into stock_batch (number, kind, direction, type_id, quantity, operator_id, operator_name, merchant_id, remark, created_at)
        select 'SB' || to_char(timestamptz '2025-01-01' + (g % 640) * interval '1 day', 'YYYYMMDD') || '-B' || lpad(g::text, 6, '0'),
               'battery', case when g % 4 = 0 then 'INSTOCK' else 'OUTSTOCK' end, ${types.BLFP6430}, 20, null, 'bench', ${owner}, 'Bench batch',
               timestamptz '2025-01-01' + (g % 640) * interval '1 day'
        from generate_series(1, ${batches}) g`);
      await client.query(`
        insert into stock_batch_item (batch_id, device_id, device_number, type_id)
        select sb.id, b.id, b.number, b.type_id
        from stock_batch sb cross join lateral generate_series(0, 19) i
        join battery b on b.number = 'BB' || lpad((((sb.id * 20 + i) % ${size.batteries}) + 1)::text, 8, '0')
        where sb.operator_name = 'bench'
        on conflict do nothing`);
    });
    await timed('stock counts', async () => {
      await client.query('delete from stock_count');
      for (const table of ['battery', 'vehicle', 'cabinet']) {
        await client.query(`insert into stock_count (kind, type_id, merchant_key, stock_status, scrap_status, n)
                            select '${table}', type_id, coalesce(merchant_id, 0), stock_status, scrap_status, count(*)::int from ${table} group by 2, 3, 4, 5`);
        await client.query(`alter table ${table} enable trigger user`);
      }
      // The compartments' triggers keep each cabinet's ready and standing batteries: count them once.
      await client.query(`update cabinet c set ready_batteries = x.ready, standing_batteries = x.standing
                          from (select cabinet_id, (count(*) filter (where enabled and state in ('SWAPPABLE', 'FULL')))::int as ready,
                                       count(battery_id)::int as standing from cabinet_compartment group by 1) x
                          where x.cabinet_id = c.id`);
      await client.query('alter table cabinet_compartment enable trigger user');
    });
    // The disabled triggers also claim each number in the cross-kind registry: claim them in one go.
    await timed('device numbers', async () => {
      for (const table of ['battery', 'vehicle', 'cabinet']) {
        await client.query(`insert into device_number (number, kind) select number, '${table}' from ${table} on conflict do nothing`);
      }
    });
    await indexes.rebuilt(['battery', 'vehicle', 'cabinet', 'cabinet_compartment', 'station', 'stock_batch', 'stock_batch_item']);
  } finally {
    await client.end();
  }
}

const direct = process.argv[1]?.endsWith('devices/generate.ts');
if (direct) {
  await generateFleet(await migratedDatabaseUrl(), fleetSize(Number(process.env.BENCH_SCALE ?? 1)));
}
