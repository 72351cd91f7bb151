import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  DASHBOARD_TIME_ZONE,
  TIME_ZONE_SETTING,
  alarmApi,
  commonSettingApi,
  dashboardApi,
  endpointUrl,
  identityApi,
  PAYMENT_SIGNATURE_HEADER,
  TOPIC_ROOT,
  type DashboardLiveEvent,
} from '@swap/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { openEventStream } from '../../test/event-stream.js';
import {
  MERCHANT_ADMIN_MENUS,
  assignToStation,
  compartment,
  createCabinetWithBatteries,
  createCustomer,
  createDeviceTypes,
  createMerchant,
  createSubAccount,
  platformAdmin,
  succeed,
  type Caller,
  type MerchantFixture,
} from '../../test/factories.js';
import { signPayment } from '../../app/payment-signature.js';
import { payingMerchant } from '../payment/payment.fixtures.js';
import { markSilentCabinetsOffline } from '../../device-link/index.js';
import { GatewayDeviceLink, type DeliverUplink } from '../../device-link/link.js';
import { SILENT_LOG, cabinetReport } from '../../test/device-fixtures.js';
import type { DeviceChange } from '../../app/device-hub.js';
import { ALARM_CHANNEL } from '../alarm/index.js';
import { OFFLINE_RULE } from '../alarm/alarm.fixtures.js';
import { cabinets } from '../cabinet/cabinet.table.js';
import { countFigures } from './index.js';
import { DAY_MS, HOUR_MS, dayOf, dayStartOf, hourOf } from './dashboard.time.js';

const CARDS = ['dashboard.figures', 'dashboard.trends', 'dashboard.ranking'];
const GATEWAY_SECRET = 'stand-in-secret-for-the-dashboard-tests';

let server: TestServer;
let platform: Caller;
let north: MerchantFixture;
let south: MerchantFixture;
let types: Awaited<ReturnType<typeof createDeviceTypes>>;

beforeAll(async () => {
  server = await startTestServer({ DEMO: '0', PAYMENT_GATEWAY_SECRETS: `STANDIN:${GATEWAY_SECRET}` });
  platform = await platformAdmin(server);
  north = await createMerchant(server, platform.token, { menuCodes: [...MERCHANT_ADMIN_MENUS, ...CARDS] });
  south = await createMerchant(server, platform.token, { menuCodes: CARDS });
  types = await createDeviceTypes(server, platform.token);
});
afterAll(() => server?.close());

/** The test server's address, listening from the first stream opened on. */
let listening: Promise<string> | undefined;
const address = () => (listening ??= server.app.listen({ port: 0, host: '127.0.0.1' }));

describe('dashboard cards', () => {
  it('counts each merchant its own figures and platform staff all of them', async () => {
    const now = new Date();
    await server.db.transaction((tx) =>
      countFigures(tx, [
        { merchantId: north.id, at: now, swaps: 3, vehiclesSold: 1, newUsers: 2, approvedUsers: 1 },
        { merchantId: south.id, at: now, swaps: 5, batteriesSold: 2 },
      ]),
    );
    const own = await succeed(server, dashboardApi.figures, undefined, north.admin.token);
    expect(own.swaps.today).toBe(3);
    expect(own.vehiclesSold).toEqual({ today: 1, total: 1 });
    expect(own.batteriesSold).toEqual({ today: 0, total: 0 });
    expect(own.authenticatedUsers.total).toBe(1);
    expect(own.openAlarms.byLevel.map((row) => row.level)).toEqual(['LOW', 'MEDIUM', 'HIGH']);
    const all = await succeed(server, dashboardApi.figures, undefined, platform.token);
    expect(all.swaps.today).toBe(8);
    expect(all.batteriesSold.today).toBe(2);

    const trend = await succeed(server, dashboardApi.trend, { range: 'today' }, south.admin.token);
    expect(trend.points).toHaveLength(24);
    expect(trend.points.reduce((sum, point) => sum + point.swaps, 0)).toBe(5);
    expect(trend.points.reduce((sum, point) => sum + point.sales, 0)).toBe(2);
    const month = await succeed(server, dashboardApi.trend, { range: 'month' }, north.admin.token);
    expect(month.points).toHaveLength(30);
    expect(month.points.at(-1)).toMatchObject({ swaps: 3, sales: 1, newUsers: 2 });
  });

  it('compares today with yesterday up to the same time of day', async () => {
    const now = new Date();
    const dayStart = dayStartOf(now, DASHBOARD_TIME_ZONE);
    const yesterdayStart = new Date(dayStart.getTime() - DAY_MS);
    // Yesterday is counted in whole hours up to the hour holding this time of day, and that hour in proportion.
    const thenHour = hourOf(new Date(now.getTime() - DAY_MS));
    const beforeThen = yesterdayStart < thenHour; // false in the first hour of the day
    const afterThen = new Date(thenHour.getTime() + HOUR_MS + 60_000);
    const merchant = await createMerchant(server, platform.token, { menuCodes: ['dashboard.figures'] });
    await server.db.transaction((tx) =>
      countFigures(tx, [
        ...(beforeThen ? [{ merchantId: merchant.id, at: new Date(yesterdayStart.getTime() + 60_000), swaps: 4 }] : []),
        { merchantId: merchant.id, at: new Date(thenHour.getTime() + 60_000), swaps: 12 },
        // After this time of day: never counted (absent in the last hour of the day).
        ...(afterThen < dayStart ? [{ merchantId: merchant.id, at: afterThen, swaps: 6 }] : []),
        { merchantId: merchant.id, at: now, swaps: 5 },
      ]),
    );
    const figures = await succeed(server, dashboardApi.figures, undefined, merchant.admin.token);
    const at = new Date(figures.at);
    if (hourOf(new Date(at.getTime() - DAY_MS)).getTime() !== thenHour.getTime()) return; // the hour turned meanwhile
    expect(figures.swaps.today).toBe(5);
    const fraction = (at.getTime() - DAY_MS - thenHour.getTime()) / HOUR_MS;
    const expected = (beforeThen ? 4 : 0) + Math.round(12 * fraction);
    expect(figures.swaps.sameTimeYesterday).toBe(expected);
    expect(figures.swaps.changePercent).toBe(expected === 0 ? null : Math.round(((5 - expected) / expected) * 1000) / 10);
  });

  it('counts days in the zone the time_zone setting names, and counts them again when it changes', async () => {
    const merchant = await createMerchant(server, platform.token, { menuCodes: CARDS });
    const now = new Date();
    const midnight = dayStartOf(now, 'Asia/Jakarta');
    // 23:30 in Jakarta (UTC+7) is 00:30 of the next day in Shanghai (UTC+8).
    const lastNight = new Date(midnight.getTime() - 30 * 60_000);
    const twoNightsAgo = new Date(lastNight.getTime() - 24 * 3_600_000);
    await server.db.transaction((tx) =>
      countFigures(tx, [
        { merchantId: merchant.id, at: twoNightsAgo, swaps: 2, cabinet: { id: 990_001, stationId: null } },
        { merchantId: merchant.id, at: lastNight, swaps: 3 },
      ]),
    );
    const swapDays = async () => {
      const week = await succeed(server, dashboardApi.trend, { range: 'week' }, merchant.admin.token);
      return { zone: week.timeZone, days: week.points.filter((point) => point.swaps > 0).map((point) => [point.at, point.swaps]) };
    };
    expect(await swapDays()).toEqual({
      zone: 'Asia/Jakarta',
      days: [
        [dayOf(twoNightsAgo, 'Asia/Jakarta'), 2],
        [dayOf(lastNight, 'Asia/Jakarta'), 3],
      ],
    });
    expect((await succeed(server, dashboardApi.figures, undefined, merchant.admin.token)).swaps.today).toBe(0);

    const [setting] = (await succeed(server, commonSettingApi.search, { name: TIME_ZONE_SETTING }, platform.token)).records;
    const { id, name, description, remark } = setting!;
    const edit = (value: string, language?: 'zh') =>
      server.request(
        commonSettingApi.edit,
        { id, name, description, remark, value },
        { token: platform.token, ...(language ? { lang: language } : {}) },
      );
    const refused = await edit('Mars/Olympus', 'zh');
    expect(refused.code).not.toBe(1);
    expect(refused.message).toContain('无效');
    expect((await swapDays()).zone).toBe('Asia/Jakarta');
    try {
      expect((await edit('Asia/Shanghai')).code).toBe(1);
      expect(dayOf(twoNightsAgo, 'Asia/Shanghai')).toBe(dayOf(lastNight, 'Asia/Jakarta'));
      expect(await swapDays()).toEqual({
        zone: 'Asia/Shanghai',
        days: [
          [dayOf(twoNightsAgo, 'Asia/Shanghai'), 2],
          [dayOf(lastNight, 'Asia/Shanghai'), 3],
        ],
      });
      const figures = await succeed(server, dashboardApi.figures, undefined, merchant.admin.token);
      expect(figures.timeZone).toBe('Asia/Shanghai');
      // Last night's 23:30 in Jakarta is today in Shanghai, unless Shanghai's day has moved on since.
      if (dayOf(now, 'Asia/Shanghai') === dayOf(lastNight, 'Asia/Shanghai')) {
        expect(figures.swaps.today).toBe(3);
        expect(figures.dayStart).toBe(new Date(midnight.getTime() - 3_600_000).toISOString());
      }
      // A swap counted while the zone is Shanghai's lands on Shanghai's day.
      await server.db.transaction((tx) => countFigures(tx, [{ merchantId: merchant.id, at: twoNightsAgo, swaps: 1 }]));
      expect((await swapDays()).days[0]).toEqual([dayOf(twoNightsAgo, 'Asia/Shanghai'), 3]);
    } finally {
      expect((await edit('Asia/Jakarta')).code).toBe(1);
    }
    expect(await swapDays()).toEqual({
      zone: 'Asia/Jakarta',
      days: [
        [dayOf(twoNightsAgo, 'Asia/Jakarta'), 3],
        [dayOf(lastNight, 'Asia/Jakarta'), 3],
      ],
    });
  });

  it('refuses a card the role does not grant, and opens the others', async () => {
    const clerk = await createSubAccount(server, north, ['dashboard.ranking']);
    const figures = await server.request(dashboardApi.figures, undefined, { token: clerk.token });
    expect(figures.status).toBe(403);
    const trend = await server.request(dashboardApi.trend, { range: 'week' }, { token: clerk.token });
    expect(trend.status).toBe(403);
    const ranking = await server.request(dashboardApi.ranking, undefined, { token: clerk.token });
    expect(ranking.code).toBe(1);
    const bad = await server.call('GET', endpointUrl(dashboardApi.trend), { token: north.admin.token, query: { range: 'year' } });
    expect(bad.status).toBe(400);
  });
});

describe('dashboard live stream', () => {
  it('tells an open dashboard which cards to reload when its own tenant changes, and not another', async () => {
    const base = await address();
    const open = (token: string) => openEventStream<DashboardLiveEvent>(`${base}${endpointUrl(dashboardApi.live)}`, token);
    const northStream = await open(north.admin.token);
    const southStream = await open(south.admin.token);
    const clerk = await createSubAccount(server, north, ['dashboard.ranking']);
    const clerkStream = await open(clerk.token);
    try {
      await expect.poll(() => northStream.events.length).toBe(1);
      await expect.poll(() => clerkStream.events.length).toBe(1);
      await server.db.transaction((tx) => countFigures(tx, [{ merchantId: north.id, at: new Date(), swaps: 1 }]));
      await expect.poll(() => northStream.events.map((e) => e.event), { timeout: 5000 }).toEqual(['ready', 'figures']);
      expect(northStream.events[1]!.data.cards).toEqual(['figures', 'trends', 'ranking']);
      await expect.poll(() => clerkStream.events.length, { timeout: 5000 }).toBe(2);
      expect(clerkStream.events[1]!.data.cards).toEqual(['ranking']);
      // A rolled-back write announces nothing; the other merchant heard nothing of north's swap.
      await server.db
        .transaction(async (tx) => {
          await countFigures(tx, [{ merchantId: south.id, at: new Date(), swaps: 1 }]);
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(southStream.events.map((e) => e.event)).toEqual(['ready']);
    } finally {
      northStream.close();
      southStream.close();
      clerkStream.close();
    }
  });
});

describe('figures after real sales and approvals', () => {
  it('counts a battery lease paid through the gateway callback and an identity approved, and tells the open dashboard', async () => {
    const paying = await payingMerchant(server, {
      admin: platform.token,
      types,
      menuCodes: ['customer.authentication', 'dashboard.figures'],
    });
    const token = paying.merchant.admin.token;
    const base = await address();
    const stream = await openEventStream<DashboardLiveEvent>(`${base}${endpointUrl(dashboardApi.live)}`, token);
    const otherStream = await openEventStream<DashboardLiveEvent>(`${base}${endpointUrl(dashboardApi.live)}`, south.admin.token);
    try {
      await expect.poll(() => stream.events.length).toBe(1);
      await expect.poll(() => otherStream.events.length).toBe(1);
      const before = await succeed(server, dashboardApi.figures, undefined, token);
      const southBefore = await succeed(server, dashboardApi.figures, undefined, south.admin.token);

      // The gateway reports the lease paid: one more battery sold, today and in all, and the screen is told.
      const order = await paying.batteryOrder();
      const raw = JSON.stringify({
        paymentGateway: 'STANDIN',
        orderNo: order.orderNo,
        transactionId: `TX-DASH-${order.id}`,
        amount: order.totalAmount,
        currency: order.currency,
        status: 'PAID',
      });
      const paid = await server.app.inject({
        method: 'POST',
        url: '/api/pay/callback',
        payload: raw,
        headers: { 'content-type': 'application/json', [PAYMENT_SIGNATURE_HEADER]: signPayment(GATEWAY_SECRET, raw) },
      });
      expect(paid.json<{ code: number }>().code).toBe(1);
      const sold = await succeed(server, dashboardApi.figures, undefined, token);
      expect(sold.batteriesSold).toEqual({ today: before.batteriesSold.today + 1, total: before.batteriesSold.total + 1 });
      expect(sold.vehiclesSold).toEqual(before.vehiclesSold);
      await expect.poll(() => stream.events.map((e) => e.event), { timeout: 5000 }).toEqual(['ready', 'figures']);
      expect(stream.events[1]!.data.cards).toEqual(['figures']);

      // A customer's identity approved by the merchant's staff: one more authenticated user.
      const customer = await createCustomer(server, token);
      const submitted = await succeed(
        server,
        identityApi.submit,
        { customerId: customer.id, certificateType: 'ID_CARD', certificateNumber: '3174100100020002' },
        token,
      );
      expect(submitted.auditState).toBe('PENDING');
      expect((await succeed(server, dashboardApi.figures, undefined, token)).authenticatedUsers).toEqual(before.authenticatedUsers);
      await succeed(server, identityApi.audit, { id: submitted.id, decision: 'PASSED' }, token);
      const approved = await succeed(server, dashboardApi.figures, undefined, token);
      expect(approved.authenticatedUsers).toEqual({
        today: before.authenticatedUsers.today + 1,
        total: before.authenticatedUsers.total + 1,
      });
      await expect.poll(() => stream.events.length, { timeout: 5000 }).toBe(3);
      expect(stream.events[2]!.data.cards).toEqual(['figures']);

      // Another merchant's figures did not move, and its screen heard nothing.
      const southAfter = await succeed(server, dashboardApi.figures, undefined, south.admin.token);
      expect([southAfter.batteriesSold, southAfter.authenticatedUsers]).toEqual([
        southBefore.batteriesSold,
        southBefore.authenticatedUsers,
      ]);
      expect(otherStream.events.map((e) => e.event)).toEqual(['ready']);
    } finally {
      stream.close();
      otherStream.close();
    }
  });
});

describe('live alarm handling and station states', () => {
  it('tells the dashboard of an alarm acknowledged and cleared, and its own tenant’s map of a station’s cabinet going offline', async () => {
    const merchant = await createMerchant(server, platform.token, { menuCodes: ['dashboard.figures'] });
    const cabinet = await createCabinetWithBatteries(server, platform.token, {
      types,
      prefix: 'DLA',
      batteries: 1,
      merchantId: merchant.id,
    });
    await assignToStation(server, platform.token, 'cabinet', [cabinet.cabinetNumber], merchant.id);
    await succeed(server, alarmApi.rules.add, { ...OFFLINE_RULE, content: 'Cabinet silent' }, platform.token);
    const base = await address();
    const open = (token: string) => openEventStream<DashboardLiveEvent>(`${base}${endpointUrl(dashboardApi.live)}`, token);
    const stream = await open(merchant.admin.token);
    const otherStream = await open(south.admin.token);
    try {
      await expect.poll(() => stream.events.length).toBe(1);
      await expect.poll(() => otherStream.events.length).toBe(1);
      // The cabinet falls silent: the sweep takes it offline and opens its alarm; the open alarms and the map change.
      await server.db
        .update(cabinets)
        .set({ lastReportAt: new Date(Date.now() - 3600_000) })
        .where(eq(cabinets.id, cabinet.cabinetId));
      expect(await markSilentCabinetsOffline(server.db, 60_000, undefined, server.app.deviceHub)).toBeGreaterThanOrEqual(1);
      // The figures are told at once; the map's stations once the cabinet's station is looked up (with them or a second later).
      const toldSince = (from: number, what: (event: DashboardLiveEvent) => boolean | undefined) =>
        stream.events.slice(from).some((e) => what(e.data));
      await expect.poll(() => toldSince(1, (e) => e.cards.includes('figures')), { timeout: 5000 }).toBe(true);
      await expect.poll(() => toldSince(1, (e) => e.stations), { timeout: 5000 }).toBe(true);
      expect(stream.events.flatMap((e) => e.data.cards).every((card) => card === 'figures')).toBe(true);
      const figures = await succeed(server, dashboardApi.figures, undefined, merchant.admin.token);
      expect(figures.openAlarms.total).toBe(1);

      // Acknowledged, then cleared by the platform's staff: each time the merchant's screen reloads its figures.
      const [alarm] = (await succeed(server, alarmApi.records.search, { deviceNumber: cabinet.cabinetNumber }, platform.token)).records;
      const beforeAck = stream.events.length;
      await succeed(server, alarmApi.cabinet.acknowledge, { id: alarm!.id, comment: 'On my way' }, platform.token);
      await expect.poll(() => toldSince(beforeAck, (e) => e.cards.includes('figures')), { timeout: 5000 }).toBe(true);
      const beforeClear = stream.events.length;
      await succeed(server, alarmApi.cabinet.clear, { id: alarm!.id, comment: 'Power back' }, platform.token);
      await expect.poll(() => toldSince(beforeClear, (e) => e.cards.includes('figures')), { timeout: 5000 }).toBe(true);
      expect((await succeed(server, dashboardApi.figures, undefined, merchant.admin.token)).openAlarms.total).toBe(0);
      // The map reloads once in five seconds at most: the clearing's station change comes with it or follows.
      await expect.poll(() => toldSince(beforeClear, (e) => e.stations), { timeout: 8000 }).toBe(true);
      // Another merchant's map heard nothing of this station.
      expect(otherStream.events.every((e) => e.data.stations === undefined)).toBe(true);
    } finally {
      stream.close();
      otherStream.close();
    }
  });
});

describe('live notices by tenant', () => {
  it('tells an alarm and a station’s connection to its own merchant’s screens and the platform’s, and a report that changes no connection to no map', async () => {
    const east = await createMerchant(server, platform.token, {
      menuCodes: [...new Set([...MERCHANT_ADMIN_MENUS, ...CARDS, 'site.cabinet'])],
    });
    // A clerk who sees the swap stations' map and no card.
    const mapClerk = await createSubAccount(server, east, ['site.cabinet']);
    const cabinet = await createCabinetWithBatteries(server, platform.token, { types, prefix: 'DLT', batteries: 1, merchantId: east.id });
    await assignToStation(server, platform.token, 'cabinet', [cabinet.cabinetNumber], east.id);
    await succeed(server, alarmApi.rules.add, { ...OFFLINE_RULE, level: 'MEDIUM', content: 'Cabinet gone' }, platform.token);
    const base = await address();
    const open = (token: string) => openEventStream<DashboardLiveEvent>(`${base}${endpointUrl(dashboardApi.live)}`, token);
    const own = await open(east.admin.token);
    const other = await open(south.admin.token);
    const staff = await open(platform.token);
    const mapOnly = await open(mapClerk.token);
    // The device link as it runs, its broker stood in for: each message as the cabinet publishes it.
    let deliver: DeliverUplink | undefined;
    const link = new GatewayDeviceLink({
      transport: {
        open: (given) => {
          deliver = given;
          return Promise.resolve();
        },
        publish: () => Promise.resolve(),
        close: () => Promise.resolve(),
        description: 'stand-in broker',
        connected: true,
      },
      db: server.db,
      log: SILENT_LOG,
      hub: server.app.deviceHub,
    });
    await link.start();
    const told: DeviceChange[] = [];
    const stopTelling = server.app.deviceHub.onChange((change) => {
      if (change.number === cabinet.cabinetNumber) told.push(change);
    });
    const publish = async (channel: string, payload: unknown) => {
      const topic = `${TOPIC_ROOT}/cabinet/${cabinet.cabinetNumber}/${channel}`;
      expect(await deliver!(topic, Buffer.from(JSON.stringify(payload)), false)).toBe(true);
      await link.idle();
    };
    const states = () => told.filter((change) => change.channel === 'state');
    try {
      for (const stream of [own, other, staff, mapOnly]) await expect.poll(() => stream.events.length).toBe(1);
      // The cabinet says it is still online: its compartments are stored, no map reloads.
      await publish('state', { online: true, ts: new Date().toISOString(), compartments: [compartment(1, cabinet.batteryNumbers[0]!)] });
      expect(states()).toEqual([{ kind: 'cabinet', number: cabinet.cabinetNumber, channel: 'state' }]);
      // It goes offline by its own word, announced once as such: its offline alarm opens; its merchant's figures and map reload, and the platform's.
      await publish('state', { online: false });
      expect(states().slice(1)).toEqual([{ kind: 'cabinet', number: cabinet.cabinetNumber, channel: 'state', linkChanged: true }]);
      // The figures and the map reload: in one event, or the map in the next once its stations are looked up.
      await expect
        .poll(() => own.events.slice(1).map((e) => e.data), { timeout: 8000 })
        .toSatisfy(
          (heard: DashboardLiveEvent[]) => heard.some((e) => e.cards.includes('figures')) && heard.some((e) => e.stations === true),
        );
      expect(own.events.slice(1).every((e) => e.data.cards.every((card) => card === 'figures'))).toBe(true);
      await expect
        .poll(() => staff.events.some((e) => e.data.cards.includes('figures')) && staff.events.some((e) => e.data.stations === true), {
          timeout: 5000,
        })
        .toBe(true);
      await expect.poll(() => mapOnly.events.map((e) => e.data), { timeout: 5000 }).toEqual([{ cards: [] }, { cards: [], stations: true }]);
      const [alarm] = (await succeed(server, alarmApi.records.search, { deviceNumber: cabinet.cabinetNumber }, platform.token)).records;
      expect(alarm).toMatchObject({ merchantId: east.id, alarmState: 'OPEN' });
      // The platform's staff acknowledge it: the merchant's figures reload, no other merchant's.
      let heard = own.events.length;
      await succeed(server, alarmApi.cabinet.acknowledge, { id: alarm!.id, comment: 'Checking the supply' }, platform.token);
      await expect.poll(() => own.events.slice(heard).some((e) => e.data.cards.includes('figures')), { timeout: 5000 }).toBe(true);
      // Its next report clears the alarm on its own: announced with its merchant, the figures reload at once.
      told.length = 0;
      heard = own.events.length;
      await publish('telemetry', cabinetReport());
      const cleared = told.filter((change) => change.channel === ALARM_CHANNEL);
      expect(cleared.length).toBeGreaterThan(0);
      // One for each of its offline alarms (another test's offline rule may have opened one too).
      for (const change of cleared)
        expect(change).toEqual({ kind: 'cabinet', number: cabinet.cabinetNumber, channel: ALARM_CHANNEL, merchantId: east.id });
      await expect.poll(() => own.events.slice(heard).some((e) => e.data.cards.includes('figures')), { timeout: 5000 }).toBe(true);
      expect((await succeed(server, dashboardApi.figures, undefined, east.admin.token)).openAlarms.total).toBe(0);
      // Another merchant's screen heard nothing of any of it.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(other.events.map((e) => e.event)).toEqual(['ready']);
    } finally {
      stopTelling();
      await link.stop();
      own.close();
      other.close();
      staff.close();
      mapOnly.close();
    }
  });
});
