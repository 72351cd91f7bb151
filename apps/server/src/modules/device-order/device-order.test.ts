import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  basePriceApi,
  batteryApi,
  customerApi,
  DEVICE_ORDER_STATUSES,
  DEVICE_ORDER_STEPS,
  deviceOrderApi,
  MESSAGES,
  priceSettingApi,
  productOrderApi,
  vehicleApi,
  type DeviceOrderRecord,
  type DeviceOrderStatus,
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
import { vehicles } from '../vehicle/vehicle.table.js';
import { markProductOrderPaid, runOverdueJob } from '../product-order/index.js';
import { markDeviceOrderPaid, startDeviceOrderPayment } from './index.js';
import { deviceOrders } from './device-order.table.js';

const MENUS = ['order.vehicle', 'order.battery', 'order.product', 'customer.list'];
const DAY = 24 * 3600_000;

describe('vehicle and battery orders: priced, one open order per device, paid, handed over with the sale status following', () => {
  let server: TestServer;
  let admin: string;
  let agent: MerchantFixture;
  let rival: MerchantFixture;
  let types: Awaited<ReturnType<typeof createDeviceTypes>>;
  let cityId = 0;
  let vehicleNumbers: string[] = [];
  let batteryNumbers: string[] = [];
  let customerNo = 0;
  let next = 0;

  const row = async (id: number) => (await server.db.select().from(deviceOrders).where(eq(deviceOrders.id, id)))[0]!;
  const vehicleRow = async (number: string) => (await server.db.select().from(vehicles).where(eq(vehicles.number, number)))[0]!;
  const customer = async (token = agent.admin.token) =>
    (await createCustomer(server, token, { customerNumber: `C8${String(++customerNo).padStart(4, '0')}` })).customerNumber;
  const place = async (
    kind: 'vehicle' | 'battery',
    deviceNumber: string,
    orderType: 'SALE' | 'LEASE' | 'LEASE_TO_OWN',
    token = agent.admin.token,
  ) =>
    server.request(
      deviceOrderApi[kind].add,
      { customerNumber: await customer(), deviceNumber, orderType, cityId, source: 'IOS' },
      { token },
    );
  const placed = async (kind: 'vehicle' | 'battery', deviceNumber: string, orderType: 'SALE' | 'LEASE' | 'LEASE_TO_OWN') => {
    const answer = await place(kind, deviceNumber, orderType);
    if (answer.code !== 1) throw new Error(`${answer.code} ${answer.message}`);
    return answer.data;
  };
  const pay = (o: DeviceOrderRecord) =>
    markDeviceOrderPaid(server.db, { orderId: o.id, paymentGateway: 'XENDIT', transactionId: `T${o.id}`, amount: o.totalAmount });

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    ({ admin, agent, rival, types, cityId } = await orderTenants(server, MENUS));
    for (const [operationType, price, rent] of [
      ['SALE', '18500000', '0'],
      ['LEASE', '0', '350000'],
      ['LEASE_TO_OWN', '0', '450000'],
    ] as const) {
      await succeed(
        server,
        basePriceApi.add,
        {
          merchantId: agent.id,
          operationType,
          vehicleTypeId: types.vehicle1,
          batteryCount: 1,
          cityId,
          price,
          deposit: '500000',
          rent,
          dailyRate: '0',
          minDailyRate: '0',
        },
        admin,
      );
    }
    await succeed(
      server,
      priceSettingApi.battery.add,
      {
        merchantId: agent.id,
        cityId,
        enabled: true,
        batteryTypeId: types.battery,
        deposit: '150000',
        rentPerCycle: '90000',
        cycleDays: 30,
      },
      admin,
    );
    vehicleNumbers = (await createDevices(server, admin, 'vehicle', 8, { typeId: types.vehicle1, prefix: 'DV', merchantId: agent.id }))
      .numbers;
    batteryNumbers = (await createDevices(server, admin, 'battery', 4, { typeId: types.battery, prefix: 'DB', merchantId: agent.id }))
      .numbers;
  });
  afterAll(() => server.close());

  it('prices a vehicle order by the base price of its type and a battery lease by the battery price', async () => {
    const sale = await placed('vehicle', vehicleNumbers[next++]!, 'SALE');
    expect(sale).toMatchObject({
      kind: 'vehicle',
      orderType: 'SALE',
      status: 'REGISTERED',
      price: '18500000.00',
      deposit: '0.00',
      totalAmount: '18500000.00',
    });
    expect(sale.orderNo).toMatch(/^VO\d{14}$/);
    const lease = await placed('vehicle', vehicleNumbers[next++]!, 'LEASE_TO_OWN');
    expect(lease).toMatchObject({ price: '450000.00', deposit: '500000.00', totalAmount: '950000.00' });
    const battery = await placed('battery', batteryNumbers[0]!, 'LEASE');
    expect(battery).toMatchObject({
      kind: 'battery',
      orderNo: expect.stringMatching(/^BO/),
      price: '90000.00',
      deposit: '150000.00',
      totalAmount: '240000.00',
    });
    // The detail address names the type: another type reads as missing.
    expect((await succeed(server, deviceOrderApi.vehicle.detail, { id: sale.id, type: 'SALE' }, agent.admin.token)).id).toBe(sale.id);
    expect((await server.request(deviceOrderApi.vehicle.detail, { id: sale.id, type: 'LEASE' }, { token: agent.admin.token })).code).toBe(
      1017,
    );
    expect((await server.request(deviceOrderApi.battery.detail, { id: sale.id, type: 'SALE' }, { token: agent.admin.token })).code).toBe(
      1017,
    );
  });

  it('refuses what may not be sold or leased, in the caller’s language, writing nothing', async () => {
    const before = (await server.db.select({ id: deviceOrders.id }).from(deviceOrders)).length;
    const free = vehicleNumbers[next++]!;
    // A battery is leased only.
    expect((await place('battery', batteryNumbers[1]!, 'SALE')).code).toBe(7150);
    // A scrapped vehicle is never sold or rented.
    const scrapped = vehicleNumbers[next++]!;
    await succeed(server, vehicleApi.scrap, { numbers: [scrapped], reason: 'Flood damage' }, admin);
    expect((await place('vehicle', scrapped, 'SALE')).code).toBe(3010);
    // Another merchant's vehicle is unknown to the agent; platform staff are told it is not the merchant's.
    const [theirs] = (await createDevices(server, admin, 'vehicle', 1, { typeId: types.vehicle1, prefix: 'RX', merchantId: rival.id }))
      .numbers;
    expect((await place('vehicle', theirs!, 'SALE')).code).toBe(3003);
    const forAgent = await server.request(
      deviceOrderApi.vehicle.add,
      { merchantId: agent.id, customerNumber: await customer(), deviceNumber: theirs!, orderType: 'SALE', cityId, source: 'IOS' },
      { token: admin },
    );
    expect(forAgent.code).toBe(7054);
    // Sale mode: a rent-only vehicle is not sold.
    await succeed(server, vehicleApi.edit, { id: (await vehicleRow(free)).id, typeId: types.vehicle1, saleMode: 'RENT_ONLY' }, admin);
    const notOffered = await place('vehicle', free, 'SALE');
    expect([notOffered.code, notOffered.message]).toEqual([7058, `Vehicle ${free} is not offered for this kind of order (its sale mode)`]);
    // A restricted customer orders nothing.
    const restricted = await createCustomer(server, agent.admin.token, { customerNumber: 'C89999' });
    await succeed(server, customerApi.restrict, { id: restricted.id, reason: 'Unpaid' }, agent.admin.token);
    const refused = await server.request(
      deviceOrderApi.vehicle.add,
      { customerNumber: 'C89999', deviceNumber: free, orderType: 'LEASE', cityId, source: 'IOS' },
      { token: agent.admin.token, lang: 'in' },
    );
    expect([refused.code, refused.message]).toEqual([7005, 'Pelanggan C89999 sedang dibatasi']);
    // Malformed, huge and NUL-byte input.
    const bad = await server.call('POST', '/api/oms/order/battery/add', {
      token: agent.admin.token,
      body: { customerNumber: 'C\u0000', deviceNumber: 'x'.repeat(500), orderType: 'RENT', cityId: -1, source: 'IOS' },
    });
    expect(bad.status).toBe(400);
    expect((await server.db.select({ id: deviceOrders.id }).from(deviceOrders)).length).toBe(before);
  });

  it('keeps one open order per device, also under a race', async () => {
    const number = vehicleNumbers[next++]!;
    const raced = await Promise.all([
      place('vehicle', number, 'LEASE'),
      place('vehicle', number, 'LEASE'),
      place('vehicle', number, 'SALE'),
    ]);
    expect(raced.map((r) => r.code).sort()).toEqual([1, 7151, 7151]);
    const open = raced.find((r) => r.code === 1)!.data;
    await succeed(server, deviceOrderApi.vehicle.cancel, { id: open.id }, agent.admin.token);
    // Cancelled, the vehicle is free for another order.
    expect((await place('vehicle', number, 'LEASE')).code).toBe(1);
  });

  /** An order in each status, reached through the real steps. */
  async function orderIn(status: DeviceOrderStatus): Promise<DeviceOrderRecord> {
    const o = await placed('vehicle', vehicleNumbers[next++]!, 'LEASE');
    if (status === 'IN_PROGRESS') await startDeviceOrderPayment(server.db, o.id);
    // Paid from the wallet (refunded to it: no gateway to ask here).
    if (status === 'PAID' || status === 'COMPLETED' || status === 'REFUNDED')
      await markDeviceOrderPaid(server.db, { orderId: o.id, paymentGateway: 'WALLET', transactionId: `W${o.id}`, amount: o.totalAmount });
    if (status === 'COMPLETED') await succeed(server, deviceOrderApi.vehicle.handOver, { id: o.id }, agent.admin.token);
    if (status === 'REFUNDED') await succeed(server, deviceOrderApi.vehicle.refund, { id: o.id }, agent.admin.token);
    if (status === 'CANCELLED') await succeed(server, deviceOrderApi.vehicle.cancel, { id: o.id }, agent.admin.token);
    if (status === 'TIMEOUT_CANCELLED') await runOverdueJob(server.db, new Date(Date.now() + 2 * DAY));
    return o;
  }

  // Walks 21 orders through the real steps: more time than one step takes.
  it('holds the state machine: hand over, cancel and refund from every status', async () => {
    // Eight vehicles were made; the walk needs its own.
    vehicleNumbers.push(
      ...(await createDevices(server, admin, 'vehicle', 24, { typeId: types.vehicle1, prefix: 'DW', merchantId: agent.id })).numbers,
    );
    for (const status of DEVICE_ORDER_STATUSES) {
      for (const step of ['handOver', 'cancel', 'refund'] as const) {
        const o = await orderIn(status);
        const before = await row(o.id);
        expect(before.status, `${status} reached`).toBe(status);
        const answer = await server.request(deviceOrderApi.vehicle[step], { id: o.id }, { token: agent.admin.token });
        if ((DEVICE_ORDER_STEPS[step].from as readonly string[]).includes(status)) {
          expect(answer.code, `${step} from ${status}`).toBe(1);
          expect((await row(o.id)).status).toBe(DEVICE_ORDER_STEPS[step].to);
        } else {
          expect(answer.code, `${step} from ${status}`).toBe(7050);
          expect(await row(o.id)).toEqual(before);
        }
      }
    }
  }, 90_000);

  it('pays once per transaction and only the total; hands the vehicle over with its sale status following', async () => {
    const saleNumber = vehicleNumbers[next++]!;
    const sale = await placed('vehicle', saleNumber, 'SALE');
    await expect(
      markDeviceOrderPaid(server.db, { orderId: sale.id, paymentGateway: 'X', transactionId: 'short', amount: '1.00' }),
    ).rejects.toThrow();
    expect(await pay(sale)).toEqual({ applied: true });
    expect(await pay(sale)).toEqual({ applied: false });
    const handed = await Promise.all(
      [1, 2].map(() => server.request(deviceOrderApi.vehicle.handOver, { id: sale.id }, { token: agent.admin.token })),
    );
    expect(handed.map((a) => a.code).sort()).toEqual([1, 7050]);
    expect(await vehicleRow(saleNumber)).toMatchObject({ saleStatus: 'SOLD', boundUserId: sale.customerId });
    // A leased vehicle is bound to the customer and stays unsold.
    const leaseNumber = vehicleNumbers[next++]!;
    const lease = await placed('vehicle', leaseNumber, 'LEASE');
    await pay(lease);
    await succeed(server, deviceOrderApi.vehicle.handOver, { id: lease.id }, agent.admin.token);
    expect(await vehicleRow(leaseNumber)).toMatchObject({ saleStatus: 'UNSOLD', boundUserId: lease.customerId });
    // A sold vehicle is not sold again.
    expect((await place('vehicle', saleNumber, 'SALE')).code).toBe(7152);
  });

  it('a battery lease’s hand-over makes the customer its holder, shown on the battery and the customer; a held battery takes no other order', async () => {
    const pack = (await createDevices(server, admin, 'battery', 1, { typeId: types.battery, prefix: 'DH', merchantId: agent.id }))
      .numbers[0]!;
    const lease = await placed('battery', pack, 'LEASE');
    const battery = (await server.request(batteryApi.search, { number: pack }, { token: admin })).data.records[0]!;
    expect(battery).toMatchObject({ holderCustomerId: null, holderCustomerNumber: null });
    await pay(lease);
    await succeed(server, deviceOrderApi.battery.handOver, { id: lease.id }, agent.admin.token);
    expect(await succeed(server, batteryApi.detail, { id: battery.id }, admin)).toMatchObject({
      holderCustomerId: lease.customerId,
      holderCustomerNumber: lease.customerNumber,
    });
    const holder = await succeed(server, customerApi.detail, { id: lease.customerId }, agent.admin.token);
    expect(holder.batteries).toEqual([{ id: battery.id, number: pack }]);
    // Held: another order for it is refused, and writes nothing.
    const again = await place('battery', pack, 'LEASE');
    expect(again.code).toBe(7151);
  });

  it('a refund gives the device back: the vehicle bound to nobody and unsold, the battery held by nobody; refused while a running product order holds the vehicle (7236)', async () => {
    const token = agent.admin.token;
    const listed = async (number: string) =>
      (await server.request(vehicleApi.search, { number }, { token: admin })).data.records.map((v) => [v.boundUserId, v.saleStatus]);
    const fromWallet = (o: DeviceOrderRecord) =>
      markDeviceOrderPaid(server.db, { orderId: o.id, paymentGateway: 'WALLET', transactionId: `W${o.id}`, amount: o.totalAmount });
    // A sold vehicle, refunded after its hand-over.
    const [plain, held] = (await createDevices(server, admin, 'vehicle', 2, { typeId: types.vehicle1, prefix: 'DR', merchantId: agent.id }))
      .numbers as [string, string];
    const sale = await placed('vehicle', plain, 'SALE');
    await fromWallet(sale);
    await succeed(server, deviceOrderApi.vehicle.handOver, { id: sale.id }, token);
    expect(await listed(plain)).toEqual([[sale.customerId, 'SOLD']]);
    expect(await succeed(server, deviceOrderApi.vehicle.refund, { id: sale.id }, token)).toMatchObject({ status: 'REFUNDED' });
    expect(await listed(plain)).toEqual([[null, 'UNSOLD']]);
    expect(await succeed(server, vehicleApi.detail, { id: (await vehicleRow(plain)).id }, admin)).toMatchObject({
      boundUserId: null,
      saleStatus: 'UNSOLD',
    });
    // Unsold, it is sold again.
    expect((await place('vehicle', plain, 'SALE')).code).toBe(1);

    // A sold vehicle the customer then rides under a product order: its refund waits for that order's end.
    const bought = await placed('vehicle', held, 'SALE');
    await fromWallet(bought);
    await succeed(server, deviceOrderApi.vehicle.handOver, { id: bought.id }, token);
    const product = await createOrderableProduct(server, admin, {
      merchantId: agent.id,
      vehicleTypeId: types.vehicle1,
      cityId,
      pricePerCycle: '350000',
    });
    const enrolled = await createProductOrder(server, token, { customerNumber: bought.customerNumber, productId: product.id });
    await markProductOrderPaid(server.db, {
      orderId: enrolled.id,
      paymentGateway: 'XENDIT',
      transactionId: `T-first-${enrolled.id}`,
      amount: enrolled.outstandingBalance,
    });
    await succeed(server, productOrderApi.bindVehicle, { id: enrolled.id, vehicleNumber: held }, token);
    const refused = await server.request(deviceOrderApi.vehicle.refund, { id: bought.id }, { token, lang: 'th' });
    expect([refused.status, refused.code, refused.message]).toEqual([
      409,
      7236,
      MESSAGES.orderRefundDeviceInProductOrder.text.th.replace('{number}', held).replace('{orderNo}', enrolled.orderNo),
    ]);
    expect((await row(bought.id)).status).toBe('COMPLETED');
    expect(await listed(held)).toEqual([[bought.customerId, 'SOLD']]);
    // Terminated, the product order lets the vehicle go; the refund then takes the sale back.
    await succeed(server, productOrderApi.terminate, { id: enrolled.id }, token);
    expect(await succeed(server, deviceOrderApi.vehicle.refund, { id: bought.id }, token)).toMatchObject({ status: 'REFUNDED' });
    expect(await listed(held)).toEqual([[null, 'UNSOLD']]);

    // A handed-over battery lease: refunded, the battery and the customer show no holder.
    const pack = (await createDevices(server, admin, 'battery', 1, { typeId: types.battery, prefix: 'DQ', merchantId: agent.id }))
      .numbers[0]!;
    const lease = await placed('battery', pack, 'LEASE');
    await fromWallet(lease);
    await succeed(server, deviceOrderApi.battery.handOver, { id: lease.id }, token);
    const battery = (await server.request(batteryApi.search, { number: pack }, { token: admin })).data.records[0]!;
    expect(battery.holderCustomerId).toBe(lease.customerId);
    await succeed(server, deviceOrderApi.battery.refund, { id: lease.id }, token);
    expect(await succeed(server, batteryApi.detail, { id: battery.id }, admin)).toMatchObject({
      holderCustomerId: null,
      holderCustomerNumber: null,
    });
    expect((await succeed(server, customerApi.detail, { id: lease.customerId }, token)).batteries).toEqual([]);
  });

  it('keeps each merchant to its own orders and kind, and exports the filtered list', async () => {
    const mine = await placed('battery', batteryNumbers[2]!, 'LEASE');
    for (const answer of [
      await server.request(deviceOrderApi.battery.detail, { id: mine.id, type: 'LEASE' }, { token: rival.admin.token }),
      await server.request(deviceOrderApi.battery.cancel, { id: mine.id }, { token: rival.admin.token }),
      await server.request(deviceOrderApi.battery.handOver, { id: mine.id }, { token: rival.admin.token }),
      await server.request(deviceOrderApi.vehicle.cancel, { id: mine.id }, { token: agent.admin.token }),
    ])
      expect(answer.code).toBe(1017);
    expect((await row(mine.id)).status).toBe('REGISTERED');
    const search = async (token: string, q: Record<string, unknown>) =>
      (await server.request(deviceOrderApi.battery.search, q, { token })).data.records.map((r) => r.id);
    expect(await search(rival.admin.token, {})).toEqual([]);
    expect(await search(agent.admin.token, { deviceNumber: batteryNumbers[2]!, status: 'REGISTERED', orderType: 'LEASE' })).toEqual([
      mine.id,
    ]);
    expect(await search(agent.admin.token, { orderNo: mine.orderNo, customerNumber: mine.customerNumber })).toEqual([mine.id]);
    const csv = await exportRows(server, deviceOrderApi.battery.export, {}, { token: agent.admin.token, lang: 'th' });
    expect(csv.rows.find((r) => r['เลขที่คำสั่งซื้อ'] === mine.orderNo)).toMatchObject({ สถานะ: 'ลงทะเบียนแล้ว', ประเภทคำสั่งซื้อ: 'เช่า' });
    expect((await exportRows(server, deviceOrderApi.battery.export, {}, { token: rival.admin.token })).rows).toEqual([]);
  });
});
