import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  customerApi,
  PRODUCT_ORDER_STATUSES,
  PRODUCT_ORDER_STEPS,
  productOrderApi,
  productPackageApi,
  vehicleApi,
  type ProductOrderRecord,
  type ProductOrderStatus,
  enumWord,
} from '@swap/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import {
  createCustomer,
  type createDeviceTypes,
  createDevices,
  createOrderableProduct,
  createProductOrder,
  orderTenants,
  succeed,
  type MerchantFixture,
} from '../../test/factories.js';
import { exportRows } from '../../test/csv.js';
import { auditLogs } from '../audit-log/audit-log.table.js';
import { batteries } from '../battery/battery.table.js';
import { vehicles } from '../vehicle/vehicle.table.js';
import { markProductOrderPaid, runOverdueJob } from './index.js';
import { productOrderPayments, productOrders, productOrderSwitches } from './product-order.table.js';

const MENUS = ['order.product', 'customer.list'];
const DAY = 24 * 3600_000;

describe('product orders: placing, the state machine, terminate, switch plan, bind vehicle, retry, overdue job', () => {
  let server: TestServer;
  let admin: string;
  let agent: MerchantFixture;
  let rival: MerchantFixture;
  let types: Awaited<ReturnType<typeof createDeviceTypes>>;
  let cityId = 0;
  let lease: { id: number; name: string };
  let other: { id: number; name: string };
  let rivalProduct: { id: number };
  let vehicleNumbers: string[] = [];
  let customerNo = 0;

  const row = async (id: number) => (await server.db.select().from(productOrders).where(eq(productOrders.id, id)))[0]!;
  const count = async () => (await server.db.select({ id: productOrders.id }).from(productOrders)).length;
  const vehicleRow = async (number: string) => (await server.db.select().from(vehicles).where(eq(vehicles.number, number)))[0]!;
  const customer = async (token = agent.admin.token) =>
    createCustomer(server, token, { customerNumber: `C9${String(++customerNo).padStart(4, '0')}` });
  const order = async (productId = lease.id) =>
    createProductOrder(server, agent.admin.token, { customerNumber: (await customer()).customerNumber, productId });
  /** Pays the first payment of an order through the payment seam: the customer is REGISTERED with cycle 1. */
  const payFirst = async (o: ProductOrderRecord, at?: Date) =>
    markProductOrderPaid(server.db, {
      orderId: o.id,
      paymentGateway: 'XENDIT',
      transactionId: `T-first-${o.id}`,
      amount: o.outstandingBalance,
      ...(at ? { at } : {}),
    });

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    ({ admin, agent, rival, types, cityId } = await orderTenants(server, MENUS));
    lease = await createOrderableProduct(server, admin, {
      merchantId: agent.id,
      vehicleTypeId: types.vehicle1,
      cityId,
      name: 'Monthly Lease',
    });
    other = await createOrderableProduct(server, admin, {
      merchantId: agent.id,
      vehicleTypeId: types.vehicle1,
      cityId,
      name: 'Long Lease',
      pricePerCycle: '320000',
      renewalPrice: '300000',
      cycles: 6,
      labels: ['RENT'],
    });
    rivalProduct = await createOrderableProduct(server, admin, {
      merchantId: rival.id,
      vehicleTypeId: types.vehicle1,
      cityId,
      name: 'Rival Lease',
    });
    vehicleNumbers = (await createDevices(server, admin, 'vehicle', 6, { typeId: types.vehicle1, prefix: 'OV', merchantId: agent.id }))
      .numbers;
  });
  afterAll(() => server.close());

  it('places an order priced from its product: ENROLLED, NEW, owing deposit, admin fee and the first cycle; audited', async () => {
    const c = await customer();
    const placed = await createProductOrder(server, agent.admin.token, {
      customerNumber: c.customerNumber,
      productId: lease.id,
      source: 'IOS',
    });
    expect(placed).toMatchObject({
      customerNumber: c.customerNumber,
      productName: 'Monthly Lease',
      source: 'IOS',
      status: 'ENROLLED',
      customerStatus: 'NEW',
      currentCycle: 0,
      totalCycles: 3,
      cycleDays: 30,
      outstandingBalance: '825000.00',
      pricePerCycle: '300000.00',
      comboSwaps: 60,
      vehicleNumber: null,
      merchantId: agent.id,
    });
    expect(placed.orderNo).toMatch(/^PO\d{8}\d{6}$/);
    expect(new Date(placed.expiresAt).getTime() - new Date(placed.startAt).getTime()).toBe(90 * DAY);
    const [entry] = await server.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'productOrder.add'), eq(auditLogs.objectId, String(placed.id))));
    expect(entry?.changes).toMatchObject({ orderNo: placed.orderNo, customerNumber: c.customerNumber });
    // Platform staff must name the merchant; then they place for it.
    expect(
      (
        await server.request(
          productOrderApi.add,
          { customerNumber: c.customerNumber, productId: lease.id, source: 'IOS' },
          { token: admin },
        )
      ).code,
    ).toBe(2007);
    const forAgent = await createProductOrder(server, admin, {
      customerNumber: c.customerNumber,
      productId: lease.id,
      merchantId: agent.id,
    });
    expect(forAgent.merchantId).toBe(agent.id);
  });

  it('refuses unknown, deleted and restricted customers, another merchant’s product and bad input, writing nothing', async () => {
    const before = await count();
    const restricted = await customer();
    await succeed(server, customerApi.restrict, { id: restricted.id, reason: 'Unpaid rental' }, agent.admin.token);
    const deleted = await customer();
    await succeed(server, customerApi.remove, { id: deleted.id }, agent.admin.token);
    const place = (customerNumber: string, productId = lease.id, lang?: 'th' | 'in') =>
      server.request(
        productOrderApi.add,
        { customerNumber, productId, source: 'ANDROID' },
        { token: agent.admin.token, ...(lang ? { lang } : {}) },
      );
    const unknown = await place('C59999', lease.id, 'in');
    expect([unknown.code, unknown.message]).toEqual([7000, 'Pelanggan C59999 tidak ditemukan']);
    expect((await place(deleted.customerNumber)).code).toBe(7001);
    const refused = await place(restricted.customerNumber, lease.id, 'th');
    expect([refused.code, refused.message]).toEqual([7005, `ลูกค้า ${restricted.customerNumber} ถูกจำกัดอยู่`]);
    // Another merchant's product reads as missing; so does another merchant's customer.
    const ok = await customer();
    expect((await place(ok.customerNumber, rivalProduct.id)).code).toBe(7051);
    const theirs = await customer(rival.admin.token);
    expect((await place(theirs.customerNumber)).code).toBe(7000);
    // Malformed, huge and NUL-byte input is refused field by field.
    const bad = await server.call('POST', '/api/oms/order/product/add', {
      token: agent.admin.token,
      body: { customerNumber: 'C 1'.repeat(5_000), productId: 2 ** 40, source: 'FAX' },
    });
    expect(bad.status).toBe(400);
    expect([...new Set(bad.data.fields.map((f: { field: string }) => f.field))].sort()).toEqual(['customerNumber', 'productId', 'source']);
    const nul = await server.call('POST', '/api/oms/order/product/add', {
      token: agent.admin.token,
      body: { customerNumber: `${ok.customerNumber}\u0000`, productId: lease.id, source: 'IOS' },
    });
    expect(nul.status).toBe(400);
    expect(await count()).toBe(before);
  });

  /** One order in each status, each reached through the real steps (the payment seam and the job for their own). */
  async function orderIn(status: ProductOrderStatus): Promise<ProductOrderRecord> {
    const o = await order();
    if (status === 'ENROLLED') return o;
    if (status === 'TERMINATED') return succeed(server, productOrderApi.terminate, { id: o.id }, agent.admin.token);
    if (status === 'CANCELLED') {
      await server.db
        .update(productOrders)
        .set({ startAt: new Date(Date.now() - 2 * DAY) })
        .where(eq(productOrders.id, o.id));
      await runOverdueJob(server.db);
      return o;
    }
    // COMPLETED: every cycle paid, then the job runs once the last paid day is over.
    await payFirst(o);
    await markProductOrderPaid(server.db, { orderId: o.id, paymentGateway: 'XENDIT', transactionId: `T-rest-${o.id}`, amount: '560000' });
    await runOverdueJob(server.db, new Date(Date.now() + 91 * DAY));
    return o;
  }

  it('holds the state machine: every staff step from every status is allowed or refused as the table says', async () => {
    const steps = ['terminate', 'switchPlan', 'bindVehicle', 'retry'] as const;
    for (const status of PRODUCT_ORDER_STATUSES) {
      for (const step of steps) {
        const o = await orderIn(status);
        expect((await row(o.id)).status, `${status} reached`).toBe(status);
        const before = await row(o.id);
        const input =
          step === 'switchPlan'
            ? { id: o.id, productId: other.id }
            : step === 'bindVehicle'
              ? { id: o.id, vehicleNumber: vehicleNumbers[0]! }
              : { id: o.id };
        const answer = await server.request(productOrderApi[step], input, { token: agent.admin.token, lang: 'en' });
        const allowed = (PRODUCT_ORDER_STEPS[step].from as readonly string[]).includes(status);
        if (allowed) {
          expect(answer.code, `${step} from ${status}: ${answer.message}`).toBe(1);
          expect((await row(o.id)).status).toBe(PRODUCT_ORDER_STEPS[step].to);
          if (step === 'bindVehicle') await succeed(server, productOrderApi.terminate, { id: o.id }, agent.admin.token);
        } else {
          // The status is told in the caller's words, as the list shows it, not as its code.
          expect([answer.code, answer.message], `${step} from ${status}`).toEqual([
            7050,
            `The order is ${enumWord('productOrder.status', status, 'en')}: this action is not allowed now`,
          ]);
          expect(await row(o.id)).toEqual(before);
        }
      }
    }
  });

  it('pays through the seam once per gateway transaction; the first payment registers the customer', async () => {
    const o = await order();
    expect(await payFirst(o)).toEqual({ applied: true });
    expect(await payFirst(o)).toEqual({ applied: false });
    const paid = await row(o.id);
    expect(paid).toMatchObject({ customerStatus: 'REGISTERED', currentCycle: 1, outstandingBalance: '0.00', paymentGateway: 'XENDIT' });
    expect((await server.db.select().from(productOrderPayments).where(eq(productOrderPayments.orderId, o.id))).length).toBe(1);
    await expect(
      markProductOrderPaid(server.db, { orderId: o.id, paymentGateway: 'X', transactionId: 'neg', amount: '-1' }),
    ).rejects.toThrow();
  });

  it('terminates once: unbinds the vehicle and battery and removes the combo package in one transaction, under a race', async () => {
    const [battery] = (await createDevices(server, admin, 'battery', 1, { typeId: types.battery, prefix: 'OB', merchantId: agent.id }))
      .numbers;
    const number = vehicleNumbers[1]!;
    const vehicle = await vehicleRow(number);
    await succeed(server, vehicleApi.edit, { id: vehicle.id, typeId: types.vehicle1, battery1Number: battery! }, admin);
    const o = await order();
    await payFirst(o);
    const bound = await succeed(server, productOrderApi.bindVehicle, { id: o.id, vehicleNumber: number }, agent.admin.token);
    expect(bound).toMatchObject({ vehicleNumber: number, batteryNumber: battery, comboSwaps: 60 });
    expect((await vehicleRow(number)).boundUserId).toBe(o.customerId);
    // The battery in the vehicle is held by the customer while the order runs, and by nobody once it is terminated.
    const holder = async () =>
      (await server.db.select({ holder: batteries.holderCustomerId }).from(batteries).where(eq(batteries.number, battery!)))[0]!.holder;
    expect(await holder()).toBe(o.customerId);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => server.request(productOrderApi.terminate, { id: o.id }, { token: agent.admin.token })),
    );
    expect(answers.map((a) => a.code).sort()).toEqual([1, 7050, 7050, 7050, 7050]);
    expect(await row(o.id)).toMatchObject({
      status: 'TERMINATED',
      customerStatus: 'CANCELLED',
      vehicleId: null,
      batteryId: null,
      comboSwaps: null,
    });
    expect((await row(o.id)).terminatedAt).not.toBeNull();
    expect((await vehicleRow(number)).boundUserId).toBeNull();
    expect(await holder()).toBeNull();
    const entries = await server.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'productOrder.terminate'), eq(auditLogs.objectId, String(o.id))));
    expect(entries.length).toBe(1);
    expect(entries[0]!.changes).toMatchObject({ vehicleNumber: { from: number, to: null }, batteryNumber: { from: battery, to: null } });
  });

  it('switches plan to a chosen product, keeping the old and new terms in the history shown on the detail', async () => {
    const o = await order();
    await payFirst(o);
    const switched = await succeed(server, productOrderApi.switchPlan, { id: o.id, productId: other.id }, agent.admin.token);
    expect(switched).toMatchObject({
      productName: 'Long Lease',
      pricePerCycle: '320000.00',
      renewalPrice: '300000.00',
      totalCycles: 6,
      comboSwaps: null,
    });
    const detail = await succeed(server, productOrderApi.detail, { id: o.id }, agent.admin.token);
    expect(detail.switches).toEqual([
      expect.objectContaining({
        old: {
          productId: lease.id,
          productName: 'Monthly Lease',
          pricePerCycle: '300000.00',
          renewalPrice: '280000.00',
          totalCycles: 3,
          cycleDays: 30,
        },
        new: {
          productId: other.id,
          productName: 'Long Lease',
          pricePerCycle: '320000.00',
          renewalPrice: '300000.00',
          totalCycles: 6,
          cycleDays: 30,
        },
      }),
    ]);
    // A product must be chosen, another one, of the order's merchant.
    const none = await server.call('POST', '/api/oms/order/product/switch-plan', { token: agent.admin.token, body: { id: o.id } });
    expect([none.status, none.data.fields[0].field]).toEqual([400, 'productId']);
    expect((await server.request(productOrderApi.switchPlan, { id: o.id, productId: other.id }, { token: agent.admin.token })).code).toBe(
      7053,
    );
    expect(
      (await server.request(productOrderApi.switchPlan, { id: o.id, productId: rivalProduct.id }, { token: agent.admin.token })).code,
    ).toBe(7051);
    // A restricted customer's order does not move.
    await succeed(server, customerApi.restrict, { id: o.customerId, reason: 'Unpaid' }, agent.admin.token);
    expect((await server.request(productOrderApi.switchPlan, { id: o.id, productId: lease.id }, { token: agent.admin.token })).code).toBe(
      7005,
    );
    expect((await server.db.select().from(productOrderSwitches).where(eq(productOrderSwitches.orderId, o.id))).length).toBe(1);
  });

  it('binds only a vehicle of the merchant, of the product’s type, offered, not scrapped and not bound elsewhere', async () => {
    const bind = (id: number, vehicleNumber: string, token = agent.admin.token) =>
      server.request(productOrderApi.bindVehicle, { id, vehicleNumber }, { token });
    const a = await order();
    const b = await order();
    const [theirs] = (await createDevices(server, admin, 'vehicle', 1, { typeId: types.vehicle1, prefix: 'RV', merchantId: rival.id }))
      .numbers;
    expect((await bind(a.id, theirs!)).code).toBe(3003);
    expect((await bind(a.id, theirs!, admin)).code).toBe(7054);
    const [twoPack] = (await createDevices(server, admin, 'vehicle', 1, { typeId: types.vehicle2, prefix: 'TV', merchantId: agent.id }))
      .numbers;
    expect((await bind(a.id, twoPack!)).code).toBe(7056);
    const scrapped = vehicleNumbers[2]!;
    await succeed(server, vehicleApi.scrap, { numbers: [scrapped], reason: 'Frame cracked' }, admin);
    expect((await bind(a.id, scrapped)).code).toBe(3010);
    const saleOnly = vehicleNumbers[3]!;
    await succeed(server, vehicleApi.edit, { id: (await vehicleRow(saleOnly)).id, typeId: types.vehicle1, saleMode: 'SALE_ONLY' }, admin);
    expect((await bind(a.id, saleOnly)).code).toBe(7058);
    // Two orders race for one vehicle: one takes it, the other is told it is bound elsewhere.
    const contested = vehicleNumbers[4]!;
    const raced = await Promise.all([bind(a.id, contested), bind(b.id, contested)]);
    expect(raced.map((r) => r.code).sort()).toEqual([1, 7055]);
    const winner = raced[0].code === 1 ? a : b;
    expect((await vehicleRow(contested)).boundUserId).toBe(winner.customerId);
    expect((await bind(winner.id, vehicleNumbers[5]!)).code).toBe(7057);
    expect(await row(a.id === winner.id ? b.id : a.id)).toMatchObject({ vehicleId: null });
  });

  it('retries an order its first payment did not come for: it runs again from now, owing the first payment', async () => {
    const o = await orderIn('CANCELLED');
    expect(await row(o.id)).toMatchObject({ status: 'CANCELLED', customerStatus: 'CANCELLED' });
    const retried = await succeed(server, productOrderApi.retry, { id: o.id }, agent.admin.token);
    expect(retried).toMatchObject({ status: 'ENROLLED', customerStatus: 'NEW', outstandingBalance: '825000.00', currentCycle: 0 });
    expect(Date.now() - new Date(retried.startAt).getTime()).toBeLessThan(60_000);
  });

  it('computes overdue days, cycles and balance; two concurrent runs give the result of one', async () => {
    const o = await order();
    const start = new Date(Date.now() - 100 * DAY);
    await payFirst(o, start);
    // Paid until day 30 of 100: 70 days overdue, 3 cycles spanned but only 2 left of the 3.
    const results = await Promise.all([runOverdueJob(server.db), runOverdueJob(server.db)]);
    const after = await row(o.id);
    expect(after).toMatchObject({ overdueDays: 70, overdueCycles: 2, outstandingBalance: '560000.00', status: 'ENROLLED' });
    expect(results.map((r) => r.updated).reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(1);
    const again = await runOverdueJob(server.db);
    expect(await row(o.id)).toEqual(after);
    expect(again).toEqual({ cancelled: 0, completed: 0, updated: 0, timedOut: 0, walletOrders: { timedOut: 0, completed: 0 } });
    const listed = await succeed(server, productOrderApi.detail, { id: o.id }, agent.admin.token);
    expect(listed).toMatchObject({ overdueDays: 70, overdueCycles: 2, outstandingBalance: '560000.00' });
  });

  it('keeps each merchant to its own orders: lists, details, actions and the export', async () => {
    const mine = await order();
    const theirsCustomer = await customer(rival.admin.token);
    const theirs = await createProductOrder(server, rival.admin.token, {
      customerNumber: theirsCustomer.customerNumber,
      productId: rivalProduct.id,
    });
    for (const answer of [
      await server.request(productOrderApi.detail, { id: theirs.id }, { token: agent.admin.token }),
      await server.request(productOrderApi.terminate, { id: theirs.id }, { token: agent.admin.token }),
      await server.request(productOrderApi.retry, { id: theirs.id }, { token: agent.admin.token }),
      await server.request(productOrderApi.switchPlan, { id: theirs.id, productId: lease.id }, { token: agent.admin.token }),
      await server.request(productOrderApi.bindVehicle, { id: theirs.id, vehicleNumber: vehicleNumbers[0]! }, { token: agent.admin.token }),
    ])
      expect(answer.code).toBe(1017);
    expect((await row(theirs.id)).status).toBe('ENROLLED');
    const search = async (token: string, q: Record<string, unknown>) =>
      (await server.request(productOrderApi.search, q, { token })).data.records.map((r) => r.id);
    expect(await search(agent.admin.token, { customerNumber: theirsCustomer.customerNumber })).toEqual([]);
    expect(await search(agent.admin.token, { orderNo: mine.orderNo })).toEqual([mine.id]);
    expect(await search(admin, { orderNo: theirs.orderNo })).toEqual([theirs.id]);
    expect(await search(agent.admin.token, { orderNo: mine.orderNo, status: 'TERMINATED' })).toEqual([]);
    expect(
      await search(agent.admin.token, { orderNo: mine.orderNo, customerStatus: 'NEW', source: 'ANDROID', productId: lease.id }),
    ).toEqual([mine.id]);
    const products = await succeed(server, productOrderApi.products, {}, agent.admin.token);
    expect(products.map((p) => p.name).sort()).toEqual(['Long Lease', 'Monthly Lease']);
    const csv = await exportRows(server, productOrderApi.export, { orderNo: 'PO' }, { token: agent.admin.token, lang: 'in' });
    expect(csv.rows.some((r) => r['No. pesanan'] === theirs.orderNo)).toBe(false);
    expect(csv.rows.find((r) => r['No. pesanan'] === mine.orderNo)).toMatchObject({ Status: 'Terdaftar', 'Status pelanggan': 'Baru' });
  });

  it('keeps a product that orders name', async () => {
    const removed = await server.request(productPackageApi.remove, { id: lease.id }, { token: admin, lang: 'en' });
    expect([removed.code, removed.message]).toEqual([7060, 'Orders name this product: it stays while they do']);
  });
  it('at its end a lease returns its vehicle and a lease to own leaves it the customer’s, sold; a second run changes nothing', async () => {
    const toOwn = await createOrderableProduct(server, admin, {
      merchantId: agent.id,
      vehicleTypeId: types.vehicle1,
      cityId,
      name: 'Lease To Own',
      operationType: 'LEASE_TO_OWN',
    });
    const [returned, kept] = (
      await createDevices(server, admin, 'vehicle', 2, { typeId: types.vehicle1, prefix: 'OW', merchantId: agent.id })
    ).numbers as [string, string];
    const ended = async (productId: number, number: string) => {
      const o = await order(productId);
      await payFirst(o);
      await succeed(server, productOrderApi.bindVehicle, { id: o.id, vehicleNumber: number }, agent.admin.token);
      // Every cycle paid, the last one over yesterday.
      await server.db
        .update(productOrders)
        .set({ currentCycle: 3, totalCycles: 3, paidUntil: new Date(Date.now() - DAY) })
        .where(eq(productOrders.id, o.id));
      return o;
    };
    const leased = await ended(lease.id, returned);
    const owned = await ended(toOwn.id, kept);
    expect((await vehicleRow(returned)).boundUserId).toBe(leased.customerId);
    const first = await runOverdueJob(server.db);
    expect(first.completed).toBeGreaterThanOrEqual(2);
    expect(await row(leased.id)).toMatchObject({
      status: 'COMPLETED',
      customerStatus: 'COMPLETED',
      vehicleId: null,
      batteryId: null,
      comboSwaps: null,
    });
    expect(await vehicleRow(returned)).toMatchObject({ boundUserId: null, saleStatus: 'UNSOLD' });
    const ownedVehicle = await vehicleRow(kept);
    expect(await row(owned.id)).toMatchObject({ status: 'COMPLETED', vehicleId: ownedVehicle.id });
    expect(ownedVehicle).toMatchObject({ boundUserId: owned.customerId, saleStatus: 'SOLD' });
    const before = [await row(leased.id), await row(owned.id), await vehicleRow(returned), await vehicleRow(kept)];
    expect((await runOverdueJob(server.db)).completed).toBe(0);
    expect([await row(leased.id), await row(owned.id), await vehicleRow(returned), await vehicleRow(kept)]).toEqual(before);
  });
});
