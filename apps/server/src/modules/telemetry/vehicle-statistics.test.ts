import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import {
  batteryApi,
  cabinetApi,
  deviceTypeApi,
  endpointUrl,
  swapApi,
  telemetryApi,
  vehicleApi,
  vehicleOptionsEndpoint,
  type SwapEvent,
  type VehicleStatisticsQuery,
} from '@swap/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import {
  createAccount,
  createAccountWithMenus,
  createDeviceTypes,
  deviceCallers,
  type DeviceCallers,
  assignToStation,
} from '../../test/factories.js';
import { persistTelemetry } from './telemetry.ingest.js';
import { applySwapEvent } from '../swap/index.js';
import { swapRecords } from '../swap/swap.table.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Midnight UTC `n` days before today, and that day as YYYY-MM-DD. */
const today = Math.floor(Date.now() / DAY) * DAY;
const midnight = (n: number) => today - n * DAY;
const dayOf = (n: number) => new Date(midnight(n)).toISOString().slice(0, 10);
/** km of 0.01° of latitude. */
const LEG_KM = (6371 * 0.01 * Math.PI) / 180;

describe('vehicle statistics: the swaps a vehicle was served, its distance and charge per day', () => {
  let server: TestServer;
  let who: DeviceCallers;
  const ids: Record<string, number> = {};
  let eventCount = 0;

  const add = async (kind: 'vehicle' | 'battery' | 'cabinet', body: Record<string, unknown>) => {
    const api = { vehicle: vehicleApi, battery: batteryApi, cabinet: cabinetApi }[kind];
    const added = await server.request(api.add, body as never, { token: who.admin });
    expect(added.code).toBe(1);
    ids[body.number as string] = (added.data as { id: number }).id;
  };
  /** A swap at the cabinet at `when`, as the cabinet reports it. */
  const swapAt = async (cabinet: string, when: Date, event: Partial<SwapEvent>) => {
    eventCount += 1;
    const startedAt = when.toISOString();
    const endedAt = new Date(when.getTime() + 40_000).toISOString();
    await applySwapEvent(server.db, cabinet, {
      type: 'SWAP',
      eventId: `E${eventCount}`,
      startedAt,
      endedAt,
      result: 'SUCCEEDED',
      ...event,
    } as SwapEvent);
  };
  const records = async () =>
    (await server.db.select({ vehicleId: swapRecords.vehicleId }).from(swapRecords).orderBy(asc(swapRecords.id))).map((r) => r.vehicleId);
  const vehicle = async (number: string) => (await server.request(vehicleApi.detail, { id: ids[number]! }, { token: who.admin })).data;
  const battery = async (number: string) => (await server.request(batteryApi.detail, { id: ids[number]! }, { token: who.admin })).data;

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    who = await deviceCallers(server);
    const types = await createDeviceTypes(server, who.admin);
    const merchantId = who.merchantId;
    await add('cabinet', { number: 'CVS0001', typeId: types.cabinet, merchantId });
    await add('cabinet', { number: 'CVS0002', typeId: types.cabinet, merchantId: who.rivalId });
    for (const number of ['BVS000001', 'BVS000002', 'BVS000003', 'BVS000004'])
      await add('battery', { number, typeId: types.battery, merchantId });
    await add('battery', { number: 'BVS000009', typeId: types.battery, merchantId: who.rivalId });
    await assignToStation(server, who.admin, 'battery', ['BVS000001', 'BVS000002', 'BVS000003', 'BVS000004'], merchantId);
    await assignToStation(server, who.admin, 'battery', ['BVS000009'], who.rivalId);
    await add('vehicle', { number: 'VVS0001', typeId: types.vehicle1, merchantId, battery1Number: 'BVS000001' });
    await add('vehicle', { number: 'VVS0002', typeId: types.vehicle1, merchantId });
    await add('vehicle', { number: 'VVS0009', typeId: types.vehicle1, merchantId: who.rivalId, battery1Number: 'BVS000009' });
  });
  afterAll(() => server?.close());

  it('names the vehicle a swap served: the one holding the returned pack, which then rides on the pack handed out', async () => {
    const base = midnight(3) + 10 * HOUR;
    await swapAt('CVS0001', new Date(base), {
      batteryIn: { number: 'BVS000001', compartment: 1, soc: 12 },
      batteryOut: { number: 'BVS000002', compartment: 2, soc: 98 },
    });
    expect(await records()).toEqual([ids.VVS0001]);
    expect((await vehicle('VVS0001')).battery1Number).toBe('BVS000002');
    expect((await battery('BVS000002')).vehicleNumber).toBe('VVS0001');
    expect((await battery('BVS000001')).vehicleNumber).toBeNull();
    // The swap list, its detail and its CSV name the vehicle served.
    const listed = (await server.request(swapApi.search, { cabinetNumber: 'CVS0001' }, { token: who.admin })).data.records[0]!;
    expect(listed).toMatchObject({ vehicleId: ids.VVS0001, servedVehicleNumber: 'VVS0001' });
    const detail = await server.request(swapApi.detail, { id: listed.id }, { token: who.admin });
    expect(detail.data).toMatchObject({ vehicleId: ids.VVS0001, servedVehicleNumber: 'VVS0001' });
    const lines = (await server.request(swapApi.export, { cabinetNumber: 'CVS0001' }, { token: who.admin })).raw.body.trim().split('\r\n');
    expect(lines[0]).toContain('Vehicle served');
    expect(lines[1]).toContain('VVS0001');
    // The next swap of the same vehicle is found by the pack it now carries.
    await swapAt('CVS0001', new Date(base + 3_600_000), {
      batteryIn: { number: 'BVS000002', compartment: 2, soc: 20 },
      batteryOut: { number: 'BVS000003', compartment: 3, soc: 97 },
    });
    expect(await records()).toEqual([ids.VVS0001, ids.VVS0001]);
    expect((await vehicle('VVS0001')).battery1Number).toBe('BVS000003');
  });

  it('falls back on the vehicle number the cabinet read as the customer, of the cabinet’s owner only', async () => {
    const base = midnight(2) + 10 * HOUR;
    // A return that failed: no pack named, the customer is the vehicle's number.
    await swapAt('CVS0001', new Date(base), { result: 'FAILED', failureCode: 'DOOR_FAILURE', customer: 'VVS0002' });
    // Another owner's vehicle number, and a customer that is no vehicle: no vehicle.
    await swapAt('CVS0001', new Date(base + 60_000), { result: 'FAILED', failureCode: 'DOOR_FAILURE', customer: 'VVS0009' });
    await swapAt('CVS0001', new Date(base + 120_000), { result: 'ABORTED', customer: 'C10001' });
    // The rival's pack returned at the merchant's cabinet is refused: no vehicle, nothing moves.
    await swapAt('CVS0001', new Date(base + 180_000), {
      batteryIn: { number: 'BVS000009', compartment: 1, soc: 30 },
      batteryOut: { number: 'BVS000004', compartment: 4, soc: 99 },
    });
    expect((await records()).slice(2)).toEqual([ids.VVS0002, null, null, null]);
    expect((await vehicle('VVS0009')).battery1Number).toBe('BVS000009');
    expect((await vehicle('VVS0002')).battery1Number).toBeNull();
  });

  describe('per day, with known answers', () => {
    const statistics = (query: Omit<VehicleStatisticsQuery, 'id'> = {}, token = who.admin, number = 'VVS0001') =>
      server.request(telemetryApi.vehicle.statistics, { id: ids[number]!, ...query }, { token });
    const report = (at: number, lat: number, soc: number) => ({
      kind: 'vehicle' as const,
      number: 'VVS0001',
      at: new Date(at).toISOString(),
      payload: { ts: new Date(at).toISOString(), position: { lat, lng: 106.8 }, speed: 20, acc: 'ON' as const, soc },
    });

    beforeAll(async () => {
      // A third swap three days ago, late in the (UTC) evening: already the next day in Bangkok.
      await swapAt('CVS0001', new Date(midnight(3) + 20 * HOUR), {
        batteryIn: { number: 'BVS000003', compartment: 3, soc: 30 },
        batteryOut: { number: 'BVS000001', compartment: 1, soc: 99 },
      });
      // Three days ago two legs north using 2.5 points; yesterday from the same place two legs more
      // using 2.5 points, then a full pack (a rise, not charge used).
      await persistTelemetry(server.db, [
        report(midnight(3) + 8 * HOUR, -6.2, 80),
        report(midnight(3) + 8 * HOUR + 60_000, -6.19, 79),
        report(midnight(3) + 8 * HOUR + 120_000, -6.18, 77.5),
        report(midnight(1) + 9 * HOUR, -6.18, 77.5),
        report(midnight(1) + 9 * HOUR + 600_000, -6.16, 75),
        report(midnight(1) + 9 * HOUR + 1_200_000, -6.16, 90),
      ]);
    });

    it('answers every day of the period with its swaps, km and charge used, and the busiest days', async () => {
      const answer = await statistics({ from: dayOf(4), to: dayOf(0) });
      expect(answer.code).toBe(1);
      const km = Number((2 * LEG_KM).toFixed(3));
      expect(answer.data).toMatchObject({ id: ids.VVS0001, number: 'VVS0001', from: dayOf(4), to: dayOf(0), timeZone: 'UTC' });
      expect(answer.data.days).toEqual([
        { day: dayOf(4), swaps: 0, distanceKm: 0, chargeUsed: null, energyKwh: null },
        { day: dayOf(3), swaps: 3, distanceKm: km, chargeUsed: 2.5, energyKwh: 0.048 },
        { day: dayOf(2), swaps: 0, distanceKm: 0, chargeUsed: null, energyKwh: null },
        { day: dayOf(1), swaps: 0, distanceKm: km, chargeUsed: 2.5, energyKwh: 0.048 },
        { day: dayOf(0), swaps: 0, distanceKm: 0, chargeUsed: null, energyKwh: null },
      ]);
      expect(answer.data.topDays).toEqual([{ day: dayOf(3), swaps: 3, distanceKm: km, chargeUsed: 2.5, energyKwh: 0.048 }]);
      // One pack of the one-pack type (64 V, 30 Ah) holds 1.92 kWh: 2.5 points of it are 0.048 kWh.
      expect(answer.data.packKwh).toBe(1.92);
      expect(answer.data.totals).toEqual({ swaps: 3, distanceKm: Number((4 * LEG_KM).toFixed(3)), chargeUsed: 5, energyKwh: 0.096 });
    });

    it('converts the charge used to kWh with one pack of the vehicle’s type: its rating shared by its compartments', async () => {
      // Two packs of 48 V and 25 Ah rated together as 48 V, 50 Ah: a pack holds 1.2 kWh.
      const type = await server.request(
        deviceTypeApi.vehicle.add,
        {
          code: 'EVS2',
          name: 'Two-pack 48 V',
          description: 'rated together',
          batteryCompartments: 2,
          compartmentType: 'Dual 48V',
          ratedCapacity: 50,
          ratedVoltage: 48,
        },
        { token: who.admin },
      );
      await add('vehicle', { number: 'VVS0003', typeId: type.data.id, merchantId: who.merchantId });
      const at = (minutes: number) => new Date(midnight(2) + 10 * HOUR + minutes * 60_000).toISOString();
      await persistTelemetry(
        server.db,
        [
          [0, 90],
          [1, 80],
          [2, 85], // a rise (another pack): no energy
          [3, 60],
        ].map(([minutes, soc]) => ({
          kind: 'vehicle' as const,
          number: 'VVS0003',
          at: at(minutes!),
          payload: { ts: at(minutes!), position: { lat: 13.75, lng: 100.52 }, speed: 0, acc: 'ON' as const, soc: soc! },
        })),
      );
      const answer = await statistics({ from: dayOf(2), to: dayOf(2) }, who.admin, 'VVS0003');
      expect(answer.data.packKwh).toBe(1.2);
      // 10 + 25 points used: 0.35 × 1.2 kWh.
      expect(answer.data.days).toEqual([{ day: dayOf(2), swaps: 0, distanceKm: 0, chargeUsed: 35, energyKwh: 0.42 }]);
      expect(answer.data.totals).toMatchObject({ chargeUsed: 35, energyKwh: 0.42 });
    });

    it('counts days in the asked time zone, and the last 30 days by default', async () => {
      const bangkok = await statistics({ from: dayOf(3), to: dayOf(2), timeZone: 'Asia/Bangkok' });
      expect(bangkok.data.days.map((day) => [day.day, day.swaps])).toEqual([
        [dayOf(3), 2],
        [dayOf(2), 1],
      ]);
      expect(bangkok.data.topDays.map((day) => day.day)).toEqual([dayOf(3), dayOf(2)]);
      const recent = await statistics();
      expect(recent.data.days).toHaveLength(30);
      expect(recent.data.days.at(-1)!.day).toBe(dayOf(0));
      expect(recent.data.totals.swaps).toBe(3);
      // A vehicle that never reported nor swapped: every day at zero.
      const idle = await statistics({}, who.admin, 'VVS0002');
      expect(idle.data.totals).toEqual({ swaps: 0, distanceKm: 0, chargeUsed: null, energyKwh: null });
      expect(idle.data.topDays).toEqual([]);
    });

    it('refuses a period without its end, backwards, over three months, or in an unknown zone, in the reader’s language', async () => {
      const ask = (query: Record<string, string>, lang: 'en' | 'zh' = 'en') =>
        server.call('GET', endpointUrl(telemetryApi.vehicle.statistics), {
          token: who.admin,
          query: { id: String(ids.VVS0001), ...query },
          lang,
        });
      expect((await ask({ from: dayOf(3) })).message).toContain('To is required');
      expect((await ask({ from: dayOf(3) }, 'zh')).message).toContain('不能为空');
      for (const query of [
        { from: dayOf(1), to: dayOf(2) },
        { from: dayOf(100), to: dayOf(0) },
        { timeZone: 'Mars/Olympus' },
        { from: '2026-02-30', to: dayOf(0) },
      ] as Record<string, string>[])
        expect((await ask(query)).code, JSON.stringify(query)).not.toBe(1);
      expect((await ask({ from: dayOf(92), to: dayOf(0) })).code).toBe(1);
    });

    it('shows a merchant its own vehicles only, to holders of the statistics permission', async () => {
      const rival = (
        await createAccount(server, who.admin, { merchantId: who.rivalId, menuCodes: ['operation.vehicle', 'statistics.vehicle'] })
      ).token;
      const other = await statistics({}, rival);
      expect(other.code).toBe(3003);
      expect((await statistics({}, rival, 'VVS0009')).code).toBe(1);
      await createAccountWithMenus(server.db, {
        username: 'vehicles-only',
        merchantId: null,
        menuCodes: ['operation.vehicle'],
        withResources: true,
      });
      expect([2003, 2004, 2005]).toContain((await statistics({}, await server.login('vehicles-only'))).code);
    });

    it('finds the vehicle to show by part of its number, the caller’s own only, for holders of the statistics permission', async () => {
      const statisticsOnly = (await createAccount(server, who.admin, { merchantId: who.merchantId, menuCodes: ['statistics.vehicle'] }))
        .token;
      const find = (body: Record<string, unknown>, token = statisticsOnly, lang?: 'in') =>
        server.call('POST', endpointUrl(vehicleOptionsEndpoint), { token, body, ...(lang ? { lang } : {}) });
      const numbers = async (body: Record<string, unknown>, token?: string) =>
        ((await find(body, token)).data as { number: string }[]).map((row) => row.number);
      const own = await numbers({ keyword: 'vvs' });
      expect(own).toEqual([...own].sort());
      expect(own.slice(0, 2)).toEqual(['VVS0001', 'VVS0002']);
      expect(own).not.toContain('VVS0009');
      expect(await numbers({ keyword: '0002' })).toEqual(['VVS0002']);
      expect(await numbers({ keyword: 'vvs', limit: 1 })).toEqual(['VVS0001']);
      // Another merchant's vehicle is never answered, by keyword or by id; platform staff find every owner's.
      expect(await numbers({ keyword: 'VVS0009', ids: [ids.VVS0009!] })).toEqual([]);
      expect(await numbers({ keyword: 'VVS' }, who.admin)).toEqual([...own, 'VVS0009']);
      expect(await numbers({ keyword: '%' })).toEqual([]);
      // Refused in the caller's language, naming the field.
      const refusals: [Record<string, unknown>, string][] = [
        [{ limit: 0 }, 'limit minimal 1'],
        [{ limit: 201 }, 'limit terlalu besar'],
        [{ limit: 'x' }, 'limit harus berupa angka'],
        [{ keyword: 'V'.repeat(101) }, 'Kata kunci terlalu panjang'],
        [{ keyword: 'V\u0000' }, 'Kata kunci berisi karakter tidak sah'],
        [{ number: 'VVS' }, 'Kolom tidak dikenal: number'],
      ];
      for (const [body, message] of refusals) {
        const refused = await find(body, statisticsOnly, 'in');
        expect([refused.status, refused.message], JSON.stringify(body)).toEqual([400, message]);
      }
      await createAccountWithMenus(server.db, {
        username: 'no-statistics',
        merchantId: who.merchantId,
        menuCodes: ['operation.vehicle'],
        withResources: true,
      });
      expect([2003, 2004, 2005]).toContain((await find({ keyword: 'VVS' }, await server.login('no-statistics'))).code);
    });
  });
});
