import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditLogApi, deviceOrderApi, MESSAGES, priceSettingApi, walletApi, walletOrderApi, type EndpointDef } from '@swap/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { exportRows } from '../../test/csv.js';
import { createAccount, createDeviceTypes, createProvinceAndCity, createRole, platformAdmin, succeed } from '../../test/factories.js';
import { startStandInGateway, type StandInGateway } from '../../stand-in-gateway/index.js';
import { auditLogs } from '../audit-log/audit-log.table.js';
import { batteries } from '../battery/battery.table.js';
import { markDeviceOrderPaid } from '../device-order/index.js';
import { deviceOrders } from '../device-order/device-order.table.js';
import { WALLET_CONSISTENCY_QUERY } from '../top-up/wallet.consistency.js';
import { markWalletOrderPaid, takePackageSwap } from '../wallet-order/index.js';
import { walletOrders } from '../wallet-order/wallet-order.table.js';
import { payingMerchant, type PayingMerchant } from './payment.fixtures.js';
import { paymentRefunds } from './payment.table.js';

const GATEWAY_SECRET = 'order-refund-test-gateway-secret';

/**
 * Refunds of battery, recharge and package orders through the order-kind kit (docs/orders.md,
 * "Refunds"): the way they were paid, once under a race, what the order gave taken back, and refused
 * to other merchants, sub-accounts without the button and ids that are none.
 */
describe('refunds of device and wallet orders', () => {
  let standIn: StandInGateway;
  let server: TestServer;
  let agent: PayingMerchant;
  let rival: PayingMerchant;
  let staff: string;
  let admin: string;
  let packagePriceId = 0;

  const deviceRow = async (id: number) => (await server.db.select().from(deviceOrders).where(eq(deviceOrders.id, id)))[0]!;
  const walletRow = async (id: number) => (await server.db.select().from(walletOrders).where(eq(walletOrders.id, id)))[0]!;
  const refundsOf = (orderNo: string) => server.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderNo, orderNo));
  const auditOf = async (objectType: string, objectId: number) =>
    (
      await server.db
        .select({ action: auditLogs.action })
        .from(auditLogs)
        .where(and(eq(auditLogs.objectType, objectType), eq(auditLogs.objectId, String(objectId))))
    ).map((row) => row.action);
  /** The audit log's words for what was done to the order, as the platform's staff read them in the language (its export). */
  const auditWords = async (objectType: string, objectId: number, lang: 'en' | 'in' | 'th' | 'zh') => {
    const { rows } = await exportRows(server, auditLogApi.export, { objectType }, { token: admin, lang });
    return rows.filter((r) => Object.values(r).includes(String(objectId))).map((r) => Object.values(r)[4]);
  };
  const balanceOf = async (customerId: string) =>
    (await server.request(walletApi.bill, { customerId }, { token: staff })).data.records[0]?.balanceAfter ?? '0.00';
  const inconsistent = async () => ((await server.db.execute(sql.raw(WALLET_CONSISTENCY_QUERY))) as { rows: unknown[] }).rows;
  const refundAll = (endpoint: EndpointDef, id: number, times: number) =>
    Promise.all(
      Array.from({ length: times }, () => server.request(endpoint as typeof deviceOrderApi.battery.refund, { id }, { token: staff })),
    );
  const rechargePaid = async (paidAmount: string) => {
    const order = await agent.rechargeOrder(paidAmount);
    await markWalletOrderPaid(server.db, {
      orderId: order.id,
      paymentGateway: 'STANDIN',
      transactionId: `SR${order.id}`,
      amount: order.paidAmount,
    });
    return order;
  };
  const packageFromWallet = async (customerNumber: string) => {
    const order = await succeed(server, walletOrderApi.package.add, { customerNumber, packagePriceId, source: 'ANDROID' }, staff);
    return succeed(server, walletOrderApi.package.payFromWallet, { id: order.id }, staff);
  };

  beforeAll(async () => {
    standIn = await startStandInGateway({ port: 0, secret: GATEWAY_SECRET, delayMs: 600 });
    server = await startTestServer({
      DEMO: '0',
      PAYMENT_GATEWAY_SECRETS: `STANDIN:${GATEWAY_SECRET}`,
      PAYMENT_GATEWAY: 'STANDIN',
      PAYMENT_GATEWAY_URL: standIn.url,
    });
    admin = (await platformAdmin(server)).token;
    const types = await createDeviceTypes(server, admin);
    const cityId = (await createProvinceAndCity(server, admin)).cityId;
    agent = await payingMerchant(server, {
      admin,
      types,
      cityId,
      menuCodes: ['order.combo', 'order.vehicle', 'order.wallet.bill', 'admin.admin', 'admin.role'],
    });
    rival = await payingMerchant(server, { admin, types, cityId, menuCodes: ['order.combo'] });
    staff = agent.merchant.admin.token;
    packagePriceId = (
      await succeed(
        server,
        priceSettingApi.package.add,
        { merchantId: agent.merchant.id, cityId, enabled: true, name: 'Refund 10', swaps: 10, price: '60000', validityDays: 30 },
        admin,
      )
    ).id;
  });
  afterAll(async () => {
    await server?.close();
    await standIn?.close();
  });

  it('refunds a handed-over battery lease through the gateway once, even asked three times at once; the battery is held by nobody', async () => {
    const order = await agent.batteryOrder();
    await markDeviceOrderPaid(server.db, {
      orderId: order.id,
      paymentGateway: 'STANDIN',
      transactionId: `SB${order.id}`,
      amount: order.totalAmount,
    });
    await succeed(server, deviceOrderApi.battery.handOver, { id: order.id }, staff);
    const deviceId = (await deviceRow(order.id)).deviceId;
    const holder = async () => (await server.db.select().from(batteries).where(eq(batteries.id, deviceId)))[0]!.holderCustomerId;
    expect(await holder()).not.toBeNull();
    const answers = await refundAll(deviceOrderApi.battery.refund, order.id, 3);
    expect(answers.filter((a) => a.code === 1)).toHaveLength(1);
    for (const a of answers.filter((a) => a.code !== 1)) expect([7050, 7232]).toContain(a.code);
    expect(answers.find((a) => a.code === 1)!.data).toMatchObject({ status: 'REFUNDED', refundedAt: expect.any(String) });
    expect(standIn.refunds.filter((r) => r.orderNo === order.orderNo)).toEqual([
      expect.objectContaining({ transactionId: `SB${order.id}`, amount: order.totalAmount, status: 'REFUNDED' }),
    ]);
    expect(await refundsOf(order.orderNo)).toEqual([expect.objectContaining({ status: 'REFUNDED', amount: order.totalAmount })]);
    expect(await holder()).toBeNull();
    // The audit entry says the money went back through the gateway, in the reader's language.
    expect(await auditOf('batteryOrder', order.id)).toContain('batteryOrder.refundGateway');
    expect(await auditOf('batteryOrder', order.id)).not.toContain('batteryOrder.refund');
    expect(await auditWords('batteryOrder', order.id, 'en')).toContain('Refunded battery order through the payment gateway');
    expect(await auditWords('batteryOrder', order.id, 'zh')).toContain('将电池订单通过支付渠道退款');
    // Refunded, the battery takes another order.
    expect((await refundAll(deviceOrderApi.battery.refund, order.id, 1))[0]!.code).toBe(7050);
  });

  it('takes a recharge back out of the wallet, refuses it once spent (7234), and refunds a package paid from the wallet to it', async () => {
    const recharge = await rechargePaid('100000');
    const customer = recharge.customerNumber;
    expect(await balanceOf(customer)).toBe('100000.00');
    const pack = await packageFromWallet(customer);
    expect(await balanceOf(customer)).toBe('40000.00');
    // The wallet no longer holds what the recharge put in: refused in the caller's words, nothing moves or is sent.
    const spent = await server.request(walletOrderApi.recharge.refund, { id: recharge.id }, { token: staff, lang: 'th' });
    expect([spent.code, spent.message]).toEqual([
      7234,
      MESSAGES.orderRefundWalletSpent.text.th
        .replace('{customer}', customer)
        .replace('{balance}', `40000.00 ${recharge.currency}`)
        .replace('{amount}', `100000.00 ${recharge.currency}`)
        .replace('{orderNo}', recharge.orderNo),
    ]);
    expect(await refundsOf(recharge.orderNo)).toEqual([]);
    expect((await walletRow(recharge.id)).status).toBe('PAID');
    // The package paid from the wallet goes back to it, at once, its swaps no longer the customer's.
    const packs = await refundAll(walletOrderApi.package.refund, pack.id, 3);
    expect(packs.map((a) => a.code).sort()).toEqual([1, 7050, 7050]);
    expect(await walletRow(pack.id)).toMatchObject({ status: 'REFUNDED', swapsLeft: 0 });
    expect(await balanceOf(customer)).toBe('100000.00');
    // Now the recharge is refunded through the gateway: its top-up leaves the wallet.
    expect((await server.request(walletOrderApi.recharge.refund, { id: recharge.id }, { token: staff })).data.status).toBe('REFUNDED');
    expect(await balanceOf(customer)).toBe('0.00');
    const bill = (await server.request(walletApi.bill, { customerId: customer }, { token: staff })).data.records;
    expect(bill.filter((m) => m.movementKind === 'REFUND').map((m) => m.amount)).toEqual(['-100000.00', '60000.00']);
    // Each audit entry says which way the money went.
    expect(await auditOf('rechargeOrder', recharge.id)).toContain('rechargeOrder.refundGateway');
    expect(await auditOf('packageOrder', pack.id)).toContain('packageOrder.refund');
    expect(await auditWords('rechargeOrder', recharge.id, 'en')).toContain('Refunded recharge order through the payment gateway');
    expect(await auditWords('packageOrder', pack.id, 'en')).toContain('Refunded package order to the wallet');
    expect(await auditWords('packageOrder', pack.id, 'in')).toContain('Mengembalikan dana pesanan paket ke dompet');
    expect(await inconsistent()).toEqual([]);
  });

  it('puts the top-up back when the gateway refuses the refund (7233), and refuses a used package (7235)', async () => {
    const recharge = await rechargePaid('80000');
    standIn.setRefundResult('FAILED');
    try {
      expect((await server.request(walletOrderApi.recharge.refund, { id: recharge.id }, { token: staff })).code).toBe(7233);
    } finally {
      standIn.setRefundResult('REFUNDED');
    }
    expect((await walletRow(recharge.id)).status).toBe('PAID');
    expect(await balanceOf(recharge.customerNumber)).toBe('80000.00');
    expect(await inconsistent()).toEqual([]);
    // A package that gave a swap is not refunded.
    const pack = await packageFromWallet(recharge.customerNumber);
    expect(await server.db.transaction((tx) => takePackageSwap(tx, pack.customerId, new Date()))).toBe(true);
    const used = await server.request(walletOrderApi.package.refund, { id: pack.id }, { token: staff, lang: 'in' });
    expect([used.code, used.message]).toEqual([
      7235,
      MESSAGES.orderRefundPackageUsed.text.in.replace('{orderNo}', pack.orderNo).replace('{used}', '1').replace('{swaps}', '10'),
    ]);
    expect(await walletRow(pack.id)).toMatchObject({ status: 'PAID', swapsLeft: 9 });
  });

  it("refuses another merchant's order, the other kind's address, a sub-account without the button and ids that are none", async () => {
    const battery = await agent.batteryOrder();
    await markDeviceOrderPaid(server.db, {
      orderId: battery.id,
      paymentGateway: 'STANDIN',
      transactionId: `SA${battery.id}`,
      amount: battery.totalAmount,
    });
    const recharge = await rechargePaid('30000');
    const role = await createRole(server, staff, {
      menuCodes: ['order.battery', 'order.wallet', 'order.combo'],
      merchantId: agent.merchant.id,
      withoutResources: ['order.battery.refund', 'order.wallet.refund', 'order.combo.refund'],
    });
    const clerk = (await createAccount(server, staff, { type: 'SON', merchantId: agent.merchant.id, roleIds: [role.id] })).token;
    const rivalStaff = rival.merchant.admin.token;
    for (const [endpoint, id, path] of [
      [deviceOrderApi.battery.refund, battery.id, '/api/oms/order/battery/refund'],
      [walletOrderApi.recharge.refund, recharge.id, '/api/oms/order/recharge/refund'],
    ] as const) {
      const denied = await server.request(endpoint, { id }, { token: clerk, lang: 'zh' });
      expect([denied.status, denied.code, denied.message]).toEqual([403, 2005, MESSAGES.subAccountNoPermission.text.zh]);
      const hidden = await server.request(endpoint, { id }, { token: rivalStaff, lang: 'in' });
      expect([hidden.status, hidden.code, hidden.message]).toEqual([404, 1017, MESSAGES.recordNotFound.text.in]);
      for (const id of [0, 2_147_483_648, Number.MAX_SAFE_INTEGER, -1, `1\u0000`, '\u0000', '9'.repeat(400), null]) {
        const bad = await server.call('POST', path, { token: staff, body: { id }, lang: 'th' });
        expect({ id, status: bad.status, code: bad.code }).toEqual({ id, status: 400, code: 1002 });
      }
    }
    // The other kind's address does not find the order.
    expect((await server.request(deviceOrderApi.vehicle.refund, { id: battery.id }, { token: staff })).code).toBe(1017);
    expect((await server.request(walletOrderApi.package.refund, { id: recharge.id }, { token: staff })).code).toBe(1017);
    // Nothing was refunded, sent or moved.
    expect((await deviceRow(battery.id)).status).toBe('PAID');
    expect((await walletRow(recharge.id)).status).toBe('PAID');
    expect(standIn.refunds.filter((r) => r.orderNo === battery.orderNo || r.orderNo === recharge.orderNo)).toEqual([]);
    expect(await balanceOf(recharge.customerNumber)).toBe('30000.00');
  });
});
