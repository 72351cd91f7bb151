import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../test/harness.js';
import { seed } from './seed.js';
import { BANGKOK, JAKARTA } from './demo.js';
import { areas } from '../modules/area/area.table.js';
import { areasContaining } from '../modules/area/index.js';
import { batteries } from '../modules/battery/battery.table.js';
import { vehicles } from '../modules/vehicle/vehicle.table.js';
import { cabinetCompartments, cabinets } from '../modules/cabinet/cabinet.table.js';
import { stockBatches } from '../modules/stock/stock.table.js';
import { merchants } from '../modules/merchant/merchant.table.js';
import { merchantApplications } from '../modules/sign-up/sign-up.table.js';
import {
  MESSAGES,
  addMoney,
  alarmApi,
  demoFleet,
  auditLogApi,
  batteryApi,
  cabinetApi,
  compareMoney,
  deviceLogApi,
  deviceOrderApi,
  DEVICE_ORDER_STATUSES,
  firmwareApi,
  PRODUCT_ORDER_STATUSES,
  productOrderApi,
  distributionApi,
  externalSystemApi,
  priceSettingApi,
  stockApi,
  DEMO_PASSWORD,
  sessionApi,
  swapApi,
  swapOrderApi,
  paymentApi,
  SWAP_ORDER_STATUSES,
  telemetryApi,
  topUpApi,
  stationApi,
  type StationType,
  vehicleApi,
  walletApi,
  walletOrderApi,
  walletSettingApi,
  WALLET_ORDER_STATUSES,
} from '@swap/contracts';
import { WALLET_CONSISTENCY_QUERY } from '../modules/top-up/wallet.consistency.js';
import { findBasePrice } from '../modules/price/index.js';
import { productPackages } from '../modules/product-package/product-package.table.js';
import { evaluateBusinessAlarms } from '../modules/alarm/index.js';
import { assignToStation, createMerchant, succeed } from '../test/factories.js';
import { startEmbeddedGateway } from '../test/device-fixtures.js';
import { eventually } from '../test/eventually.js';
import { loadConfig } from '../app/config.js';
import { startDemoCommands, startDemoSimulator, writeDemoFleet, type DemoCommands, type DeviceGateway } from '../device-link/index.js';
import type { DemoSimulator } from '../device-link/demo-simulator.js';

describe('demo seed', () => {
  let server: TestServer;
  const total = async (table: typeof batteries | typeof vehicles | typeof cabinets | typeof cabinetCompartments | typeof stockBatches) =>
    (await server.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

  beforeAll(async () => {
    server = await startTestServer({ DEMO_DEVICES: '1' });
  });
  afterAll(() => server.close());

  it('holds the operator’s fleet in Jakarta and Bangkok, once', async () => {
    expect(await total(batteries)).toBe(2000);
    expect(await total(vehicles)).toBe(800);
    expect(await total(cabinets)).toBe(50);
    expect(await total(cabinetCompartments)).toBeGreaterThan(400);
    expect(await total(stockBatches)).toBeGreaterThan(5);
    await seed(server.db, { demo: true, demoDevices: true });
    expect(await total(batteries)).toBe(2000);
    expect(await total(stockBatches)).toBe(8);
  });

  it('lets cabinets hand out the packs they hold and keeps a swap history with a live reservation', async () => {
    const rows = async (query: ReturnType<typeof sql>) => {
      const result: unknown = await server.db.execute<{ n: number }>(query);
      return (result as { rows: { n: number }[] }).rows[0]!.n;
    };
    expect(
      await rows(
        sql`select count(*)::int as n from cabinet_compartment c join battery b on b.id = c.battery_id where b.distribution_status <> 'ASSIGNED'`,
      ),
    ).toBe(0);
    // A fortnight of swap history, besides the swaps the demo transfer and energy orders charge (28 per merchant
    // and the three months of energy swaps) and the dashboard's three months on four cabinets of each merchant
    // (docs/dashboard.md, "Demo").
    expect(
      await rows(
        sql`select count(*)::int as n from swap_record where vehicle_id is null and event_id not like 'demo-charged-%' and event_id not like 'demo-history-%' and event_id not like 'demo-failing-%'`,
      ),
    ).toBe(60);
    // And the few last minutes' failed swaps of the open failed-swaps alarm (below).
    expect(await rows(sql`select count(*)::int as n from swap_record where event_id like 'demo-failing-%' and result = 'FAILED'`)).toBe(3);
    expect(
      await rows(
        sql`select count(distinct (started_at at time zone 'UTC')::date)::int as n from swap_record where event_id like 'demo-history-%'`,
      ),
    ).toBeGreaterThanOrEqual(90);
    const charged = await rows(sql`select count(*)::int as n from swap_record where event_id like 'demo-charged-%'`);
    expect(charged).toBeGreaterThan(56 + 90);
    expect(await rows(sql`select count(*)::int as n from swap_order`)).toBe(charged);
    // The six demo vehicles with a history are served swaps at their owner's cabinets, never another's.
    const vehicleSwaps = sql`from swap_record s join vehicle v on v.id = s.vehicle_id join cabinet c on c.id = s.cabinet_id`;
    expect(await rows(sql`select count(distinct s.vehicle_id)::int as n ${vehicleSwaps} where s.result = 'SUCCEEDED'`)).toBe(6);
    expect(await rows(sql`select count(*)::int as n ${vehicleSwaps} where c.merchant_id is distinct from v.merchant_id`)).toBe(0);
    expect(await rows(sql`select count(*)::int as n from appointment where status = 'RESERVED' and expires_at > now()`)).toBe(1);
  });

  it('keeps the data consistent: a bound battery points back at its vehicle, placed batteries are out', async () => {
    const [mismatch] = await server.db
      .execute<{ n: number }>(
        sql`select count(*)::int as n from vehicle v join battery b on b.id in (v.battery1_id, v.battery2_id) where b.vehicle_id is distinct from v.id or b.merchant_id is distinct from v.merchant_id or b.stock_status <> 'OUTSTOCK'`,
      )
      .then((result) => (result as { rows: { n: number }[] }).rows);
    expect(mismatch!.n).toBe(0);
    // The trigger-kept counters agree with the devices.
    const [drift] = await server.db
      .execute<{ n: number }>(
        sql`select count(*)::int as n from (select type_id, coalesce(merchant_id, 0) as m, stock_status, scrap_status, count(*)::int as n from battery group by 1, 2, 3, 4) d
          full join (select * from stock_count where kind = 'battery' and n <> 0) c
          on c.type_id = d.type_id and c.merchant_key = d.m and c.stock_status = d.stock_status and c.scrap_status = d.scrap_status
          where c.n is distinct from d.n`,
      )
      .then((result) => (result as { rows: { n: number }[] }).rows);
    expect(drift!.n).toBe(0);
  });

  it('places devices by distribution: assigned exactly when at a station, each merchant placement in the history', async () => {
    const count = async (query: ReturnType<typeof sql>) => {
      const result: unknown = await server.db.execute<{ n: number }>(query);
      return (result as { rows: { n: number }[] }).rows[0]!.n;
    };
    for (const table of ['battery', 'vehicle'])
      expect(
        await count(
          sql`select count(*)::int as n from ${sql.raw(table)} where (distribution_status = 'ASSIGNED') <> (station_id is not null)`,
        ),
      ).toBe(0);
    // A pack in a cabinet stands at the cabinet's station.
    expect(
      await count(sql`select count(*)::int as n from cabinet_compartment cc join cabinet c on c.id = cc.cabinet_id
        join battery b on b.id = cc.battery_id where b.station_id is distinct from c.station_id`),
    ).toBe(0);
    expect(await count(sql`select count(*)::int as n from vehicle where station_id is not null`)).toBeGreaterThan(0);
    // Every merchant device at a station came there by a distribution the history shows.
    for (const table of ['battery', 'vehicle', 'cabinet'])
      expect(
        await count(sql`select count(*)::int as n from ${sql.raw(table)} d where d.merchant_id is not null and d.station_id is not null
          and not exists (select 1 from distribution_record r where r.kind = ${table} and r.device_id = d.id and r.action = 'DISTRIBUTE'
            and r.to_station_id = d.station_id)`),
      ).toBe(0);
    const agent = (await server.db.select({ id: merchants.id }).from(merchants).where(eq(merchants.name, 'Demo Agent')))[0]!;
    // The demo merchant's administrator reads its history: the packs it recalled for inspection.
    const merchant = await server.login('merchant');
    const recalled = await server.request(distributionApi.battery.search, { action: 'RECALL' }, { token: merchant });
    expect(recalled.data.total).toBe(3);
    expect(recalled.data.records[0]).toMatchObject({ fromMerchantName: 'Demo Agent', toStationName: null, operatorName: 'merchant' });
    // A recalled pack is back with its merchant, at no station.
    const [pack] = await server.db
      .select({ merchantId: batteries.merchantId, stationId: batteries.stationId, status: batteries.distributionStatus })
      .from(batteries)
      .where(eq(batteries.number, recalled.data.records[0]!.number));
    expect(pack).toEqual({ merchantId: agent.id, stationId: null, status: 'UNASSIGNED' });
  });

  it('places each demo station inside its district’s demo city, its area found by its position', async () => {
    const admin = await server.login('admin');
    const result: unknown = await server.db.execute(
      sql`select s.name, s.type, s.latitude, s.longitude, a.code from station s left join area a on a.id = s.area_id order by s.id`,
    );
    const rows = (result as { rows: { name: string; type: StationType; latitude: number; longitude: number; code: string | null }[] }).rows;
    expect(rows).toHaveLength(2 * (JAKARTA.districts.length + BANGKOK.districts.length));
    const expected = new Map<string, Set<string>>();
    for (const row of rows) {
      const district = row.name.replace(/ (station|hub)$/, '');
      const code = JAKARTA.districtAreas[district] ?? BANGKOK.districtAreas[district];
      expect(code, row.name).toBeDefined();
      expect(row.code, row.name).toBe(code);
      expect((await areasContaining(server.db, { lat: row.latitude, lng: row.longitude }))[0]?.code, row.name).toBe(code);
      expected.set(code!, (expected.get(code!) ?? new Set()).add(row.name));
    }
    // The list's area filter (the stations whose position lies inside the outline) finds exactly those of the city's districts.
    const areaIds = new Map((await server.db.select({ id: areas.id, code: areas.code }).from(areas)).map((area) => [area.code, area.id]));
    for (const [code, names] of expected) {
      const found = new Set<string>();
      for (const type of ['SWAP', 'INTEGRATED'] as const) {
        const page = await server.request(stationApi[type].search, { areaId: areaIds.get(code)!, size: 100 }, { token: admin });
        for (const station of page.data.records) found.add(station.name);
      }
      expect([...found].sort(), code).toEqual([...names].sort());
    }
  });

  it('shows firmware tasks of every kind: finished, stopped and running upgrades and a finished bulk restart', async () => {
    const admin = await server.login('admin');
    const tasks = (await server.request(firmwareApi.tasks, { current: 1, size: 100 }, { token: admin })).data.records;
    expect(new Set(tasks.map((t) => t.taskState))).toEqual(new Set(['FINISHED', 'STOPPED', 'RUNNING']));
    const restart = tasks.find((t) => t.taskKind === 'COMMAND');
    expect(restart).toMatchObject({ command: 'RESTART', taskState: 'FINISHED', failed: 1 });
    expect(restart!.succeeded).toBeGreaterThan(0);
  });

  it('serves the lists per tenant', async () => {
    const admin = await server.login('admin');
    const merchant = await server.login('merchant');
    const all = await server.request(batteryApi.search, {}, { token: admin });
    expect(all.data).toMatchObject({ total: 2000, totalExact: true });
    const own = await server.request(vehicleApi.search, { size: 5 }, { token: merchant });
    expect(own.data.total).toBe(360);
    expect(own.data.records.every((r) => r.merchantName === 'Demo Agent')).toBe(true);
    const summary = await server.request(stockApi.cabinet.summary, {}, { token: admin });
    expect(summary.data.records.length).toBeGreaterThan(2);
    const cabinet = (await server.request(cabinetApi.search, { size: 1 }, { token: merchant })).data.records[0]!;
    const detail = await server.request(cabinetApi.detail, { id: cabinet.id }, { token: merchant });
    expect(detail.data.compartments.some((c: { batteryNumber: string | null }) => c.batteryNumber !== null)).toBe(true);
  });

  it('sets every demo product at or above its merchant’s base price', async () => {
    const products = await server.db.select().from(productPackages);
    expect(products.length).toBe(8);
    for (const p of products) {
      const base = await findBasePrice(server.db, { ...p, vehicleTypeId: p.vehicleTypeId });
      const least = ['NEW', 'SALE'].includes(p.operationType) ? base.price : base.rent;
      expect([compareMoney(p.pricePerCycle, least), compareMoney(p.dailyRenewalPrice, base.minDailyRate)], p.name).not.toContain(-1);
      expect(p.currency, p.name).toBe(base.currency);
    }
  });

  it('lets the demo merchant read its own top-ups and price settings, enabled and not', async () => {
    const merchant = await server.login('merchant');
    const topUps = await server.request(topUpApi.search, { size: 50 }, { token: merchant });
    expect(topUps.code).toBe(1);
    expect(topUps.data.records.length).toBeGreaterThan(0);
    expect(topUps.data.records.every((r) => r.merchantName === 'Demo Agent')).toBe(true);
    const admin = await server.login('admin');
    const all = await server.request(topUpApi.search, { size: 50 }, { token: admin });
    expect(all.data.total).toBeGreaterThan(topUps.data.total);
    for (const kind of ['battery', 'consumer', 'package', 'rechargeSetting'] as const) {
      const own = (await server.request(priceSettingApi[kind].search, { size: 50 }, { token: merchant })).data.records;
      expect(new Set(own.map((r) => r.enabled)), kind).toEqual(new Set([true, false]));
      expect(
        own.every((r) => r.merchantName === 'Demo Agent'),
        kind,
      ).toBe(true);
    }
  });

  it('fills the order screens of the demo merchant: product, vehicle, battery, recharge and package orders in every state, its own only', async () => {
    const merchant = await server.login('merchant');
    const states = async (
      search:
        | typeof productOrderApi.search
        | typeof deviceOrderApi.vehicle.search
        | typeof deviceOrderApi.battery.search
        | typeof walletOrderApi.recharge.search
        | typeof walletOrderApi.package.search,
    ) => {
      const page = (await server.request(search, { size: 200 }, { token: merchant })).data;
      expect(page.records.every((r) => r.merchantName === 'Demo Agent')).toBe(true);
      return new Set(page.records.map((r) => r.status));
    };
    expect(await states(productOrderApi.search)).toEqual(new Set(PRODUCT_ORDER_STATUSES));
    expect(await states(deviceOrderApi.vehicle.search)).toEqual(new Set(DEVICE_ORDER_STATUSES));
    expect((await states(deviceOrderApi.battery.search)).size).toBeGreaterThanOrEqual(4);
    expect(await states(walletOrderApi.recharge.search)).toEqual(new Set(WALLET_ORDER_STATUSES));
    expect(await states(walletOrderApi.package.search)).toEqual(new Set(WALLET_ORDER_STATUSES));
    // Paid recharge orders were credited to the wallets as their movements, which still add up to the balances.
    const credited = (await server.request(walletApi.bill, { movementKind: 'TOP_UP', size: 200 }, { token: merchant })).data.records;
    expect(credited.some((m) => m.reference.startsWith('RC'))).toBe(true);
    expect(((await server.db.execute(sql.raw(WALLET_CONSISTENCY_QUERY))) as { rows: unknown[] }).rows).toEqual([]);
    const sets = (await server.request(walletSettingApi.search, {}, { token: merchant })).data.records;
    expect(sets.map((s) => s.merchantName)).toEqual(['Demo Agent']);
    // A refunded order paid through a gateway lists its refund among its payments, as its detail page shows them.
    for (const search of [
      deviceOrderApi.vehicle.search,
      deviceOrderApi.battery.search,
      walletOrderApi.recharge.search,
      walletOrderApi.package.search,
    ] as const) {
      const refunded = (await server.request(search, { status: 'REFUNDED', size: 50 }, { token: merchant })).data.records;
      const viaGateway = refunded.filter((o) => o.paymentGateway !== 'WALLET');
      expect(viaGateway.length, search.path).toBeGreaterThan(0);
      for (const order of viaGateway) {
        const history = (await server.request(paymentApi.history, { orderNo: order.orderNo }, { token: merchant })).data;
        const amount = 'totalAmount' in order ? order.totalAmount : order.paidAmount;
        expect(
          history.filter((e) => e.event === 'REFUND').map((e) => [e.status, e.amount, e.paymentGateway, e.operatorName]),
          order.orderNo,
        ).toEqual([['REFUNDED', amount, order.paymentGateway, 'merchant']]);
      }
    }
    const running = (await server.request(productOrderApi.search, { status: 'ENROLLED', size: 200 }, { token: merchant })).data.records;
    expect(running.some((r) => r.vehicleNumber !== null)).toBe(true);
    expect(running.some((r) => r.overdueDays > 0 && r.outstandingBalance !== '0.00')).toBe(true);
  });

  it('lets the demo merchant’s administrator keep its own alarm rules and read the platform’s levels', async () => {
    const merchant = await server.login('merchant');
    const rules = (await server.request(alarmApi.rules.search, { size: 50 }, { token: merchant })).data.records;
    expect(rules.length).toBeGreaterThan(0);
    const business = await server.request(alarmApi.businessRules.search, { size: 50 }, { token: merchant });
    expect(business.code).toBe(1);
    const levels = (await server.request(alarmApi.levels, { size: 10 }, { token: merchant })).data.records;
    expect(levels.map((level) => level.level)).toEqual(['LOW', 'MEDIUM', 'HIGH']);
    // Levels are the platform's: the merchant's role holds the screen without its edit button.
    const { updatedAt: _updatedAt, ...high } = levels[2]!;
    const edit = await server.request(alarmApi.editLevel, { ...high, colour: '#000000' }, { token: merchant });
    expect(edit.code).toBe(MESSAGES.noAuthority.code);
  });

  it('fills the transfer and energy orders of both demo merchants in every state, each linked to its demo swap', async () => {
    const admin = await server.login('admin');
    const merchant = await server.login('merchant');
    const statuses = new Set<string>();
    for (const kind of ['transfer', 'kwh'] as const) {
      const page = (await server.request(swapOrderApi[kind].search, { size: 200 }, { token: merchant })).data;
      expect(page.records.length, kind).toBeGreaterThanOrEqual(8);
      expect(page.records.every((r) => r.merchantName === 'Demo Agent')).toBe(true);
      for (const r of page.records) statuses.add(r.status);
      const oldest = Math.min(...page.records.map((r) => Date.parse(r.createdAt)));
      expect(Date.now() - oldest).toBeGreaterThan(60 * 24 * 3600_000);
      const first = page.records[0]!;
      const swap = (await server.request(swapApi.detail, { id: first.swapId }, { token: merchant })).data;
      expect(swap.order).toEqual({ id: first.id, kind, orderNo: first.orderNo });
      expect(swap.customer).toBe(first.customerNumber);
    }
    expect(statuses).toEqual(new Set(SWAP_ORDER_STATUSES));
    const energy = (await server.request(swapOrderApi.kwh.search, { size: 1 }, { token: merchant })).data.records[0]!;
    expect(Number(energy.energyKwh)).toBeGreaterThan(0);
    const everyone = (await server.request(swapOrderApi.transfer.search, { size: 200 }, { token: admin })).data.records;
    expect(new Set(everyone.map((r) => r.merchantName))).toEqual(new Set(['Demo Agent', 'Siam Swap Direct']));
    // The wallet bill's payments and refunds name real demo orders of their customer; a refund, the refunded order paid from the wallet
    // (or a refunded recharge order, whose top-up and gift left the wallet again).
    const bill = (await server.request(walletApi.bill, { size: 200 }, { token: merchant })).data.records;
    const spent = bill.filter((m) => m.movementKind === 'PAYMENT' || m.movementKind === 'REFUND');
    expect(spent.filter((m) => m.movementKind === 'REFUND').length).toBeGreaterThan(0);
    expect(spent.filter((m) => m.reference.startsWith('RC')).length).toBeGreaterThan(0);
    for (const m of spent) {
      if (m.reference.startsWith('RC')) {
        const [recharge] = (await server.request(walletOrderApi.recharge.search, { orderNo: m.reference }, { token: merchant })).data
          .records;
        expect([m.movementKind, recharge?.status, recharge?.customerNumber]).toEqual(['REFUND', 'REFUNDED', m.customerId]);
        expect(m.amount).toBe(`-${addMoney(recharge!.paidAmount, recharge!.giftAmount)}`);
        continue;
      }
      const kind = m.reference.startsWith('TO') ? 'transfer' : m.reference.startsWith('KO') ? 'kwh' : null;
      const search = kind ? swapOrderApi[kind].search : walletOrderApi.package.search;
      const found = (await server.request(search, { orderNo: m.reference }, { token: merchant })).data.records;
      expect(
        found.map((o) => [o.orderNo, o.customerNumber, o.paymentGateway]),
        m.reference,
      ).toEqual([[m.reference, m.customerId, 'WALLET']]);
      if (m.movementKind === 'REFUND') {
        expect(found[0]!.status).toBe('REFUNDED');
        expect('amount' in found[0]! ? found[0].amount : found[0]!.paidAmount).toBe(m.amount);
      }
    }
  });

  it('lets each demo external system see some of its own merchant’s devices', async () => {
    const admin = await server.login('admin');
    const systems = (await server.request(externalSystemApi.search, { size: 50 }, { token: admin })).data.records;
    expect(systems.length).toBeGreaterThanOrEqual(3);
    for (const system of systems) {
      const seen = (await server.request(externalSystemApi.devices, { id: system.id }, { token: admin })).data;
      const numbers = [...seen.cabinets, ...seen.batteries, ...seen.vehicles];
      expect(numbers.length, system.name).toBeGreaterThan(0);
      const owners = await Promise.all([
        ...seen.cabinets.map((n) => server.db.select({ m: cabinets.merchantId }).from(cabinets).where(eq(cabinets.number, n))),
        ...seen.batteries.map((n) => server.db.select({ m: batteries.merchantId }).from(batteries).where(eq(batteries.number, n))),
        ...seen.vehicles.map((n) => server.db.select({ m: vehicles.merchantId }).from(vehicles).where(eq(vehicles.number, n))),
      ]);
      expect(new Set(owners.map((rows) => rows[0]?.m)), system.name).toEqual(new Set([system.merchantId]));
    }
  });

  it('gives the first demo cabinets a week of environment history to chart, and leaves them offline', async () => {
    const admin = await server.login('admin');
    const first = (await server.db.select({ id: cabinets.id }).from(cabinets).orderBy(cabinets.id).limit(1))[0]!;
    const trend = await server.request(telemetryApi.cabinet.trend, { id: first.id, range: 'WEEK' }, { token: admin });
    expect(trend.data.total).toBe(6 * 144);
    const temperatures = trend.data.points.map((p: { temperature: number }) => p.temperature);
    expect(Math.max(...temperatures) - Math.min(...temperatures)).toBeGreaterThan(5);
    expect(trend.data.points.some((p: { waterAlarm: boolean }) => p.waterAlarm)).toBe(true);
    const detail = await server.request(cabinetApi.detail, { id: first.id }, { token: admin });
    expect(detail.data.online).toBe(false);
  });

  it('gives the demo merchant’s cabinets, batteries and vehicles a log of every kind, newest first', async () => {
    const merchant = await server.login('merchant');
    const cabinet = (await server.request(cabinetApi.search, { size: 1 }, { token: merchant })).data.records[0]!;
    const log = await server.request(deviceLogApi.cabinet, { deviceId: cabinet.id, size: 50 }, { token: merchant });
    expect(new Set(log.data.records.map((entry) => entry.logKind))).toEqual(new Set(['state', 'command', 'alarm', 'upgrade']));
    const times = log.data.records.map((entry) => Date.parse(entry.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const vehicle = (await server.request(vehicleApi.search, { size: 1 }, { token: merchant })).data.records[0]!;
    expect((await server.request(deviceLogApi.vehicle, { deviceId: vehicle.id }, { token: merchant })).data.total).toBeGreaterThan(2);
    const battery = (await server.request(batteryApi.search, { size: 1 }, { token: merchant })).data.records[0]!;
    expect((await server.request(deviceLogApi.battery, { deviceId: battery.id }, { token: merchant })).data.total).toBeGreaterThan(0);
  });

  it('fills the merchant applications in every state; a waiting applicant signing in is told the account is not activated', async () => {
    const rows = await server.db.select().from(merchantApplications);
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(['PENDING', 'APPROVED', 'REJECTED']));
    const approved = rows.filter((row) => row.status === 'APPROVED');
    expect(approved.every((row) => row.merchantId !== null && row.reviewedAt !== null)).toBe(true);
    const waiting = rows.find((row) => row.status === 'PENDING')!;
    expect((await server.request(sessionApi.signIn, { username: waiting.username, password: DEMO_PASSWORD })).code).toBe(2001);
  });

  it('opens the audit log on a week of the organisation’s history, worded for the reader', async () => {
    const admin = await server.login('admin');
    const log = await server.request(auditLogApi.search, { size: 50 }, { token: admin });
    const actions = log.data.records.map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining(['login', 'merchant.add', 'account.add', 'notification.add', 'logout', 'commonSetting.edit']),
    );
    // Other demo cases sign in and are refused (a waiting applicant): read the seeded refusal of the merchant's admin.
    const refused = log.data.records.find((entry) => !entry.success && entry.username === 'merchant');
    expect(refused).toMatchObject({ action: 'login', merchantName: 'Demo Agent' });
    const exported = (await server.request(auditLogApi.export, {}, { token: admin, lang: 'in' })).raw.body;
    expect(exported).toContain('Demo Agent');
  });

  it('adds the demo organisation once: a restart after a demo merchant was renamed adds no merchant, role or account', async () => {
    const rows = async (table: string) => {
      const result: unknown = await server.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
      return (result as { rows: { n: number }[] }).rows[0]!.n;
    };
    const before = { merchant: await rows('merchant'), role: await rows('role'), account: await rows('account') };
    const auditEntries = await rows('audit_log');
    expect(before).toEqual({ merchant: 2, role: 2, account: 3 });
    const swaps = await rows('swap_record');
    await server.db.update(merchants).set({ name: 'Siam Swap' }).where(eq(merchants.name, 'Siam Swap Direct'));
    await seed(server.db, { demo: true, demoDevices: true });
    expect({ merchant: await rows('merchant'), role: await rows('role'), account: await rows('account') }).toEqual(before);
    expect(await rows('swap_record')).toBe(swaps);
    expect(await rows('notification')).toBe(6);
    expect(await rows('audit_log')).toBe(auditEntries);
    expect(await total(vehicles)).toBe(800);
  });

  it('keeps the demo’s open business alarms open through the check: each stands where its condition holds', async () => {
    const admin = await server.login('admin');
    const held = async () =>
      (await succeed(server, alarmApi.records.search, { alarmKind: 'business', size: 50 }, admin)).records
        .filter((r) => r.alarmState !== 'CLEARED')
        .map((r) => ({ id: r.id, content: r.content, station: r.deviceNumber, state: r.alarmState, value: r.value }));
    const before = await held();
    expect(before.map((r) => [r.content, r.state, r.value]).sort()).toEqual([
      ['Cabinet commands failing', 'OPEN', 100],
      ['No swappable battery left at the station', 'ACKNOWLEDGED', 0],
      ['No swappable battery left at the station', 'OPEN', 0],
      ['Swaps failing at the cabinet', 'OPEN', 3],
    ]);
    await evaluateBusinessAlarms(server.db);
    expect(await held()).toEqual(expect.arrayContaining(before));
  });

  it('keeps the demo’s failed-swaps and failing-commands alarms open with the fleet of npm start: its first cabinet’s swaps and commands keep failing', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swap-demo-failing-'));
    const config = loadConfig({ DEMO: '1' });
    let gateway: DeviceGateway | undefined;
    let simulator: DemoSimulator | undefined;
    let commands: DemoCommands | undefined;
    try {
      const fleetFile = path.join(dir, 'demo-fleet.json');
      await writeDemoFleet(server.db, fleetFile);
      const fleet = demoFleet.parse(JSON.parse(fs.readFileSync(fleetFile, 'utf8')));
      const first = fleet.cabinets[0]!.number;
      // The fleet file holds the alarm's condition on the first cabinet the fleet runs.
      expect(fleet.conditions).toContainEqual({ device: first, condition: 'failingSwaps' });
      expect(fleet.conditions).toContainEqual({ device: first, condition: 'failingCommands' });
      const admin = await server.login('admin');
      const failing = async () =>
        (await succeed(server, alarmApi.records.search, { alarmKind: 'business', deviceNumber: first, size: 50 }, admin)).records
          .filter((r) => r.content === 'Swaps failing at the cabinet')
          .map((r) => ({ id: r.id, state: r.alarmState, value: r.value }));
      const [seeded] = await failing();
      expect(seeded).toMatchObject({ state: 'OPEN', value: 3 });
      const failures = async () => {
        const result: unknown = await server.db
          .execute(sql`select count(*)::int as n from swap_record s join cabinet c on c.id = s.cabinet_id where c.number = ${first} and s.result = 'FAILED'
          and s.event_id not like 'demo-%'`);
        return (result as { rows: { n: number }[] }).rows[0]!.n;
      };
      ({ gateway } = await startEmbeddedGateway(server));
      const quiet = { info: () => undefined, warn: () => undefined };
      simulator = startDemoSimulator(
        { port: gateway.port!, fleetFile, cabinets: 1, vehicles: 0, intervalMs: 1000, masterSecret: config.deviceDemoSecret! },
        quiet,
      );
      // Its swaps fail as soon as it runs, recorded by the server as any cabinet's.
      await eventually(async () => expect(await failures()).toBeGreaterThanOrEqual(3), 40_000, 500);
      // The check finds the rule holding there: the same alarm stays open, counting the new failures too.
      await evaluateBusinessAlarms(server.db);
      expect(await failing()).toEqual([{ id: seeded!.id, state: 'OPEN', value: 3 + (await failures()) }]);

      // The demo's operator sends its command (as npm start does every ten minutes): the cabinet fails each.
      const commandAlarm = async () =>
        (await succeed(server, alarmApi.records.search, { alarmKind: 'business', deviceNumber: first, size: 50 }, admin)).records
          .filter((r) => r.content === 'Cabinet commands failing')
          .map((r) => ({ id: r.id, state: r.alarmState, value: r.value }));
      const [seededCommands] = await commandAlarm();
      expect(seededCommands).toMatchObject({ state: 'OPEN', value: 100 });
      const commandOutcomes = async () => {
        const result: unknown = await server.db.execute(sql`select d.status, d.failure_code as code from device_command d
          join cabinet c on c.id = d.cabinet_id where c.number = ${first} order by d.issued_at`);
        return (result as { rows: { status: string; code: string | null }[] }).rows;
      };
      expect(await commandOutcomes()).toEqual(Array.from({ length: 3 }, () => ({ status: 'FAILED', code: 'QUERY_STATUS_FAILURE' })));
      commands = startDemoCommands(
        server.db,
        server.app.deviceHub,
        { everyMs: 60_000, firstMs: 0, timeoutMs: 10_000, username: 'admin' },
        quiet,
      );
      await eventually(async () => expect(await commandOutcomes()).toHaveLength(4), 30_000, 500);
      await eventually(
        async () => expect((await commandOutcomes())[3]).toEqual({ status: 'FAILED', code: 'QUERY_STATUS_FAILURE' }),
        30_000,
        500,
      );
      // The rule keeps holding: the same alarm stays open.
      await evaluateBusinessAlarms(server.db);
      expect(await commandAlarm()).toEqual([{ id: seededCommands!.id, state: 'OPEN', value: 100 }]);
    } finally {
      commands?.stop();
      await simulator?.stop();
      await gateway?.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  // Last: it adds a merchant and a cabinet of Demo Agent, which the counts above do not expect.
  it('raises the demo’s empty-station alarm at a demo merchant’s empty station, never at one another merchant adds', async () => {
    const admin = await server.login('admin');
    // A cabinet of the demo's own type, holding no battery, in a new station of the merchant.
    const [demoCabinet] = await server.db.select({ typeId: cabinets.typeId }).from(cabinets).limit(1);
    const [agent] = await server.db.select({ id: merchants.id }).from(merchants).where(eq(merchants.name, 'Demo Agent'));
    const newcomer = await createMerchant(server, admin);
    const empty = async (merchantId: number, number: string) => {
      await succeed(server, cabinetApi.add, { number, typeId: demoCabinet!.typeId, merchantId }, admin);
      const stationId = await assignToStation(server, admin, 'cabinet', [number], merchantId);
      return (await succeed(server, stationApi.SWAP.detail, { id: stationId }, admin)).name;
    };
    const theirs = await empty(newcomer.id, 'SNEC0001');
    const demos = await empty(agent!.id, 'SDEC0001');
    await evaluateBusinessAlarms(server.db);
    const raised = async (name: string) =>
      (await succeed(server, alarmApi.records.search, { deviceNumber: name, alarmKind: 'business' }, admin)).records.map((r) => r.content);
    expect(await raised(demos)).toEqual(['No swappable battery left at the station']);
    expect(await raised(theirs)).toEqual([]);
  });
});
