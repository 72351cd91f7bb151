import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TRAJECTORY_MAX_POINTS,
  TREND_MAX_POINTS,
  batteryApi,
  cabinetApi,
  endpointUrl,
  telemetryApi,
  vehicleApi,
  type CabinetTelemetry,
  type EndpointDef,
  type TrajectoryRange,
  type TrendRange,
} from '@swap/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createAccountWithMenus, deviceCallers, type DeviceCallers, createDeviceTypes } from '../../test/factories.js';
import { persistTelemetry, type TelemetryItem } from './telemetry.ingest.js';
import { cabinetReport } from '../../test/device-fixtures.js';

const DAY = 86_400_000;

describe('trajectories and trends from the telemetry history', () => {
  let server: TestServer;
  let who: DeviceCallers;
  let vehicleId: number;
  let batteryId: number;
  let siamVehicleId: number;
  let cabinetId: number;
  let siamCabinetId: number;
  const now = Date.now();

  const get = (token: string, kind: 'vehicle' | 'battery', id: number, range?: TrajectoryRange) =>
    server.request(telemetryApi[kind].trajectory, { id, ...(range ? { range } : {}) }, { token });
  const cabinetTrend = (token: string, id: number, range?: TrendRange) =>
    server.request(telemetryApi.cabinet.trend, { id, ...(range ? { range } : {}) }, { token });
  // A range outside the declared ones, sent as is through the untyped caller.
  const withRange = (endpoint: EndpointDef, id: number, range: string) =>
    server.call('GET', endpointUrl(endpoint), { token: who.admin, query: { id: String(id), range } });
  const cabinetAt = (number: string, ageMs: number, reading: Partial<CabinetTelemetry> = {}): TelemetryItem => ({
    kind: 'cabinet',
    number,
    at: new Date(now - ageMs).toISOString(),
    payload: cabinetReport({ ts: new Date(now - ageMs).toISOString(), ...reading }),
  });
  const vehicleAt = (number: string, ageMs: number, speed: number): TelemetryItem => ({
    kind: 'vehicle',
    number,
    at: new Date(now - ageMs).toISOString(),
    payload: { ts: new Date(now - ageMs).toISOString(), position: { lat: -6.2 + speed / 1000, lng: 106.8 }, speed, acc: 'ON' },
  });

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    who = await deviceCallers(server);
    const types = await createDeviceTypes(server, who.admin);
    const apis = { vehicle: vehicleApi, battery: batteryApi, cabinet: cabinetApi } as const;
    const add = async (kind: keyof typeof apis, body: { number: string; typeId: number; merchantId: number }) =>
      (await server.request(apis[kind].add, body, { token: who.admin })).data.id;
    vehicleId = await add('vehicle', { number: 'VTR0001', typeId: types.vehicle1, merchantId: who.merchantId });
    siamVehicleId = await add('vehicle', { number: 'VTR0002', typeId: types.vehicle1, merchantId: who.rivalId });
    batteryId = await add('battery', { number: 'BTR0001', typeId: types.battery, merchantId: who.merchantId });
    cabinetId = await add('cabinet', { number: 'CTR0001', typeId: types.cabinet, merchantId: who.merchantId });
    siamCabinetId = await add('cabinet', { number: 'CTR0002', typeId: types.cabinet, merchantId: who.rivalId });
    // The cabinet: one reading 20 days ago, one 3 days ago with a water alarm, two in the last day (the last with smoke).
    await persistTelemetry(server.db, [
      cabinetAt('CTR0001', 20 * DAY, { temperature: 20, humidity: 60, load: 0.5 }),
      cabinetAt('CTR0001', 3 * DAY, { temperature: 25, humidity: 55, load: 1, waterAlarm: true }),
      cabinetAt('CTR0001', 5 * 3_600_000, { temperature: 30, humidity: 50, load: 2 }),
      cabinetAt('CTR0001', 3_600_000, { temperature: 35, humidity: 45, load: 2.5, smokeAlarm: true }),
    ]);
    // One report 2 days ago, 20 days ago, 60 days ago and 120 days ago.
    await persistTelemetry(
      server.db,
      [120, 60, 20, 2].map((days, i) => vehicleAt('VTR0001', days * DAY, 10 + i)),
    );
    // The battery: a fix, a report without GPS fix, another fix.
    const battery = (ageMs: number, soc: number, position: { lat: number; lng: number } | null): TelemetryItem => ({
      kind: 'battery',
      number: 'BTR0001',
      at: new Date(now - ageMs).toISOString(),
      payload: {
        ts: new Date(now - ageMs).toISOString(),
        soc,
        voltage: 64,
        current: -3,
        temperature: 31,
        cellVoltages: [3.3],
        cycles: 1,
        gsmSignal: 20,
        gpsSignal: position ? 8 : 0,
        position,
        chargeSwitch: 'ALLOWED',
        dischargeSwitch: 'ALLOWED',
      },
    });
    await persistTelemetry(server.db, [
      battery(3 * DAY, 90, { lat: -6.2, lng: 106.8 }),
      battery(2 * DAY, 80, null),
      battery(1 * DAY, 70, { lat: -6.3, lng: 106.9 }),
    ]);
  });
  afterAll(() => server.close());

  it('answers the vehicle’s route for the last week, month and three months, oldest first', async () => {
    const week = await get(who.admin, 'vehicle', vehicleId, 'WEEK');
    expect(week.code).toBe(1);
    expect(week.data).toMatchObject({ id: vehicleId, number: 'VTR0001', range: 'WEEK', total: 1 });
    expect(week.data.points).toEqual([{ at: new Date(now - 2 * DAY).toISOString(), lat: -6.187, lng: 106.8, speed: 13, soc: null }]);
    const month = await get(who.admin, 'vehicle', vehicleId, 'MONTH');
    expect(month.data.points.map((p) => p.speed)).toEqual([12, 13]);
    const quarter = await get(who.admin, 'vehicle', vehicleId, 'QUARTER');
    expect(quarter.data.points.map((p) => p.speed)).toEqual([11, 12, 13]);
    // The week is the default range.
    expect((await get(who.admin, 'vehicle', vehicleId)).data.total).toBe(1);
    expect((await withRange(telemetryApi.vehicle.trajectory, vehicleId, 'YEAR')).code).not.toBe(1);
  });

  it('answers a battery’s positioned reports with their charge', async () => {
    const week = await get(who.admin, 'battery', batteryId, 'WEEK');
    expect(week.code).toBe(1);
    expect(week.data.points.map((p) => [p.soc, p.lat])).toEqual([
      [90, -6.2],
      [70, -6.3],
    ]);
  });

  it('answers a battery’s charge and temperature over the last day, week or month, including reports without a fix', async () => {
    const day = await server.request(telemetryApi.battery.trend, { id: batteryId, range: 'DAY' }, { token: who.admin });
    expect(day.code).toBe(1);
    expect(day.data).toEqual({ range: 'DAY', total: 0, points: [] });
    const week = await server.request(telemetryApi.battery.trend, { id: batteryId, range: 'WEEK' }, { token: who.admin });
    expect(week.data.points.map((p: { soc: number; temperature: number }) => [p.soc, p.temperature])).toEqual([
      [90, 31],
      [80, 31],
      [70, 31],
    ]);
    expect((await server.request(telemetryApi.battery.trend, { id: batteryId }, { token: who.rival })).code).toBe(3005);
  });

  it('thins a long route evenly to the point cap, keeping its start and end', async () => {
    const count = 2500;
    const items = Array.from({ length: count }, (_, i) => vehicleAt('VTR0002', (count - i) * 60_000, i % 300));
    await persistTelemetry(server.db, items);
    const answer = await get(who.admin, 'vehicle', siamVehicleId, 'WEEK');
    expect(answer.data.total).toBe(count);
    const points = answer.data.points as { at: string }[];
    expect(points.length).toBeLessThanOrEqual(TRAJECTORY_MAX_POINTS);
    expect(points.length).toBeGreaterThan(TRAJECTORY_MAX_POINTS / 2);
    expect(points[0]!.at).toBe(items[0]!.at);
    expect(points[points.length - 1]!.at).toBe(items[count - 1]!.at);
    const times = points.map((p) => Date.parse(p.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('keeps each merchant to its own devices', async () => {
    expect((await get(who.merchant, 'vehicle', vehicleId)).code).toBe(1);
    expect((await get(who.merchant, 'battery', batteryId)).code).toBe(1);
    expect((await get(who.merchant, 'vehicle', siamVehicleId)).code).toBe(3003);
    expect((await get(who.rival, 'vehicle', vehicleId)).code).toBe(3003);
    expect((await get(who.rival, 'battery', batteryId)).code).toBe(3005);
  });

  it('asks for the detail permission of the device', async () => {
    await createAccountWithMenus(server.db, {
      username: 'list-only',
      merchantId: null,
      menuCodes: ['operation.vehicle'],
      withResources: false,
    });
    const listOnly = await server.login('list-only');
    expect([2003, 2004, 2005]).toContain((await get(listOnly, 'vehicle', vehicleId)).code);
    expect([2003, 2004, 2005]).toContain((await get(listOnly, 'battery', batteryId)).code);
  });

  it('answers a cabinet’s temperature, humidity, load and alarms over the last day, week or month, oldest first', async () => {
    const day = await cabinetTrend(who.admin, cabinetId, 'DAY');
    expect(day.code).toBe(1);
    expect(day.data).toEqual({
      range: 'DAY',
      total: 2,
      points: [
        { at: new Date(now - 5 * 3_600_000).toISOString(), temperature: 30, humidity: 50, load: 2, waterAlarm: false, smokeAlarm: false },
        { at: new Date(now - 3_600_000).toISOString(), temperature: 35, humidity: 45, load: 2.5, waterAlarm: false, smokeAlarm: true },
      ],
    });
    const week = await cabinetTrend(who.admin, cabinetId, 'WEEK');
    expect(week.data.points.map((p: { temperature: number; waterAlarm: boolean }) => [p.temperature, p.waterAlarm])).toEqual([
      [25, true],
      [30, false],
      [35, false],
    ]);
    const month = await cabinetTrend(who.admin, cabinetId, 'MONTH');
    expect(month.data.points.map((p: { load: number }) => p.load)).toEqual([0.5, 1, 2, 2.5]);
    // The last 24 hours are the default range; a cabinet without reports answers no readings.
    expect((await cabinetTrend(who.admin, cabinetId)).data.total).toBe(2);
    expect((await cabinetTrend(who.admin, siamCabinetId, 'MONTH')).data).toEqual({ range: 'MONTH', total: 0, points: [] });
    expect((await withRange(telemetryApi.cabinet.trend, cabinetId, 'YEAR')).code).not.toBe(1);
  });

  it('thins a long cabinet history evenly to the trend cap, keeping its first and last reading', async () => {
    const count = 1200;
    const items = Array.from({ length: count }, (_, i) => cabinetAt('CTR0002', (count - i) * 60_000, { temperature: 20 + (i % 10) }));
    await persistTelemetry(server.db, items);
    const answer = await cabinetTrend(who.admin, siamCabinetId, 'DAY');
    expect(answer.data.total).toBe(count);
    const points = answer.data.points as { at: string }[];
    expect(points.length).toBeLessThanOrEqual(TREND_MAX_POINTS);
    expect(points.length).toBeGreaterThan(TREND_MAX_POINTS / 2);
    expect(points[0]!.at).toBe(items[0]!.at);
    expect(points[points.length - 1]!.at).toBe(items[count - 1]!.at);
    const times = points.map((p) => Date.parse(p.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('keeps each merchant to its own cabinets’ trends, and answers an unknown cabinet as missing', async () => {
    expect((await cabinetTrend(who.merchant, cabinetId)).data.total).toBe(2);
    expect((await cabinetTrend(who.merchant, siamCabinetId)).code).toBe(3007);
    const other = await cabinetTrend(who.rival, cabinetId);
    expect(other.code).toBe(3007);
    expect(other.message).toBe('Cabinet does not exist');
    expect((await cabinetTrend(who.admin, 999_999)).code).toBe(3007);
  });

  it('asks for the cabinet detail permission for its trend', async () => {
    await createAccountWithMenus(server.db, {
      username: 'cabinet-list-only',
      merchantId: null,
      menuCodes: ['operation.cabinet'],
      withResources: false,
    });
    const listOnly = await server.login('cabinet-list-only');
    expect((await server.request(cabinetApi.search, {}, { token: listOnly })).code).toBe(1);
    expect([2003, 2004, 2005]).toContain((await cabinetTrend(listOnly, cabinetId)).code);
  });
});
