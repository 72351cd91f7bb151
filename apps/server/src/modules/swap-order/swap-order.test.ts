import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  batteryApi,
  cabinetApi,
  distributionApi,
  MESSAGES,
  priceSettingApi,
  paymentApi,
  productOrderApi,
  stationApi,
  SWAP_ORDER_STATUSES,
  SWAP_ORDER_STEPS,
  swapApi,
  swapOrderApi,
  walletApi,
  walletOrderApi,
  type SwapEvent,
  type SwapOrderKind,
  type SwapOrderRecord,
  type SwapOrderStatus,
} from '@swap/contracts';
import { newBattery, performSwap, seededRandom, type RunningFleet } from '@swap/simulator';
import { startTestServer, type TestServer } from '../../test/harness.js';
import {
  createAccount,
  createCustomer,
  createDevices,
  createDeviceTypes,
  createOrderableProduct,
  createProductOrder,
  createProvinceAndCity,
  createRole,
  deviceCallers,
  succeed,
} from '../../test/factories.js';
import type { DeviceCallers } from '../../test/factories.js';
import { startSimulatedCabinets } from '../../test/device-fixtures.js';
import { eventually } from '../../test/eventually.js';
import type { DeviceGateway } from '../../device-link/gateway.js';
import { auditLogs } from '../audit-log/audit-log.table.js';
import { payableKindOf } from '../payment/index.js';
import { paymentRefunds } from '../payment/payment.table.js';
import { startStandInGateway, type StandInGateway } from '../../stand-in-gateway/index.js';
import { WALLET_CONSISTENCY_QUERY } from '../top-up/wallet.consistency.js';
import { bindVehicleToCustomer } from '../vehicle/index.js';
import { markProductOrderPaid } from '../product-order/index.js';
import { kwhOrderPayable, priceEnergy, runSwapOrderJob } from './index.js';

const kwhOrderPayableLock = (tx: Parameters<typeof kwhOrderPayable.lockByNo>[0], orderNo: string) => kwhOrderPayable.lockByNo(tx, orderNo);
import { swapOrders } from './swap-order.table.js';

const CABINET = 'CSO0001';
/** The other merchant's cabinet in the same city, where that merchant has no consumer price. */
const RIVAL_CABINET = 'CSO0002';
const PACKS = ['BSO000001', 'BSO000002'];
const MENUS = ['order.transfer', 'order.kwh', 'record.swap', 'order.wallet.bill', 'customer.list', 'order.combo'];
const HOUR = 3600_000;
const GATEWAY_SECRET = 'swap-order-test-gateway-secret';
/** How long the server waits for the gateway (a refund sent that long ago and never answered is sent again). */
const GATEWAY_TIMEOUT_MS = 3000;

describe('energy pricing: meter readings → kWh → amount, two decimals', () => {
  it('keeps readings to the watt-hour and rounds the amount half up', () => {
    expect(priceEnergy({ startKwh: 1000.1234, endKwh: 1002.5 }, '2500.50')).toEqual({
      meterStartKwh: '1000.123',
      meterEndKwh: '1002.500',
      energyKwh: '2.377',
      amount: '5943.69',
    });
    expect(priceEnergy({ startKwh: 10, endKwh: 10.001 }, '4.50')).toMatchObject({ energyKwh: '0.001', amount: '0.00' });
    expect(priceEnergy({ startKwh: 10, endKwh: 10.001 }, '5.00')).toMatchObject({ energyKwh: '0.001', amount: '0.01' });
    expect(priceEnergy({ startKwh: 0, endKwh: 1.5 }, '4.50')).toMatchObject({ energyKwh: '1.500', amount: '6.75' });
    // 0.1 + 0.2 in floating point is not 0.3: readings are compared in whole watt-hours.
    expect(priceEnergy({ startKwh: 0.1, endKwh: 0.3 }, '1.00')).toMatchObject({ energyKwh: '0.200', amount: '0.20' });
    // An amount past the largest a column holds is not priced (the swap is then charged per swap, if at all).
    expect(priceEnergy({ startKwh: 0, endKwh: 1e9 }, '99999999999.99')).toBeNull();
  });
});

describe('transfer and energy orders: one per charged swap, priced by consumer prices, paid from the wallet, tenant-scoped', () => {
  let server: TestServer;
  let who: DeviceCallers;
  let staff: string;
  let rivalStaff: string;
  let gateway: DeviceGateway;
  let fleet: RunningFleet;
  let cityId = 0;
  let cabinetId = 0;
  let serial = 0;
  let types: Awaited<ReturnType<typeof createDeviceTypes>>;
  let standIn: StandInGateway;

  const orders = async (kind: SwapOrderKind, filter: Record<string, unknown> = {}, token = staff) =>
    (await server.request(swapOrderApi[kind].search, filter, { token })).data;
  const row = async (id: number) => (await server.db.select().from(swapOrders).where(eq(swapOrders.id, id)))[0]!;
  const event = (customer: string, extra: Partial<SwapEvent> = {}): SwapEvent => {
    serial += 1;
    return {
      type: 'SWAP',
      eventId: `so-${serial}`,
      customer,
      batteryIn: { number: `BSOX${String(serial).padStart(4, '0')}`, compartment: 3, soc: 12 },
      batteryOut: { number: `BSOY${String(serial).padStart(4, '0')}`, compartment: 4, soc: 96 },
      startedAt: new Date(Date.now() - 60_000).toISOString(),
      endedAt: new Date().toISOString(),
      result: 'SUCCEEDED',
      ...extra,
    };
  };
  /**
   * Reports the event as the cabinet does (by default the merchant's, `times` at once) and answers
   * the order of its swap once recorded (null when none).
   */
  const report = async (e: SwapEvent, times = 1, at: { cabinet: number; token: string } = { cabinet: 0, token: staff }) => {
    await Promise.all(Array.from({ length: times }, () => fleet.cabinets[at.cabinet]!.report('event', e)));
    let swapId = 0;
    await eventually(async () => {
      const found = (await server.request(swapApi.search, { customer: e.customer! }, { token: at.token })).data.records;
      const swap = found.find((s) => s.eventId === e.eventId);
      expect(swap).toBeDefined();
      swapId = swap!.id;
    });
    await gateway.link.idle();
    return (await server.db.select().from(swapOrders).where(eq(swapOrders.swapRecordId, swapId)))[0] ?? null;
  };
  const consumerPrice = (billingMode: 'PER_SWAP' | 'PER_KWH', unitPrice: string) =>
    succeed(server, priceSettingApi.consumer.add, { merchantId: who.merchantId, cityId, enabled: true, billingMode, unitPrice }, who.admin);
  const customer = async (number: string) => (await createCustomer(server, staff, { customerNumber: number })).customerNumber;
  const topUpWallet = (customerId: string, amount: string) =>
    succeed(server, walletApi.adjust, { customerId, amount, remark: 'Cash at the counter' }, staff);
  const movementsOf = async (customerId: string) => (await server.request(walletApi.bill, { customerId }, { token: staff })).data.records;
  const inconsistentWallets = async () => ((await server.db.execute(sql.raw(WALLET_CONSISTENCY_QUERY))) as { rows: unknown[] }).rows;

  beforeAll(async () => {
    // The stand-in gateway takes the refunds of orders paid through it (STANDIN); XENDIT is not set up here.
    standIn = await startStandInGateway({ port: 0, secret: GATEWAY_SECRET, delayMs: 600 });
    server = await startTestServer({
      DEMO: '0',
      PAYMENT_GATEWAY_SECRETS: `STANDIN:${GATEWAY_SECRET}`,
      PAYMENT_GATEWAY: 'STANDIN',
      PAYMENT_GATEWAY_URL: standIn.url,
      PAYMENT_GATEWAY_TIMEOUT_MS: String(GATEWAY_TIMEOUT_MS),
    });
    who = await deviceCallers(server);
    staff = (await createAccount(server, who.admin, { merchantId: who.merchantId, menuCodes: MENUS })).token;
    rivalStaff = (await createAccount(server, who.admin, { merchantId: who.rivalId, menuCodes: MENUS })).token;
    types = await createDeviceTypes(server, who.admin);
    cityId = (await createProvinceAndCity(server, who.admin)).cityId;
    // A station of each merchant inside the city; the cabinets stand there, so their swaps are priced in the city.
    const stationOf = (merchantId: number, name: string) =>
      succeed(
        server,
        stationApi.SWAP.add,
        {
          name,
          nature: 'SELF_OPERATED',
          address: 'Jl. Kemang Raya 1',
          latitude: -6.5,
          longitude: 106.3,
          responsiblePerson: 'Station lead',
          status: 'DEPLOYED',
          merchantId,
          areaId: cityId,
        },
        who.admin,
      );
    const station = await stationOf(who.merchantId, 'Kemang swap point');
    const rivalStation = await stationOf(who.rivalId, 'Kemang rival point');
    await succeed(server, cabinetApi.add, { number: RIVAL_CABINET, typeId: types.cabinet }, who.admin);
    await succeed(
      server,
      distributionApi.cabinet.distribute,
      { numbers: [RIVAL_CABINET], merchantId: who.rivalId, stationId: rivalStation.id },
      who.admin,
    );
    cabinetId = (await succeed(server, cabinetApi.add, { number: CABINET, typeId: types.cabinet }, who.merchant)).id;
    for (const number of PACKS) await succeed(server, batteryApi.add, { number, typeId: types.battery }, who.merchant);
    await succeed(
      server,
      distributionApi.battery.distribute,
      { numbers: PACKS, merchantId: who.merchantId, stationId: station.id },
      who.admin,
    );
    await succeed(
      server,
      distributionApi.cabinet.distribute,
      { numbers: [CABINET], merchantId: who.merchantId, stationId: station.id },
      who.admin,
    );
    ({ gateway, fleet } = await startSimulatedCabinets(server, who.admin, {
      cabinets: [
        { number: CABINET, slots: [...PACKS, null, null] },
        { number: RIVAL_CABINET, slots: [null, null] },
      ],
      batteries: false,
    }));
    fleet.cabinets[0]!.slots[0]!.battery!.soc = 96;
    await fleet.tick();
    await eventually(async () => {
      const slots = (await server.request(cabinetApi.detail, { id: cabinetId }, { token: who.merchant })).data.compartments;
      expect(slots.find((c) => c.index === 1)?.batteryNumber).toBe(PACKS[0]);
    });
    // The merchant prices swaps in the city per swap and per kWh; the other merchant does not.
    await consumerPrice('PER_SWAP', '5000');
    await consumerPrice('PER_KWH', '2500.50');
  });
  afterAll(async () => {
    await fleet?.stop();
    await gateway?.close();
    await server?.close();
    await standIn?.close();
  });

  it('charges nothing without a consumer price, for a failed swap, or for someone who is not a customer of the merchant', async () => {
    // The other merchant has no consumer price in the city: its customer's swap at its cabinet is not charged.
    const rivals = (await createCustomer(server, rivalStaff, { customerNumber: 'C71014' })).customerNumber;
    expect(await report(event(rivals), 1, { cabinet: 1, token: rivalStaff })).toBeNull();
    const number = await customer('C71001');
    expect(await report(event(number, { result: 'FAILED', failureCode: 'OPEN_DOOR_FAILURE', batteryOut: null }))).toBeNull();
    expect(await report(event('C79999'))).toBeNull();
  });

  it('makes one transfer order per swap even when the report arrives twice at once, and the swap links to it', async () => {
    const number = await customer('C71002');
    const e = event(number);
    const order = (await report(e, 3))!;
    expect(order).toMatchObject({ kind: 'transfer', status: 'REGISTERED', amount: '5000.00', unitPrice: '5000.00', energyKwh: null });
    await fleet.cabinets[0]!.report('event', e);
    await gateway.link.idle();
    expect((await orders('transfer', { customerNumber: number })).total).toBe(1);
    const swap = (await server.request(swapApi.detail, { id: order.swapRecordId }, { token: staff })).data;
    expect(swap.order).toEqual({ id: order.id, kind: 'transfer', orderNo: order.orderNo });
    const detail = (await server.request(swapOrderApi.transfer.detail, { id: order.id }, { token: staff })).data;
    expect(detail).toMatchObject({
      swapId: swap.id,
      cabinetNumber: CABINET,
      customerNumber: number,
      orderNo: expect.stringMatching(/^TO\d{14}$/),
    });
  });

  it('prices by kWh from the meter readings when the city has a price per kWh, and per swap when the cabinet sent none', async () => {
    const number = await customer('C71003');
    const energy = (await report(event(number, { meter: { startKwh: 1000.1234, endKwh: 1002.5 } })))!;
    expect(energy).toMatchObject({ kind: 'kwh', energyKwh: '2.377', amount: '5943.69', unitPrice: '2500.50' });
    const listed = (await orders('kwh', { customerNumber: number })).records[0]!;
    expect(listed).toMatchObject({ meterStartKwh: '1000.123', meterEndKwh: '1002.500', energyKwh: '2.377', amount: '5943.69' });
    expect((await report(event(number)))!).toMatchObject({ kind: 'transfer', amount: '5000.00' });
  });

  it('is paid from the wallet at once when it holds the amount; staff collect a waiting one later, once', async () => {
    const number = await customer('C71004');
    await topUpWallet(number, '6000');
    const paid = (await report(event(number)))!;
    expect(paid).toMatchObject({ status: 'PAID', paymentGateway: 'WALLET' });
    const waiting = (await report(event(number)))!;
    expect(waiting.status).toBe('REGISTERED');
    // 1000 left: not enough; nothing changes.
    const short = await server.request(swapOrderApi.transfer.walletPay, { id: waiting.id }, { token: staff });
    expect(short.code).toBe(7100);
    expect((await row(waiting.id)).status).toBe('REGISTERED');
    await topUpWallet(number, '4000');
    const [a, b] = await Promise.all([
      server.request(swapOrderApi.transfer.walletPay, { id: waiting.id }, { token: staff }),
      server.request(swapOrderApi.transfer.walletPay, { id: waiting.id }, { token: staff }),
    ]);
    expect([a.code, b.code].sort()).toEqual([1, 7050]);
    expect((await row(waiting.id)).status).toBe('PAID');
    const bill = (await server.request(walletApi.bill, { customerId: number }, { token: staff })).data;
    expect(bill.records.filter((m) => m.movementKind === 'PAYMENT').map((m) => m.amount)).toEqual(['-5000.00', '-5000.00']);
  });

  it("charges the customer bound to the vehicle when the cabinet read the vehicle's number, never another merchant's", async () => {
    const { id: customerId, customerNumber: number } = await createCustomer(server, staff, { customerNumber: 'C71011' });
    await topUpWallet(number, '6000');
    const [own, rivals, unbound] = [
      await createDevices(server, who.admin, 'vehicle', 1, { typeId: types.vehicle1, prefix: 'VSOA', merchantId: who.merchantId }),
      await createDevices(server, who.admin, 'vehicle', 1, { typeId: types.vehicle1, prefix: 'VSOB', merchantId: who.rivalId }),
      await createDevices(server, who.admin, 'vehicle', 1, { typeId: types.vehicle1, prefix: 'VSOC', merchantId: who.merchantId }),
    ];
    await bindVehicleToCustomer(server.db, own.ids[0]!, customerId);
    const rivalCustomer = await createCustomer(server, rivalStaff, { customerNumber: 'C71012' });
    await bindVehicleToCustomer(server.db, rivals.ids[0]!, rivalCustomer.id);
    const order = (await report(event(own.numbers[0]!)))!;
    expect(order).toMatchObject({ kind: 'transfer', customerId, amount: '5000.00', status: 'PAID', paymentGateway: 'WALLET' });
    expect((await orders('transfer', { customerNumber: number })).records.map((o) => o.orderNo)).toEqual([order.orderNo]);
    const bill = (await server.request(walletApi.bill, { customerId: number }, { token: staff })).data;
    expect(bill.records.filter((m) => m.movementKind === 'PAYMENT').map((m) => [m.amount, m.reference])).toEqual([
      ['-5000.00', order.orderNo],
    ]);
    // Another merchant's vehicle bound to its customer, and a vehicle bound to nobody: nobody is charged.
    expect(await report(event(rivals.numbers[0]!))).toBeNull();
    expect(await report(event(unbound.numbers[0]!))).toBeNull();
  });

  it("charges nothing while the swap combo package of the customer's running product order covers the swap, and takes one swap from it", async () => {
    const { customerNumber: number } = await createCustomer(server, staff, { customerNumber: 'C71013' });
    const product = await createOrderableProduct(server, who.admin, { merchantId: who.merchantId, vehicleTypeId: types.vehicle1, cityId });
    const placed = await createProductOrder(server, who.admin, {
      customerNumber: number,
      productId: product.id,
      merchantId: who.merchantId,
    });
    // Placed but not paid yet: its package covers nothing.
    const charged = (await report(event(number)))!;
    expect(charged).toMatchObject({ kind: 'transfer', amount: '5000.00' });
    await markProductOrderPaid(server.db, {
      orderId: placed.id,
      paymentGateway: 'XENDIT',
      transactionId: `PO-${placed.id}`,
      amount: placed.outstandingBalance,
    });
    expect(await report(event(number))).toBeNull();
    expect(await report(event(number))).toBeNull();
    const after = (await server.request(productOrderApi.detail, { id: placed.id }, { token: who.admin })).data;
    expect(after.comboSwaps).toBe(placed.comboSwaps! - 2);
    expect((await orders('transfer', { customerNumber: number })).records.map((o) => o.id)).toEqual([charged.id]);
  });

  it('charges nothing while a swap package the customer bought covers the swap, and takes one swap from it', async () => {
    const number = await customer('C71010');
    const pack = await succeed(
      server,
      priceSettingApi.package.add,
      { merchantId: who.merchantId, cityId, enabled: true, name: 'Two swaps', swaps: 2, price: '9000', validityDays: 30 },
      who.admin,
    );
    const bought = await succeed(
      server,
      walletOrderApi.package.add,
      { customerNumber: number, packagePriceId: pack.id, source: 'IOS' },
      staff,
    );
    await succeed(
      server,
      walletOrderApi.package.markPaid,
      { id: bought.id, paymentGateway: 'XENDIT', transactionId: `PK${bought.id}`, amount: bought.paidAmount },
      staff,
    );
    expect(await report(event(number))).toBeNull();
    expect(await report(event(number))).toBeNull();
    expect((await server.request(walletOrderApi.package.detail, { id: bought.id }, { token: staff })).data.swapsLeft).toBe(0);
    // Used up: the next swap is charged.
    expect((await report(event(number)))!).toMatchObject({ kind: 'transfer', amount: '5000.00' });
  });

  it('is paid by a gateway through the registry of payable order kinds, once per gateway transaction', async () => {
    const number = await customer('C71009');
    const order = (await report(event(number)))!;
    const kind = payableKindOf(order.orderNo)!;
    expect(kind.kind).toBe('transfer');
    expect(payableKindOf(order.orderNo.replace(/^TO/, 'KO'))?.kind).toBe('kwh');
    await server.db.transaction(async (tx) => {
      expect(await kwhOrderPayableLock(tx, order.orderNo)).toBeNull();
      expect(await kind.lockByNo(tx, order.orderNo)).toMatchObject({ orderId: order.id, amountDue: '5000.00', status: 'REGISTERED' });
      expect(await kind.start!(tx, order.id)).toEqual({ applied: true });
    });
    const paying = { orderId: order.id, paymentGateway: 'XENDIT', transactionId: `T${order.id}` };
    await expect(server.db.transaction((tx) => kind.markPaid(tx, { ...paying, amount: '4999.99' }))).rejects.toMatchObject({
      key: 'orderPaymentInvalid',
    });
    expect(await server.db.transaction((tx) => kind.markPaid(tx, { ...paying, amount: '5000' }))).toEqual({ applied: true });
    expect(await server.db.transaction((tx) => kind.markPaid(tx, { ...paying, amount: '5000' }))).toEqual({ applied: false });
    expect(await row(order.id)).toMatchObject({ status: 'PAID', paymentGateway: 'XENDIT', transactionId: `T${order.id}` });
    await server.db.transaction(async (tx) => expect((await kind.lockByNo(tx, order.orderNo))!.amountDue).toBeNull());
  });

  it('takes only the allowed steps from every state, on the state table of the contracts', async () => {
    const number = await customer('C71005');
    const order = (await report(event(number)))!;
    await topUpWallet(number, '100000');
    for (const status of SWAP_ORDER_STATUSES) {
      for (const step of ['walletPay', 'cancel', 'refund'] as const) {
        await server.db.update(swapOrders).set({ status }).where(eq(swapOrders.id, order.id));
        const answer = await server.request(swapOrderApi.transfer[step], { id: order.id }, { token: staff });
        const machine = step === 'walletPay' ? 'pay' : step;
        const allowed = (SWAP_ORDER_STEPS[machine].from as readonly SwapOrderStatus[]).includes(status);
        expect({ status, step, code: answer.code }).toEqual({ status, step, code: allowed ? 1 : 7050 });
        expect((await row(order.id)).status).toBe(allowed ? SWAP_ORDER_STEPS[machine].to : status);
      }
    }
  });

  it('refunds an order paid from the wallet to the wallet once, even asked twice at once, audited; the bill sums to the balance', async () => {
    const number = await customer('C71015');
    await topUpWallet(number, '20000');
    const transfer = (await report(event(number)))!;
    const energy = (await report(event(number, { meter: { startKwh: 10, endKwh: 11 } })))!;
    expect([transfer, energy].map((o) => [o.kind, o.status, o.paymentGateway])).toEqual([
      ['transfer', 'PAID', 'WALLET'],
      ['kwh', 'PAID', 'WALLET'],
    ]);
    const answers = await Promise.all([
      server.request(swapOrderApi.transfer.refund, { id: transfer.id }, { token: staff }),
      server.request(swapOrderApi.transfer.refund, { id: transfer.id }, { token: staff }),
    ]);
    expect(answers.map((a) => a.code).sort()).toEqual([1, 7050]);
    const refunded = answers.find((a) => a.code === 1)!.data;
    expect(refunded).toMatchObject({ status: 'REFUNDED', refundedAt: expect.any(String), amount: '5000.00' });
    expect((await server.request(swapOrderApi.kwh.refund, { id: energy.id }, { token: staff })).data).toMatchObject({
      status: 'REFUNDED',
      amount: '2500.50',
    });
    const refunds = (await movementsOf(number)).filter((m) => m.movementKind === 'REFUND');
    expect(refunds.map((m) => [m.amount, m.reference]).sort()).toEqual([
      ['2500.50', energy.orderNo],
      ['5000.00', transfer.orderNo],
    ]);
    // Every payment came back: the balance is the top-up again, and the sum of the movements.
    const movements = await movementsOf(number);
    expect(movements[0]!.balanceAfter).toBe('20000.00');
    expect(movements.reduce((sum, m) => sum + Math.round(Number(m.amount) * 100), 0)).toBe(2_000_000);
    expect(await inconsistentWallets()).toEqual([]);
    const audited = await server.db
      .select({ action: auditLogs.action, changes: auditLogs.changes })
      .from(auditLogs)
      .where(and(eq(auditLogs.objectType, 'transferOrder'), eq(auditLogs.objectId, String(transfer.id))));
    expect(audited).toEqual([
      {
        action: 'transferOrder.refund',
        changes: expect.objectContaining({ orderNo: transfer.orderNo, amount: '5000.00', status: { from: 'PAID', to: 'REFUNDED' } }),
      },
    ]);
    expect((await orders('transfer', { customerNumber: number, status: 'REFUNDED' })).records.map((o) => o.id)).toEqual([transfer.id]);
    // The order job leaves a refunded order as it is.
    await runSwapOrderJob(server.db, new Date(Date.now() + 25 * HOUR));
    expect((await row(transfer.id)).status).toBe('REFUNDED');
  });

  it('refuses to refund an order paid through a gateway (7230) or one that took nothing (7231), and changes nothing', async () => {
    const number = await customer('C71016');
    const viaGateway = (await report(event(number)))!;
    await server.db.transaction((tx) =>
      payableKindOf(viaGateway.orderNo)!.markPaid(tx, {
        orderId: viaGateway.id,
        paymentGateway: 'XENDIT',
        transactionId: `T${viaGateway.id}`,
        amount: '5000',
      }),
    );
    const refused = await server.call('POST', '/api/oms/order/transfer/refund', { token: staff, body: { id: viaGateway.id }, lang: 'in' });
    expect(refused.code).toBe(7230);
    expect(refused.message).toContain('XENDIT');
    expect(refused.message).toContain(viaGateway.orderNo);
    expect((await row(viaGateway.id)).status).toBe('PAID');
    // A swap priced at nothing is PAID without a payment.
    const free = (await report(event(number)))!;
    await server.db.update(swapOrders).set({ amount: '0', status: 'PAID', paymentGateway: null }).where(eq(swapOrders.id, free.id));
    expect((await server.request(swapOrderApi.transfer.refund, { id: free.id }, { token: staff })).code).toBe(7231);
    expect(await row(free.id)).toMatchObject({ status: 'PAID', refundedAt: null });
    expect((await movementsOf(number)).filter((m) => m.movementKind === 'REFUND')).toEqual([]);
  });

  /** A new transfer order of a new customer, paid through the stand-in gateway as its callback marks it. */
  const paidThroughGateway = async (number: string) => {
    const customerNumber = await customer(number);
    const order = (await report(event(customerNumber)))!;
    await server.db.transaction((tx) =>
      payableKindOf(order.orderNo)!.markPaid(tx, {
        orderId: order.id,
        paymentGateway: 'STANDIN',
        transactionId: `SI${order.id}`,
        amount: '5000',
      }),
    );
    return { ...order, customerNumber };
  };
  const refundsOf = (orderNo: string) => server.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderNo, orderNo));
  const auditOf = async (objectType: string, objectId: string | number) =>
    server.db
      .select({ action: auditLogs.action, changes: auditLogs.changes })
      .from(auditLogs)
      .where(and(eq(auditLogs.objectType, objectType), eq(auditLogs.objectId, String(objectId))));

  it('refunds an order paid through the gateway through it, once even asked three times at once, its answer recorded and audited', async () => {
    const order = await paidThroughGateway('C71017');
    // Another merchant's staff do not see it.
    expect((await server.request(swapOrderApi.transfer.refund, { id: order.id }, { token: rivalStaff })).code).toBe(1017);
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => server.request(swapOrderApi.transfer.refund, { id: order.id }, { token: staff })),
    );
    // One refunds; the others find its refund under way (7232) or the order refunded (7050).
    expect(answers.filter((a) => a.code === 1)).toHaveLength(1);
    for (const a of answers.filter((a) => a.code !== 1)) expect([7050, 7232]).toContain(a.code);
    expect(answers.find((a) => a.code === 1)!.data).toMatchObject({ status: 'REFUNDED', refundedAt: expect.any(String) });
    const sent = standIn.refunds.filter((r) => r.orderNo === order.orderNo);
    expect(sent).toEqual([
      expect.objectContaining({ transactionId: `SI${order.id}`, amount: '5000.00', currency: order.currency, status: 'REFUNDED' }),
    ]);
    const [recorded, ...more] = await refundsOf(order.orderNo);
    expect(more).toEqual([]);
    expect(recorded).toMatchObject({
      status: 'REFUNDED',
      paymentGateway: 'STANDIN',
      transactionId: `SI${order.id}`,
      gatewayRefundId: sent[0]!.refundId,
      amount: '5000.00',
    });
    expect(sent[0]!.refundNo).toBe(`RF${recorded!.id}`);
    // Nothing went to the wallet: the money went back through the gateway.
    expect((await movementsOf(order.customerNumber)).filter((m) => m.movementKind === 'REFUND')).toEqual([]);
    expect(await auditOf('transferOrder', order.id)).toEqual([
      {
        action: 'transferOrder.refundGateway',
        changes: expect.objectContaining({
          paymentGateway: 'STANDIN',
          refundId: sent[0]!.refundId,
          status: { from: 'PAID', to: 'REFUNDED' },
        }),
      },
    ]);
    expect(await auditOf('payment', order.orderNo)).toEqual([
      { action: 'payment.refundAnswer', changes: expect.objectContaining({ refundNo: `RF${recorded!.id}`, status: 'REFUNDED' }) },
    ]);
    const history = (await server.request(paymentApi.history, { orderNo: order.orderNo }, { token: staff })).data;
    expect(history.filter((e) => e.event === 'REFUND')).toEqual([
      expect.objectContaining({ transactionId: sent[0]!.refundId, status: 'REFUNDED', amount: '5000.00' }),
    ]);
  });

  it('leaves the order paid when the gateway refuses the refund (7233, its reason), and a later refund is a new one', async () => {
    const order = await paidThroughGateway('C71018');
    standIn.setRefundResult('FAILED');
    try {
      const refused = await server.call('POST', '/api/oms/order/transfer/refund', { token: staff, body: { id: order.id }, lang: 'th' });
      expect(refused.code).toBe(7233);
      expect(refused.message).toContain(order.orderNo);
      expect(refused.message).toContain('no longer be refunded');
    } finally {
      standIn.setRefundResult('REFUNDED');
    }
    expect(await row(order.id)).toMatchObject({ status: 'PAID', refundedAt: null });
    expect((await refundsOf(order.orderNo)).map((r) => r.status)).toEqual(['FAILED']);
    expect((await server.request(swapOrderApi.transfer.refund, { id: order.id }, { token: staff })).code).toBe(1);
    expect((await refundsOf(order.orderNo)).map((r) => r.status).sort()).toEqual(['FAILED', 'REFUNDED']);
    expect(new Set(standIn.refunds.filter((r) => r.orderNo === order.orderNo).map((r) => r.refundNo)).size).toBe(2);
  });

  it('sends a refund the gateway never answered (or answered unsigned) again under its number once its time-out passed, also after the order settled', async () => {
    const order = await paidThroughGateway('C71019');
    standIn.setRefundResult('UNAVAILABLE');
    try {
      expect((await server.request(swapOrderApi.transfer.refund, { id: order.id }, { token: staff })).code).toBe(1009);
      // Whether the gateway refunded is not known: the refund stays asked, and is not asked twice while it may be answered.
      expect((await server.request(swapOrderApi.transfer.refund, { id: order.id }, { token: staff })).code).toBe(7232);
    } finally {
      standIn.setRefundResult('REFUNDED');
    }
    const [asked] = await refundsOf(order.orderNo);
    expect(asked).toMatchObject({ status: 'REQUESTED' });
    expect(await row(order.id)).toMatchObject({ status: 'PAID' });
    const timeOutPassed = () =>
      server.db
        .update(paymentRefunds)
        .set({ sentAt: new Date(Date.now() - GATEWAY_TIMEOUT_MS - 2000) })
        .where(eq(paymentRefunds.id, asked!.id));
    // An answer not signed with the gateway's secret is believed of nothing (1010): still asked, still paid.
    await timeOutPassed();
    standIn.setRefundResult('FORGED');
    try {
      expect((await server.request(swapOrderApi.transfer.refund, { id: order.id }, { token: staff })).code).toBe(1010);
    } finally {
      standIn.setRefundResult('REFUNDED');
    }
    expect(await refundsOf(order.orderNo)).toEqual([
      expect.objectContaining({ id: asked!.id, status: 'REQUESTED', gatewayRefundId: null }),
    ]);
    expect(await row(order.id)).toMatchObject({ status: 'PAID' });
    // The time-out passes and the order job settles the order meanwhile.
    await timeOutPassed();
    await runSwapOrderJob(server.db, new Date(Date.now() + 25 * HOUR));
    expect((await row(order.id)).status).toBe('COMPLETED');
    expect((await server.request(swapOrderApi.transfer.refund, { id: order.id }, { token: staff })).data).toMatchObject({
      status: 'REFUNDED',
    });
    expect(await refundsOf(order.orderNo)).toEqual([expect.objectContaining({ id: asked!.id, status: 'REFUNDED' })]);
    expect(standIn.refunds.filter((r) => r.orderNo === order.orderNo).map((r) => r.refundNo)).toEqual([`RF${asked!.id}`]);
    // Settled and refunded: nothing more to refund, told in the caller's words.
    const again = await server.request(swapOrderApi.transfer.refund, { id: order.id }, { token: staff, lang: 'in' });
    expect([again.code, again.message]).toEqual([7050, 'Pesanan berstatus Dikembalikan: tindakan ini tidak diizinkan sekarang']);
  });

  it("refuses a gateway refund of another merchant's order, from a sub-account not granted refunds, and of ids that are none, and sends nothing", async () => {
    const order = await paidThroughGateway('C71020');
    // A sub-account of the merchant that sees the order but was not granted its refund.
    const role = await createRole(server, who.admin, {
      menuCodes: MENUS,
      merchantId: who.merchantId,
      withoutResources: ['order.transfer.refund', 'order.kwh.refund'],
    });
    const clerk = (await createAccount(server, who.admin, { type: 'SON', merchantId: who.merchantId, roleIds: [role.id] })).token;
    expect((await server.request(swapOrderApi.transfer.detail, { id: order.id }, { token: clerk })).data.status).toBe('PAID');
    const sentOf = () => standIn.refunds.filter((r) => r.orderNo === order.orderNo);
    const attacks = async () => {
      const denied = await server.request(swapOrderApi.transfer.refund, { id: order.id }, { token: clerk, lang: 'zh' });
      expect([denied.status, denied.code, denied.message]).toEqual([403, 2005, MESSAGES.subAccountNoPermission.text.zh]);
      // Another merchant's staff through either kind's address, and the other kind's address: not found.
      for (const [endpoint, token] of [
        [swapOrderApi.transfer.refund, rivalStaff],
        [swapOrderApi.kwh.refund, rivalStaff],
        [swapOrderApi.kwh.refund, staff],
      ] as const) {
        const hidden = await server.request(endpoint, { id: order.id }, { token, lang: 'in' });
        expect([hidden.status, hidden.code, hidden.message]).toEqual([404, 1017, MESSAGES.recordNotFound.text.in]);
      }
      // Not an order's id: over the range, negative, huge, text with a NUL; refused as input.
      for (const id of [2_147_483_648, Number.MAX_SAFE_INTEGER, 1e308, -order.id, `${order.id}\u0000`, '\u0000', '9'.repeat(400), null]) {
        const bad = await server.call('POST', '/api/oms/order/transfer/refund', { token: staff, body: { id }, lang: 'th' });
        expect({ id, status: bad.status, code: bad.code }).toEqual({ id, status: 400, code: 1002 });
      }
    };
    await attacks();
    expect(await row(order.id)).toMatchObject({ status: 'PAID', refundedAt: null });
    expect(await refundsOf(order.orderNo)).toEqual([]);
    expect(sentOf()).toEqual([]);
    expect(await auditOf('transferOrder', order.id)).toEqual([]);
    // A refund the gateway never answered, its time-out passed: none of them sends it again.
    standIn.setRefundResult('UNAVAILABLE');
    try {
      expect((await server.request(swapOrderApi.transfer.refund, { id: order.id }, { token: staff })).code).toBe(1009);
    } finally {
      standIn.setRefundResult('REFUNDED');
    }
    const [asked] = await refundsOf(order.orderNo);
    await server.db
      .update(paymentRefunds)
      .set({ sentAt: new Date(Date.now() - GATEWAY_TIMEOUT_MS - 2000) })
      .where(eq(paymentRefunds.id, asked!.id));
    await attacks();
    expect(await refundsOf(order.orderNo)).toEqual([
      expect.objectContaining({ id: asked!.id, status: 'REQUESTED', gatewayRefundId: null }),
    ]);
    expect(sentOf()).toEqual([]);
    expect(await row(order.id)).toMatchObject({ status: 'PAID', refundedAt: null });
    // The merchant's staff holding the permission send it, under its number.
    expect((await server.request(swapOrderApi.transfer.refund, { id: order.id }, { token: staff })).data.status).toBe('REFUNDED');
    expect(sentOf().map((r) => r.refundNo)).toEqual([`RF${asked!.id}`]);
  });

  it('keeps each merchant to its own orders and each kind to its own address', async () => {
    const number = await customer('C71006');
    const order = (await report(event(number)))!;
    expect((await orders('transfer', {}, rivalStaff)).records.map((o: SwapOrderRecord) => o.id)).not.toContain(order.id);
    for (const call of [
      server.request(swapOrderApi.transfer.detail, { id: order.id }, { token: rivalStaff }),
      server.request(swapOrderApi.transfer.walletPay, { id: order.id }, { token: rivalStaff }),
      server.request(swapOrderApi.transfer.cancel, { id: order.id }, { token: rivalStaff }),
      server.request(swapOrderApi.transfer.refund, { id: order.id }, { token: rivalStaff }),
      server.request(swapOrderApi.kwh.detail, { id: order.id }, { token: staff }),
      server.request(swapOrderApi.kwh.cancel, { id: order.id }, { token: staff }),
      server.request(swapOrderApi.kwh.refund, { id: order.id }, { token: staff }),
    ])
      expect((await call).code).toBe(1017);
    expect((await row(order.id)).status).toBe('REGISTERED');
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    for (const id of [0, -1, 2_147_483_648, 1.5]) {
      const answer = await server.call('POST', '/api/oms/order/transfer/cancel', { token: staff, body: { id } });
      expect(answer.code).toBe(1002);
    }
    const nul = await server.call('POST', '/api/oms/order/transfer/search', { token: staff, body: { orderNo: 'TO\u0000' }, lang: 'zh' });
    expect(nul.code).toBe(1002);
    const long = await server.call('POST', '/api/oms/order/kwh/search', { token: staff, body: { customerNumber: 'C'.repeat(10_000) } });
    expect(long.code).toBe(1002);
    const nobody = await server.request(swapOrderApi.transfer.walletPay, { id: 2_000_000_000 }, { token: staff });
    expect(nobody.code).toBe(1017);
  });

  it('times out unpaid orders and completes paid ones after their hours; two runs at once give the result of one', async () => {
    const number = await customer('C71007');
    const unpaid = (await report(event(number)))!;
    await topUpWallet(number, '5000');
    const paid = (await report(event(number)))!;
    expect(paid.status).toBe('PAID');
    const later = new Date(Date.now() + 25 * HOUR);
    const runs = await Promise.all([runSwapOrderJob(server.db, later), runSwapOrderJob(server.db, later)]);
    expect(runs.reduce((n, run) => n + run.timedOut, 0)).toBeGreaterThanOrEqual(1);
    expect(runs.some((run) => run.timedOut === 0 && run.completed === 0)).toBe(true);
    expect((await row(unpaid.id)).status).toBe('TIMEOUT_CANCELLED');
    expect((await row(paid.id)).status).toBe('COMPLETED');
    expect(await runSwapOrderJob(server.db, later)).toEqual({ timedOut: 0, completed: 0 });
  });

  it('the simulator drives a swap that produces an energy order from its meter readings', async () => {
    const number = await customer('C71008');
    const rider = newBattery('BSO000009', seededRandom(9), { lat: -6.5, lng: 106.3 });
    rider.soc = 14;
    const outcome = await performSwap(fleet.cabinets[0]!, { customer: number, rider, compartment: 1 });
    expect(outcome).toMatchObject({ result: 'SUCCEEDED', batteryOut: PACKS[0] });
    let order: SwapOrderRecord | undefined;
    await eventually(async () => {
      order = (await orders('kwh', { customerNumber: number })).records[0];
      expect(order).toBeDefined();
    });
    // 96 % from the 20 % a first pack is taken to have come in at: 76 % of 2 kWh over a charger of 90 %.
    expect(order).toMatchObject({
      cabinetNumber: CABINET,
      meterStartKwh: '0.000',
      meterEndKwh: '1.689',
      energyKwh: '1.689',
      amount: '4223.34',
    });
    const swap = (await server.request(swapApi.detail, { id: order!.swapId }, { token: staff })).data;
    expect(swap).toMatchObject({
      customer: number,
      batteryOutNumber: PACKS[0],
      order: { id: order!.id, kind: 'kwh', orderNo: order!.orderNo },
    });
  });
});
