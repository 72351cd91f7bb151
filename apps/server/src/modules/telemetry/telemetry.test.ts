import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
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
import { summariseEndedHours } from './telemetry.service.js';
import { batteryReport, cabinetReport } from '../../test/device-fixtures.js';

const DAY = 86_400_000;

/** A history thinned to a cap: at most `cap` points and more than `over`, in time order, from the first report to the last. */
function expectThinned(
  points: readonly { at: string }[],
  reports: readonly { at: string }[],
  { cap, over }: { cap: number; over: number },
) {
  expect(points.length).toBeLessThanOrEqual(cap);
  expect(points.length).toBeGreaterThan(over);
  expect(points[0]!.at).toBe(reports[0]!.at);
  expect(points[points.length - 1]!.at).toBe(reports[reports.length - 1]!.at);
  const times = points.map((p) => Date.parse(p.at));
  expect([...times].sort((a, b) => a - b)).toEqual(times);
}

describe('trajectories and trends from the telemetry history', () => {
  let server: TestServer;
  let who: DeviceCallers;
  let vehicleId: number;
  let batteryId: number;
  let siamVehicleId: number;
  let cabinetId: number;
  let siamCabinetId: number;
  let types: Awaited<ReturnType<typeof createDeviceTypes>>;
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
  const batteryAt = (number: string, ageMs: number, soc: number, position: { lat: number; lng: number } | null): TelemetryItem => ({
    kind: 'battery',
    number,
    at: new Date(now - ageMs).toISOString(),
    payload: batteryReport({
      ts: new Date(now - ageMs).toISOString(),
      soc,
      current: -3,
      temperature: 31,
      gpsSignal: position ? 8 : 0,
      position,
    }),
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
    types = await createDeviceTypes(server, who.admin);
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
    await persistTelemetry(server.db, [
      batteryAt('BTR0001', 3 * DAY, 90, { lat: -6.2, lng: 106.8 }),
      batteryAt('BTR0001', 2 * DAY, 80, null),
      batteryAt('BTR0001', 1 * DAY, 70, { lat: -6.3, lng: 106.9 }),
    ]);
  });
  afterAll(() => server.close());

  it('answers the vehicle’s route for the last week, month and three months, oldest first', async () => {
    const week = await get(who.admin, 'vehicle', vehicleId, 'WEEK');
    expect(week.code).toBe(1);
    expect(week.data).toMatchObject({ id: vehicleId, number: 'VTR0001', range: 'WEEK', total: 1, stopMinutes: 10, trips: [], stops: [] });
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

  it('thins a long route evenly to the point cap, keeping its start, its end and the ends of every stop', async () => {
    // 6,000 reports a minute apart, moving, with one silent hour after the first 3,000 (a stop).
    const count = 6000;
    const atOf = (i: number) => new Date(now - (count - i + (i < 3000 ? 60 : 0)) * 60_000).toISOString();
    // Written straight into the history (the ingest's own path is tested with the device link).
    await server.db.execute(sql`
      insert into vehicle_telemetry (vehicle_id, at, latitude, longitude, speed, acc)
      select ${siamVehicleId}, ${new Date(now).toISOString()}::timestamptz - ((${count} - i + case when i < 3000 then 60 else 0 end) * interval '1 minute'),
        -6.2 + i / 10000.0, 106.8, 30, 'ON'
      from generate_series(0, ${count - 1}) i`);
    const items = Array.from({ length: count }, (_, i) => ({ at: atOf(i) }));
    const answer = await get(who.admin, 'vehicle', siamVehicleId, 'WEEK');
    expect(answer.data.total).toBe(count);
    const points = answer.data.points as { at: string }[];
    expectThinned(points, items, { cap: TRAJECTORY_MAX_POINTS, over: count / 3 });
    // The stop's two ends are among the points, whatever the thinning step.
    expect(answer.data.stops).toEqual([expect.objectContaining({ from: items[2999]!.at, to: items[3000]!.at, minutes: 61 })]);
    expect(points.map((p) => p.at)).toEqual(expect.arrayContaining([items[2999]!.at, items[3000]!.at]));
    expect(answer.data.trips.map((trip: { reports: number }) => trip.reports)).toEqual([3000, 2999]);
  });

  describe('trips on a generated track with known answers', () => {
    // A drive north (6 legs of 0.01° in 6 minutes), 20 minutes standing, a drive south (4 legs in 4
    // minutes), two silent hours, then a drive north with a 5-minute halt inside it (5 legs in 10 minutes).
    const LEG_KM = (6371 * 0.01 * Math.PI) / 180;
    const start = now - 2 * DAY;
    const at = (minute: number) => new Date(start + minute * 60_000).toISOString();
    const track: [minute: number, lat: number, speed: number][] = [
      ...[30, 50, 60, 70, 60, 50, 0].map((speed, i): [number, number, number] => [i, -6.2 + i * 0.01, speed]),
      ...Array.from({ length: 20 }, (_, i): [number, number, number] => [7 + i, -6.14, 0]),
      ...[40, 80, 60, 0].map((speed, i): [number, number, number] => [27 + i, -6.14 - (i + 1) * 0.01, speed]),
      ...[30, 30, 30, 0].map((speed, i): [number, number, number] => [150 + i, -6.18 + i * 0.01, speed]),
      ...[154, 155, 156, 157, 158].map((minute): [number, number, number] => [minute, -6.15, 0]),
      [159, -6.14, 30],
      [160, -6.13, 0],
    ];
    // The charge: half a point a minute on the first drive, one a minute on the second, a full pack
    // (swapped during the silent hours) losing half a point a minute on the third.
    const socAt = (minute: number) =>
      minute <= 6 ? 90 - minute / 2 : minute <= 26 ? 87 : minute <= 30 ? 87 - (minute - 26) : 98 - (minute - 150) / 2;
    let trackedId: number;
    const trajectory = async (query: Record<string, string | number> = {}) =>
      (await server.request(telemetryApi.vehicle.trajectory, { id: trackedId, ...query }, { token: who.admin })).data;

    beforeAll(async () => {
      trackedId = (
        await server.request(
          vehicleApi.add,
          { number: 'VTR0003', typeId: types.vehicle1, merchantId: who.merchantId },
          { token: who.admin },
        )
      ).data.id;
      await persistTelemetry(
        server.db,
        track.map(([minute, lat, speed]) => ({
          kind: 'vehicle',
          number: 'VTR0003',
          at: at(minute),
          payload: { ts: at(minute), position: { lat, lng: 106.8 }, speed, acc: 'ON', soc: socAt(minute) },
        })),
      );
    });

    it('splits the track at stops longer than the setting, with distance, duration, speeds, charge used and places', async () => {
      const answer = await trajectory();
      expect(answer.stopMinutes).toBe(10);
      expect(answer.total).toBe(track.length);
      expect(answer.trips).toEqual([
        {
          start: { at: at(0), lat: -6.2, lng: 106.8 },
          end: { at: at(6), lat: expect.closeTo(-6.14, 9), lng: 106.8 },
          distanceKm: Number((6 * LEG_KM).toFixed(3)),
          durationSeconds: 360,
          averageSpeed: 66.7,
          topSpeed: 70,
          chargeUsed: 3,
          reports: 7,
        },
        {
          start: { at: at(26), lat: -6.14, lng: 106.8 },
          end: { at: at(30), lat: expect.closeTo(-6.18, 9), lng: 106.8 },
          distanceKm: Number((4 * LEG_KM).toFixed(3)),
          durationSeconds: 240,
          averageSpeed: 66.7,
          topSpeed: 80,
          chargeUsed: 4,
          reports: 4,
        },
        {
          start: { at: at(150), lat: -6.18, lng: 106.8 },
          end: { at: at(160), lat: -6.13, lng: 106.8 },
          distanceKm: Number((5 * LEG_KM).toFixed(3)),
          durationSeconds: 600,
          averageSpeed: 33.4,
          topSpeed: 30,
          chargeUsed: 5,
          reports: 10,
        },
      ]);
      expect(answer.stops).toEqual([
        { from: at(6), to: at(26), lat: expect.closeTo(-6.14, 9), lng: 106.8, minutes: 20 },
        { from: at(30), to: at(150), lat: expect.closeTo(-6.18, 9), lng: 106.8, minutes: 120 },
      ]);
    });

    it('summarises each ended hour of the devices that reported in it, once, giving the same route, trips and stops', async () => {
      const before = await trajectory();
      // As if nobody had looked at the track yet.
      await server.db.execute(sql`delete from telemetry_track where kind = 'vehicle' and device_id = ${trackedId}`);
      const since = new Date(start - 3_600_000);
      expect((await summariseEndedHours(server.db, since, new Date(now))).devices).toBeGreaterThanOrEqual(1);
      const marked = await server.db.execute(sql`select count(*)::int as n from telemetry_track
        where kind = 'vehicle' and device_id = ${trackedId} and seq = 0
          and hour >= date_trunc('hour', ${at(0)}::timestamptz) and hour <= date_trunc('hour', ${at(160)}::timestamptz)`);
      const hours = Math.floor(Date.parse(at(160)) / 3_600_000) - Math.floor(Date.parse(at(0)) / 3_600_000) + 1;
      expect((marked as { rows: { n: number }[] }).rows[0]!.n).toBe(hours);
      // Another server running the job meanwhile finds nothing left to do.
      expect((await summariseEndedHours(server.db, since, new Date(now))).devices).toBe(0);
      const after = await trajectory();
      expect({ ...after, from: before.from, to: before.to }).toEqual(before);
    });

    it('takes a start and an end instead of a quick range', async () => {
      const answer = await trajectory({ from: at(-1), to: new Date(start + 30.5 * 60_000).toISOString() });
      expect(answer).toMatchObject({ range: null, from: at(-1), total: 31 });
      expect(answer.trips.map((trip: { durationSeconds: number }) => trip.durationSeconds)).toEqual([360, 240]);
      expect(answer.stops.map((stop: { minutes: number }) => stop.minutes)).toEqual([20]);
      const empty = await trajectory({ from: at(-100), to: at(-50) });
      expect(empty).toMatchObject({ total: 0, points: [], trips: [], stops: [] });
    });

    it('refuses a start without an end, an end before the start and a span over three months, in the reader’s language', async () => {
      const ask = (query: Record<string, string>, lang: 'en' | 'zh' = 'en') =>
        server.call('GET', endpointUrl(telemetryApi.vehicle.trajectory), {
          token: who.admin,
          query: { id: String(trackedId), ...query },
          lang,
        });
      const onlyStart = await ask({ from: at(0) });
      expect(onlyStart.code).not.toBe(1);
      expect(onlyStart.message).toContain('To is required');
      expect((await ask({ to: at(0) })).message).toContain('From is required');
      expect((await ask({ from: at(10), to: at(0) })).code).not.toBe(1);
      expect((await ask({ from: at(0), to: new Date(start + 94 * DAY).toISOString() })).code).not.toBe(1);
      expect((await ask({ from: at(0) }, 'zh')).message).toContain('不能为空');
    });

    it('follows the stop length setting', async () => {
      await server.db.execute(sql`update common_setting set value = '30' where name = 'trip_stop_minutes'`);
      try {
        const answer = await trajectory();
        expect(answer.stopMinutes).toBe(30);
        // The 20 minutes standing no longer end a trip; the two silent hours still do.
        expect(answer.trips.map((trip: { durationSeconds: number }) => trip.durationSeconds)).toEqual([1800, 600]);
        expect(answer.stops.map((stop: { minutes: number }) => stop.minutes)).toEqual([120]);
      } finally {
        await server.db.execute(sql`update common_setting set value = '10' where name = 'trip_stop_minutes'`);
      }
    });

    it('counts late reports even when a summary of their hour written meanwhile is committed after them', async () => {
      const before = await trajectory();
      // A minute's drive in the middle of the two silent hours, reported late.
      const late = [90, 91].map((minute, i): TelemetryItem => ({
        kind: 'vehicle' as const,
        number: 'VTR0003',
        at: at(minute),
        payload: { ts: at(minute), position: { lat: -6.18 + i * 0.01, lng: 106.8 }, speed: 30, acc: 'ON' },
      }));
      // What another server summarising the track at that moment commits: the summary as it was,
      // written back once the late reports' transaction has forgotten it.
      await server.db.execute(sql`create table racing_summary as
        select * from telemetry_track where kind = 'vehicle' and device_id = ${trackedId}`);
      try {
        await persistTelemetry(server.db, late);
        await server.db.execute(sql`insert into telemetry_track select * from racing_summary on conflict do nothing`);
        const after = await trajectory();
        expect(after.total).toBe(before.total + 2);
        expect(after.trips).toHaveLength(before.trips.length + 1);
        expect(after.stops.map((stop: { minutes: number }) => stop.minutes)).toEqual([20, 60, 59]);
      } finally {
        await server.db.execute(sql`drop table racing_summary`);
        await server.db.execute(
          sql`delete from vehicle_telemetry where vehicle_id = ${trackedId} and at in (${at(90)}::timestamptz, ${at(91)}::timestamptz)`,
        );
      }
      expect((await trajectory()).stops.map((stop: { minutes: number }) => stop.minutes)).toEqual([20, 120]);
    });
  });

  it('counts a battery’s trip charge as the drops in its state of charge', async () => {
    const id = (
      await server.request(batteryApi.add, { number: 'BTR0002', typeId: types.battery, merchantId: who.merchantId }, { token: who.admin })
    ).data.id;
    // Four reports a minute apart, three hours ago, moving 0.01° north each minute.
    const age = (i: number) => 3 * 3_600_000 - i * 60_000;
    await persistTelemetry(
      server.db,
      [90, 85, 87, 80].map((soc, i) => batteryAt('BTR0002', age(i), soc, { lat: -6.2 + i * 0.01, lng: 106.8 })),
    );
    const answer = (await server.request(telemetryApi.battery.trajectory, { id }, { token: who.admin })).data;
    expect(answer.trips).toEqual([
      expect.objectContaining({
        chargeUsed: 12,
        durationSeconds: 180,
        topSpeed: 66.7,
        distanceKm: Number(((3 * 6371 * 0.01 * Math.PI) / 180).toFixed(3)),
      }),
    ]);
  });

  it('keeps each merchant to its own devices', async () => {
    expect((await get(who.merchant, 'vehicle', vehicleId)).code).toBe(1);
    expect((await get(who.merchant, 'battery', batteryId)).code).toBe(1);
    expect((await get(who.merchant, 'vehicle', siamVehicleId)).code).toBe(3003);
    expect((await get(who.rival, 'vehicle', vehicleId)).code).toBe(3003);
    expect((await get(who.rival, 'battery', batteryId)).code).toBe(3005);
  });

  it('asks for the detail permission of the device, the cabinet’s for its trend', async () => {
    // The lists of vehicles and cabinets, without any of their buttons and links.
    await createAccountWithMenus(server.db, {
      username: 'list-only',
      merchantId: null,
      menuCodes: ['operation.vehicle', 'operation.cabinet'],
      withResources: false,
    });
    const listOnly = await server.login('list-only');
    expect([2003, 2004, 2005]).toContain((await get(listOnly, 'vehicle', vehicleId)).code);
    expect([2003, 2004, 2005]).toContain((await get(listOnly, 'battery', batteryId)).code);
    expect((await server.request(cabinetApi.search, {}, { token: listOnly })).code).toBe(1);
    expect([2003, 2004, 2005]).toContain((await cabinetTrend(listOnly, cabinetId)).code);
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
    expectThinned(answer.data.points, items, { cap: TREND_MAX_POINTS, over: TREND_MAX_POINTS / 2 });
  });

  it('keeps each merchant to its own cabinets’ trends, and answers an unknown cabinet as missing', async () => {
    expect((await cabinetTrend(who.merchant, cabinetId)).data.total).toBe(2);
    expect((await cabinetTrend(who.merchant, siamCabinetId)).code).toBe(3007);
    const other = await cabinetTrend(who.rival, cabinetId);
    expect(other.code).toBe(3007);
    expect(other.message).toBe('Cabinet does not exist');
    expect((await cabinetTrend(who.admin, 999_999)).code).toBe(3007);
  });
});
