import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { endpointUrl, STATION_OPTIONS, stationApi, type Language } from '@swap/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { databaseBefore } from '../../test/migrations.js';
import {
  createAccountWithMenus,
  createDeviceTypes,
  createDevices,
  createMerchantRecord,
  createProvinceAndCity,
  platformAdmin,
} from '../../test/factories.js';
import { alarms } from '../alarm/alarm.table.js';
import { auditLogs } from '../audit-log/audit-log.table.js';
import { batteries } from '../battery/battery.table.js';
import { cabinets } from '../cabinet/cabinet.table.js';
import { vehicles } from '../vehicle/vehicle.table.js';
import { stations } from './station.table.js';

const station = (name: string, latitude: number, longitude: number, extra: Record<string, unknown> = {}) => ({
  name,
  nature: 'SELF_OPERATED',
  address: `Jl. ${name} 1`,
  latitude,
  longitude,
  responsiblePerson: 'Rina',
  status: 'DEPLOYED',
  ...extra,
});

describe('stations', () => {
  let server: TestServer;
  let staff: string; // platform staff with both station menus and their actions
  let agentA: string; // merchant A's staff
  let agentB: string; // merchant B's staff
  let merchantA: number;
  let merchantB: number;
  let provinceId: number;
  let cityId: number;
  let types: Awaited<ReturnType<typeof createDeviceTypes>>;

  const SWAP = stationApi.SWAP;
  const add = (token: string, body: Record<string, unknown>, lang?: Language, api: typeof SWAP = SWAP) =>
    server.call('POST', endpointUrl(api.add), { token, body, ...(lang ? { lang } : {}) });
  const names = async (token: string, filter: Record<string, unknown> = {}, api: typeof SWAP = SWAP) =>
    (await server.request(api.search, filter, { token })).data.records.map((r) => r.name).sort();
  const count = async () => (await server.db.select({ id: stations.id }).from(stations)).length;

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    const admin = (await platformAdmin(server)).token;
    merchantA = (await createMerchantRecord(server, admin)).id;
    merchantB = (await createMerchantRecord(server, admin)).id;
    const grant = { menuCodes: ['site.store', 'site.cabinet'], withResources: true };
    await createAccountWithMenus(server.db, { username: 'station_staff', merchantId: null, ...grant });
    await createAccountWithMenus(server.db, { username: 'station_a', merchantId: merchantA, ...grant });
    await createAccountWithMenus(server.db, { username: 'station_b', merchantId: merchantB, ...grant });
    staff = await server.login('station_staff');
    agentA = await server.login('station_a');
    agentB = await server.login('station_b');
    ({ provinceId, cityId } = await createProvinceAndCity(server, admin));
    types = await createDeviceTypes(server, admin);
  });
  afterAll(() => server.close());

  it('adds a merchant’s swap station in the area its position lies in, audited, listed and on the map', async () => {
    const added = await server.request(SWAP.add, station('Kemang', -6.5, 106.3, { merchantId: 999 }) as never, { token: agentA });
    expect(added.code).toBe(1);
    expect(added.data).toMatchObject({
      name: 'Kemang',
      type: 'SWAP',
      merchantId: merchantA, // staff always write their own merchant's, whatever they send
      areaId: cityId,
      areaName: 'South Jakarta',
      cabinetCount: 0,
      latitude: -6.5,
      longitude: 106.3,
    });
    const [audit] = await server.db.select().from(auditLogs).where(eq(auditLogs.action, 'station.add'));
    expect(audit?.changes).toMatchObject({ name: 'Kemang', type: 'SWAP', merchantId: merchantA, areaId: cityId });
    expect(await names(agentA)).toEqual(['Kemang']);
    expect(await names(agentA, {}, stationApi.INTEGRATED)).toEqual([]);
    const platformView = (await server.request(SWAP.search, {}, { token: staff })).data.records;
    expect(platformView.map((r) => r.merchantName)).toEqual([expect.stringContaining('Merchant')]);
    const map = await server.request(SWAP.map, {}, { token: agentA });
    expect(map.data).toEqual({
      total: 1,
      stations: [
        {
          id: added.data.id,
          name: 'Kemang',
          latitude: -6.5,
          longitude: 106.3,
          status: 'DEPLOYED',
          cabinetCount: 0,
          onlineCabinets: 0,
          openAlarms: 0,
          state: 'OFFLINE',
        },
      ],
      groups: [],
    });
    // A platform station outside every area; an integrated station is listed under its own menu only.
    const own = await server.request(SWAP.add, station('Harbour', -6.05, 106.9) as never, { token: staff });
    expect(own.data).toMatchObject({ merchantId: null, areaId: provinceId });
    const far = await server.request(stationApi.INTEGRATED.add, station('Bandung', -6.9, 107.6) as never, { token: staff });
    expect(far.data).toMatchObject({ type: 'INTEGRATED', areaId: null });
    expect(await names(staff)).toEqual(['Harbour', 'Kemang']);
    expect(await names(staff, {}, stationApi.INTEGRATED)).toEqual(['Bandung']);
  });

  it('filters by area from the position inside its outline, by owner, status and part of the name', async () => {
    expect(await names(staff, { areaId: cityId })).toEqual(['Kemang']);
    expect(await names(staff, { areaId: provinceId })).toEqual(['Harbour', 'Kemang']);
    expect(await names(staff, { merchantId: 0 })).toEqual(['Harbour']);
    expect(await names(staff, { merchantId: merchantA })).toEqual(['Kemang']);
    expect(await names(staff, { name: 'kem', status: 'DEPLOYED' })).toEqual(['Kemang']);
    expect(await names(staff, { status: 'MAINTENANCE' })).toEqual([]);
    const map = await server.request(SWAP.map, { areaId: cityId }, { token: staff });
    expect(map.data.stations.map((p) => p.name)).toEqual(['Kemang']);
  });

  it('answers the map for its view: each station when few, groups of a grid when more than 200, the caller’s own only', async () => {
    // 600 of merchant B's stations in a 0.3° square east of Jakarta, written directly (the add call is tested above).
    await server.db.insert(stations).values(
      Array.from({ length: 600 }, (_, k) => ({
        ...station(`Grid ${k}`, -6.3 + (k % 25) * 0.012, 107.0 + Math.floor(k / 25) * 0.012),
        nature: 'SELF_OPERATED' as const,
        status: 'DEPLOYED' as const,
        type: 'SWAP' as const,
        merchantId: merchantB,
      })),
    );
    try {
      const map = (body: Record<string, unknown>, token = agentB) => server.request(SWAP.map, body, { token });
      const whole = (await map({})).data;
      expect(whole.total).toBe(600);
      expect(whole.groups.length).toBeGreaterThan(0);
      expect(whole.groups.length + whole.stations.length).toBeLessThanOrEqual(16 * 16);
      expect(whole.groups.reduce((sum, g) => sum + g.count, 0) + whole.stations.length).toBe(600);
      for (const g of whole.groups) {
        expect(g.south).toBeLessThanOrEqual(g.latitude);
        expect(g.latitude).toBeLessThanOrEqual(g.north);
      }
      // A view over the grid's first column holds 25 stations: each one, none of another owner's.
      const column = (await map({ south: -6.31, west: 106.99, north: -5.99, east: 107.005 })).data;
      expect([column.total, column.groups]).toEqual([25, []]);
      expect(column.stations.map((p) => p.name).sort((x, y) => Number(x.slice(5)) - Number(y.slice(5)))).toEqual(
        Array.from({ length: 25 }, (_, k) => `Grid ${k}`),
      );
      // Merchant A sees none of B's grid in the same view…
      expect((await map({ south: -6.31, west: 106.99, north: -5.99, east: 107.4 }, agentA)).data.total).toBe(0);
      // …platform staff do, narrowed by the owner filter like the list.
      expect((await map({ south: -6.31, west: 106.99, north: -5.99, east: 107.4, merchantId: 0 }, staff)).data.total).toBe(0);
      expect((await map({ south: -6.31, west: 106.99, north: -5.99, east: 107.4 }, staff)).data.total).toBe(600);
      // A view given in part, or turned inside out, is refused naming the edge in the caller's language.
      const half = await server.call('POST', endpointUrl(SWAP.map), { token: agentB, body: { south: -7, west: 106 }, lang: 'in' });
      expect([half.status, half.message]).toEqual([400, 'Tepi utara wajib diisi']);
      const inverted = await server.call('POST', endpointUrl(SWAP.map), {
        token: agentB,
        body: { south: -6, west: 106, north: -7, east: 107 },
        lang: 'en',
      });
      expect([inverted.status, inverted.message]).toEqual([400, 'North edge is invalid']);
      const text = await server.call('POST', endpointUrl(SWAP.map), {
        token: agentB,
        body: { south: 'x', west: 106, north: -5, east: 107 },
      });
      expect(text.status).toBe(400);
    } finally {
      await server.db.delete(stations).where(sql`${stations.name} like 'Grid %'`);
    }
  });

  it('tells each station on the map online, offline or in alarm from the cabinets standing in it; another tenant sees none of them', async () => {
    const admin = (await platformAdmin(server)).token;
    const merchantC = (await createMerchantRecord(server, admin)).id;
    await createAccountWithMenus(server.db, {
      username: 'station_c',
      merchantId: merchantC,
      menuCodes: ['site.cabinet'],
      withResources: true,
    });
    const agentC = await server.login('station_c');
    const { ids } = await createDevices(server, admin, 'cabinet', 6, { typeId: types.cabinet, prefix: 'MSC', merchantId: merchantC });
    const names = ['Up', 'Mixed', 'Alarmed', 'Acknowledged', 'Empty'];
    const placed: number[] = [];
    for (const [i, name] of names.entries())
      placed.push((await server.request(SWAP.add, station(`State ${name}`, 12 + i / 100, 101) as never, { token: agentC })).data.id);
    const [up, mixed, alarmed, acknowledged] = placed as [number, number, number, number];
    const put = (cabinet: number, stationId: number, online: boolean) =>
      server.db.update(cabinets).set({ stationId, online }).where(eq(cabinets.id, cabinet));
    await put(ids[0]!, up, true);
    await put(ids[1]!, mixed, true);
    await put(ids[2]!, mixed, false);
    await put(ids[3]!, alarmed, true);
    await put(ids[4]!, acknowledged, false);
    const alarm = (
      deviceId: number,
      alarmState: 'PENDING' | 'OPEN' | 'ACKNOWLEDGED' | 'CLEARED',
      kind: 'cabinet' | 'battery' = 'cabinet',
    ) => ({
      merchantId: merchantC,
      alarmKind: kind,
      deviceId,
      deviceNumber: `N${deviceId}`,
      parameter: 'temperature' as const,
      level: 'HIGH' as const,
      content: 'Hot',
      alarmState,
    });
    await server.db.insert(alarms).values([
      // Cleared, still pending, or a battery's with the same id: none marks the station.
      alarm(ids[0]!, 'CLEARED'),
      alarm(ids[0]!, 'PENDING'),
      alarm(ids[1]!, 'OPEN', 'battery'),
      alarm(ids[3]!, 'OPEN'),
      alarm(ids[4]!, 'ACKNOWLEDGED'),
    ]);
    const map = await server.request(SWAP.map, { south: 11.9, west: 100.9, north: 12.1, east: 101.1 }, { token: agentC });
    expect(map.data.stations.map((p) => [p.name, p.cabinetCount, p.onlineCabinets, p.openAlarms, p.state])).toEqual([
      ['State Up', 1, 1, 0, 'ONLINE'],
      ['State Mixed', 2, 1, 0, 'OFFLINE'],
      ['State Alarmed', 1, 1, 1, 'ALARM'],
      ['State Acknowledged', 1, 0, 1, 'ALARM'],
      ['State Empty', 0, 0, 0, 'OFFLINE'],
    ]);
    // Another tenant's staff see none of these stations, so none of their states.
    expect((await server.request(SWAP.map, { south: 11.9, west: 100.9, north: 12.1, east: 101.1 }, { token: agentA })).data.total).toBe(0);

    // With 200 more (no cabinet: offline) the view answers groups, each counting its stations by state.
    await server.db.insert(stations).values(
      Array.from({ length: 200 }, (_, k) => ({
        ...station(`State grid ${k}`, 11.95 + (k % 20) * 0.002, 100.95 + Math.floor(k / 20) * 0.002),
        nature: 'SELF_OPERATED' as const,
        status: 'DEPLOYED' as const,
        type: 'SWAP' as const,
        merchantId: merchantC,
      })),
    );
    try {
      const grouped = (await server.request(SWAP.map, { south: 11.9, west: 100.9, north: 12.1, east: 101.1 }, { token: agentC })).data;
      expect(grouped.total).toBe(205);
      expect(grouped.groups.length).toBeGreaterThan(0);
      for (const g of grouped.groups) expect(g.online + g.offline + g.alarm).toBe(g.count);
      const byState = { ONLINE: 0, OFFLINE: 0, ALARM: 0 };
      for (const g of grouped.groups)
        [byState.ONLINE, byState.OFFLINE, byState.ALARM] = [
          byState.ONLINE + g.online,
          byState.OFFLINE + g.offline,
          byState.ALARM + g.alarm,
        ];
      for (const p of grouped.stations) byState[p.state] += 1;
      expect(byState).toEqual({ ONLINE: 1, OFFLINE: 202, ALARM: 2 });
    } finally {
      await server.db.delete(stations).where(sql`${stations.name} like 'State grid %'`);
    }
  });

  it('keeps another tenant’s station out of reach: not listed, not read, not edited, not removed', async () => {
    const [kemang] = (await server.request(SWAP.search, { name: 'Kemang' }, { token: agentA })).data.records;
    expect(await names(agentB)).toEqual([]);
    const read = await server.request(SWAP.detail, { id: kemang!.id }, { token: agentB });
    expect(read.status).toBe(404);
    const edit = await server.call('POST', endpointUrl(SWAP.edit), { token: agentB, body: { ...station('Mine', 1, 1), id: kemang!.id } });
    expect(edit.status).toBe(404);
    const removal = await server.request(SWAP.remove, { id: kemang!.id }, { token: agentB });
    expect(removal.status).toBe(404);
    // Nor through the other type's menu.
    const other = await server.call('POST', endpointUrl(stationApi.INTEGRATED.edit), {
      token: agentA,
      body: { ...station('Moved', 1, 1), id: kemang!.id },
    });
    expect(other.status).toBe(404);
    const [row] = await server.db.select().from(stations).where(eq(stations.id, kemang!.id));
    expect(row).toMatchObject({ name: 'Kemang', latitude: -6.5, type: 'SWAP' });
  });

  it('refuses positions off the globe or not numbers, missing fields, an unknown area or owner, naming the field in the caller’s language', async () => {
    const before = await count();
    for (const [latitude, longitude] of [
      [91, 106],
      [-6, 181],
      [1e308, 106],
      ['NaN', 106],
      [-6, '106.8'],
      [null, 106],
    ]) {
      const answer = await add(staff, station('Bad', latitude as number, longitude as number));
      expect(answer.status, JSON.stringify([latitude, longitude])).toBe(400);
      expect(answer.message).toMatch(/(Latitude|Longitude) must be a number/);
    }
    const thai = await add(staff, station('Bad', 95, 100), 'th');
    expect(thai.message).toContain('ละติจูด');
    const missing = await add(staff, { ...station('Bad', 1, 1), responsiblePerson: '' }, 'in');
    expect(missing.message).toBe('Penanggung jawab wajib diisi');
    const area = await add(staff, station('Bad', 1, 1, { areaId: 999_999 }), 'zh');
    expect([area.status, area.code, area.message]).toEqual([404, 4024, '所选区域不存在']);
    const owner = await add(staff, station('Bad', 1, 1, { merchantId: 999_999 }));
    expect(owner.code).toBe(2008);
    const type = await add(staff, station('Bad', 1, 1, { nature: 'CASTLE' }));
    expect(type.status).toBe(400);
    expect(await count()).toBe(before);
  });

  it('keeps an owner’s station names unique whatever their case: of racing adds one wins; another owner may reuse the name', async () => {
    const racing = await Promise.all([1, 2, 3].map(() => add(agentB, station('Senayan', -6.2, 106.8))));
    expect(racing.map((a) => a.code).sort()).toEqual([1, 4026, 4026]);
    const again = await add(agentB, station('SENAYAN', -6.2, 106.8), 'en');
    expect([again.status, again.message]).toEqual([409, 'The owner already has a station of this name']);
    expect((await add(agentA, station('Senayan', -6.2, 106.8))).code).toBe(1);
  });

  it('edits a station (type and owner stay), and removes one only while no cabinet, battery or vehicle is distributed to it, naming how many', async () => {
    const [kemang] = (await server.request(SWAP.search, { name: 'Kemang' }, { token: agentA })).data.records;
    const edited = await server.request(
      SWAP.edit,
      { ...station('Kemang Raya', -6.1, 106.95, { status: 'MAINTENANCE' }), id: kemang!.id } as never,
      {
        token: agentA,
      },
    );
    expect(edited.data).toMatchObject({
      name: 'Kemang Raya',
      status: 'MAINTENANCE',
      areaId: provinceId,
      merchantId: merchantA,
      type: 'SWAP',
    });
    const admin = (await platformAdmin(server)).token;
    const cabinet = await createDevices(server, admin, 'cabinet', 1, { typeId: types.cabinet, prefix: 'STC', merchantId: merchantA });
    const pack = await createDevices(server, admin, 'battery', 2, { typeId: types.battery, prefix: 'STB', merchantId: merchantA });
    const bike = await createDevices(server, admin, 'vehicle', 1, { typeId: types.vehicle1, prefix: 'STV', merchantId: merchantA });
    const place = async (stationId: number | null) => {
      await server.db.update(cabinets).set({ stationId }).where(eq(cabinets.id, cabinet.ids[0]!));
      await server.db
        .update(batteries)
        .set({ stationId })
        .where(sql`${batteries.id} in ${pack.ids}`);
      await server.db.update(vehicles).set({ stationId }).where(eq(vehicles.id, bike.ids[0]!));
    };
    await place(kemang!.id);
    expect((await server.request(SWAP.detail, { id: kemang!.id }, { token: agentA })).data.cabinetCount).toBe(1);
    const refused = await server.request(SWAP.remove, { id: kemang!.id }, { token: agentA });
    expect([refused.status, refused.code, refused.message]).toEqual([
      409,
      4029,
      'This station still has 1 cabinet(s), 2 battery(ies) and 1 vehicle(s): recall or move them first',
    ]);
    const thai = await server.request(SWAP.remove, { id: kemang!.id }, { token: agentA, lang: 'th' });
    expect(thai.message).toContain('แบตเตอรี่ 2 ก้อน');
    // Batteries or vehicles alone keep it too: their station is never cleared by a removal.
    await server.db.update(cabinets).set({ stationId: null }).where(eq(cabinets.id, cabinet.ids[0]!));
    await server.db
      .update(batteries)
      .set({ stationId: null })
      .where(sql`${batteries.id} in ${pack.ids}`);
    const byVehicle = await server.request(SWAP.remove, { id: kemang!.id }, { token: agentA, lang: 'zh' });
    expect([byVehicle.code, byVehicle.message]).toEqual([4029, '该站点仍有 0 个换电柜、0 块电池和 1 辆车辆：请先召回或移走']);
    expect((await server.db.select().from(stations).where(eq(stations.id, kemang!.id))).length).toBe(1);
    // The database holds the same line should a device be placed around the check.
    await expect(server.db.delete(stations).where(eq(stations.id, kemang!.id))).rejects.toThrow();
    await place(null);
    expect((await server.request(SWAP.remove, { id: kemang!.id }, { token: agentA })).code).toBe(1);
    expect(await names(agentA)).toEqual(['Senayan']);
  });

  it('answers options searched on the server: the keyword, at most the limit, the saved ids, the caller’s own only', async () => {
    await server.db.insert(stations).values(
      Array.from({ length: 60 }, (_, k) => ({
        ...station(`Option ${String(k).padStart(2, '0')}`, -6.2, 106.8),
        nature: 'SELF_OPERATED' as const,
        status: 'DEPLOYED' as const,
        type: 'SWAP' as const,
        merchantId: merchantB,
      })),
    );
    try {
      const options = (body: Record<string, unknown>, token = agentB, lang?: Language) =>
        server.call('POST', endpointUrl(STATION_OPTIONS.SWAP), { token, body, ...(lang ? { lang } : {}) });
      const all = await options({});
      expect(all.status).toBe(200);
      expect(all.data).toHaveLength(50); // the default limit, by name
      expect(all.data[0]).toMatchObject({ name: 'Option 00', type: 'SWAP', merchantId: merchantB });
      const some = await options({ keyword: 'OPTION 5', limit: 3 });
      expect(some.data.map((o: { name: string }) => o.name)).toEqual(['Option 50', 'Option 51', 'Option 52']);
      // A saved value keeps its label: the named ids come first, besides the limit.
      const [last] = (await options({ keyword: 'Option 59' })).data as { id: number }[];
      const kept = await options({ keyword: 'Option 0', limit: 2, ids: [last!.id] });
      expect(kept.data.map((o: { name: string }) => o.name)).toEqual(['Option 59', 'Option 00', 'Option 01']);
      // Another tenant's ids answer nothing; a merchant's staff see their own only, whatever owner they name.
      expect((await options({ ids: [last!.id], keyword: 'nothing like it' }, agentA)).data).toEqual([]);
      expect((await options({ keyword: 'Option' }, agentA)).data).toEqual([]);
      expect((await options({ keyword: 'Option', merchantId: merchantB }, agentA)).data).toEqual([]);
      // Platform staff narrow to an owner (0: the platform's own).
      expect((await options({ keyword: 'Option', merchantId: 0 }, staff)).data).toEqual([]);
      expect((await options({ keyword: 'Option', merchantId: merchantB, limit: 200 }, staff)).data).toHaveLength(60);
      // Bad input is refused in the caller's language and answers nothing.
      for (const body of [{ limit: 0 }, { limit: 201 }, { limit: 'x' }, { limit: 1.5 }, { ids: ['1'] }, { ids: [0] }, { other: 1 }]) {
        const bad = await options(body);
        expect(bad.status, JSON.stringify(body)).toBe(400);
      }
      expect((await options({ ids: Array.from({ length: 201 }, (_, k) => k + 1) })).status).toBe(400);
      const long = await options({ keyword: 'x'.repeat(10_000) }, agentB, 'in');
      expect([long.status, long.message]).toEqual([400, expect.stringContaining('terlalu panjang')]);
      const nul = await options({ keyword: 'Opt\u0000ion' });
      expect(nul.status).toBe(400);
      // Pattern characters are the user's text, not wildcards.
      expect((await options({ keyword: '%' })).data).toEqual([]);
    } finally {
      await server.db.delete(stations).where(sql`${stations.name} like 'Option %'`);
    }
  });

  it('flags stations lacking a position or a responsible person as incomplete, and finds them with the filter', async () => {
    const [made] = await server.db
      .insert(stations)
      .values({
        ...station('From site text', 0, 0),
        latitude: null,
        longitude: null,
        responsiblePerson: '',
        nature: 'SELF_OPERATED',
        status: 'DEPLOYED',
        type: 'SWAP',
        merchantId: merchantB,
      })
      .returning({ id: stations.id });
    try {
      expect(await names(agentB, { incomplete: true })).toEqual(['From site text']);
      expect(await names(agentB, { incomplete: false })).not.toContain('From site text');
      expect(await names(agentA, { incomplete: true })).toEqual([]);
      const detail = await server.request(SWAP.detail, { id: made!.id }, { token: agentB });
      expect(detail.data).toMatchObject({ incomplete: true, latitude: null });
      // Completing it (an edit needs the position and the person) clears the flag.
      const fixed = await server.request(SWAP.edit, { ...station('From site text', -6.2, 106.8), id: made!.id } as never, {
        token: agentB,
      });
      expect(fixed.data.incomplete).toBe(false);
      expect(await names(agentB, { incomplete: true })).toEqual([]);
    } finally {
      await server.db.delete(stations).where(eq(stations.id, made!.id));
    }
  });

  it('exports the caller’s stations as CSV with their words in the caller’s language', async () => {
    const csv = await server.call('POST', endpointUrl(SWAP.export), { token: agentB, body: {}, lang: 'in' });
    const lines = csv.raw.body.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('Penanggung jawab');
    expect(lines[1]).toContain('Senayan');
    expect(lines[1]).toContain('Stasiun tukar');
    expect(lines[1]).toContain('Terpasang');
  });
});

describe('migration 0018: stations from the cabinets’ site texts', () => {
  it('makes one swap station per owner and site (any case, trimmed) and links the cabinets to it', async () => {
    const { db, migrateRest, close } = await databaseBefore('0018');
    try {
      await db.execute(sql`insert into merchant (id, name, type, person_in_charge, contact, office_address) values
        (1, 'A', 'AGENT', 'x', 'x', 'x'), (2, 'B', 'AGENT', 'x', 'x', 'x')`);
      await db.execute(sql`insert into device_type (id, kind, code, name, description) values (1, 'cabinet', 'SC', 'SC', '')`);
      await db.execute(sql`insert into cabinet (number, type_id, compartment_count, merchant_id, site, latitude, longitude, location) values
        ('C1', 1, 4, 1, 'Kemang station', -6.2, 106.8, 'Jl. Kemang 1'),
        ('C2', 1, 4, 1, ' kemang Station ', -6.4, 106.6, null),
        ('C3', 1, 4, 2, 'Kemang station', null, null, null),
        ('C4', 1, 4, null, 'Harbour', -6.1, 106.9, null),
        ('C5', 1, 4, 1, null, null, null, null),
        ('C6', 1, 4, 1, '  ', null, null, null)`);
      await migrateRest();
      const made = await db.execute<{
        name: string;
        merchant_id: number | null;
        type: string;
        status: string;
        address: string;
        latitude: number | null;
      }>(sql`select name, merchant_id, type, status, address, latitude from station order by merchant_id nulls first, name`);
      expect(made.rows).toEqual([
        { name: 'Harbour', merchant_id: null, type: 'SWAP', status: 'DEPLOYED', address: 'Harbour', latitude: -6.1 },
        {
          name: 'Kemang station',
          merchant_id: 1,
          type: 'SWAP',
          status: 'DEPLOYED',
          address: 'Jl. Kemang 1',
          latitude: expect.closeTo(-6.3, 6),
        },
        { name: 'Kemang station', merchant_id: 2, type: 'SWAP', status: 'DEPLOYED', address: 'Kemang station', latitude: null },
      ]);
      const linked = await db.execute<{ number: string; name: string | null; owner: number | null }>(
        sql`select c.number, s.name, s.merchant_id as owner from cabinet c left join station s on s.id = c.station_id order by c.number`,
      );
      expect(linked.rows.map((r) => [r.number, r.name, r.owner])).toEqual([
        ['C1', 'Kemang station', 1],
        ['C2', 'Kemang station', 1],
        ['C3', 'Kemang station', 2],
        ['C4', 'Harbour', null],
        ['C5', null, null],
        ['C6', null, null],
      ]);
    } finally {
      await close();
    }
  });
});
