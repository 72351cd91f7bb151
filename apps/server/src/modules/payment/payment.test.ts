import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PAYMENT_SIGNATURE_HEADER, paymentApi, type PaymentCallbackBody } from '@swap/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { freePort } from '../../test/free-port.js';
import { createAccount, createMerchant, createRole } from '../../test/factories.js';
import { signPayment } from '../../app/payment-signature.js';
import { startStandInGateway, type StandInGateway } from '../../stand-in-gateway/index.js';
import { productOrderPayments, productOrders } from '../product-order/product-order.table.js';
import { deviceOrders } from '../device-order/device-order.table.js';
import { walletMovements } from '../top-up/top-up.table.js';
import { payingMerchant, type PayingMerchant } from './payment.fixtures.js';
import { paymentCallbacks } from './payment.table.js';
import { auditLogs } from '../audit-log/audit-log.table.js';

const SECRET = 'stand-in-secret-for-the-payment-tests';
const OTHER_SECRET = 'another-gateways-secret-0123456789';

describe('the payment callback: signed, on time, idempotent, paying the order through its kind', () => {
  let server: TestServer;
  let standIn: StandInGateway;
  let paying: PayingMerchant;
  let serial = 0;

  /** Sends a callback as a gateway would: the body's bytes signed with the secret at the time given. */
  const callback = async (
    body: unknown,
    options: { secret?: string; at?: Date; raw?: string; signature?: string | null; signedRaw?: string } = {},
  ) => {
    const raw = options.raw ?? JSON.stringify(body);
    const signature =
      options.signature === undefined ? signPayment(options.secret ?? SECRET, options.signedRaw ?? raw, options.at) : options.signature;
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/pay/callback',
      payload: raw,
      headers: { 'content-type': 'application/json', ...(signature === null ? {} : { [PAYMENT_SIGNATURE_HEADER]: signature }) },
    });
    return { http: response.statusCode, ...response.json<{ code: number; message: string; data: unknown }>() };
  };
  const report = (order: { orderNo: string; currency: string }, amount: string, extra: Partial<PaymentCallbackBody> = {}) =>
    ({
      paymentGateway: 'STANDIN',
      orderNo: order.orderNo,
      transactionId: `TX${++serial}`,
      amount,
      currency: order.currency,
      status: 'PAID',
      ...extra,
    }) as PaymentCallbackBody;
  const productRow = async (id: number) => (await server.db.select().from(productOrders).where(eq(productOrders.id, id)))[0]!;
  const deviceRow = async (id: number) => (await server.db.select().from(deviceOrders).where(eq(deviceOrders.id, id)))[0]!;
  const recorded = async (orderNo: string) => server.db.select().from(paymentCallbacks).where(eq(paymentCallbacks.orderNo, orderNo));

  beforeAll(async () => {
    const port = await freePort();
    standIn = await startStandInGateway({ port: 0, secret: SECRET, delayMs: 600 });
    server = await startTestServer({
      DEMO: '0',
      PORT: String(port),
      PAYMENT_GATEWAY_SECRETS: `STANDIN:${SECRET},OTHERPAY:${OTHER_SECRET}`,
      PAYMENT_GATEWAY: 'STANDIN',
      PAYMENT_GATEWAY_URL: standIn.url,
    });
    await server.app.listen({ port, host: '127.0.0.1' });
    paying = await payingMerchant(server);
  });
  afterAll(async () => {
    await standIn?.close();
    await server?.close();
  });

  it('a signed report of the amount due pays a product order, and the same report again answers the same and changes nothing', async () => {
    const order = await paying.productOrder();
    const body = report(order, order.outstandingBalance);
    const first = await callback(body);
    expect(first.code).toBe(1);
    expect(first.data).toMatchObject({
      orderNo: order.orderNo,
      orderKind: 'product',
      paymentGateway: 'STANDIN',
      transactionId: body.transactionId,
      amount: order.outstandingBalance,
      currency: order.currency,
      status: 'PAID',
    });
    const paid = await productRow(order.id);
    expect(paid).toMatchObject({
      customerStatus: 'REGISTERED',
      currentCycle: 1,
      paymentGateway: 'STANDIN',
      transactionId: body.transactionId,
    });
    expect(Number(paid.outstandingBalance)).toBe(0);
    const again = await callback(body);
    expect(again).toEqual(first);
    expect(await productRow(order.id)).toEqual(paid);
    expect(await recorded(order.orderNo)).toHaveLength(1);
  });

  it('20 identical reports at once pay once: one record, one payment, one state change', async () => {
    const order = await paying.productOrder();
    const body = report(order, order.outstandingBalance);
    const answers = await Promise.all(Array.from({ length: 20 }, () => callback(body)));
    expect(answers.map((a) => a.code)).toEqual(Array(20).fill(1));
    for (const answer of answers) expect(answer.data).toEqual(answers[0]!.data);
    expect(await recorded(order.orderNo)).toHaveLength(1);
    expect(await server.db.select().from(productOrderPayments).where(eq(productOrderPayments.orderId, order.id))).toHaveLength(1);
    expect(await productRow(order.id)).toMatchObject({ customerStatus: 'REGISTERED', currentCycle: 1 });

    const battery = await paying.batteryOrder();
    const batteryBody = report(battery, battery.totalAmount);
    const batteryAnswers = await Promise.all(Array.from({ length: 20 }, () => callback(batteryBody)));
    expect(batteryAnswers.map((a) => a.code)).toEqual(Array(20).fill(1));
    expect(await recorded(battery.orderNo)).toHaveLength(1);
    expect(await deviceRow(battery.id)).toMatchObject({ status: 'PAID', transactionId: batteryBody.transactionId });
  });

  it('20 identical reports of a recharge order credit the wallet once: one TOP_UP movement', async () => {
    const order = await paying.rechargeOrder('150000');
    const body = report(order, order.paidAmount);
    const answers = await Promise.all(Array.from({ length: 20 }, () => callback(body)));
    expect(answers.map((a) => a.code)).toEqual(Array(20).fill(1));
    expect(answers[0]!.data).toMatchObject({ orderKind: 'recharge', status: 'PAID' });
    expect(await recorded(order.orderNo)).toHaveLength(1);
    const moved = await server.db
      .select()
      .from(walletMovements)
      .where(and(eq(walletMovements.merchantId, paying.merchant.id), eq(walletMovements.customerId, order.customerNumber)));
    expect(moved.map((m) => [m.kind, m.amount])).toEqual([['TOP_UP', '150000.00']]);
  });

  it('refuses a report not signed with its gateway secret, changing nothing', async () => {
    const order = await paying.productOrder();
    const body = report(order, order.outstandingBalance);
    const raw = JSON.stringify(body);
    const refusals = [
      await callback(body, { secret: OTHER_SECRET }),
      await callback(body, { signature: null }),
      await callback(body, { signature: 'v1=abc' }),
      await callback(body, { signature: `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` }),
      // Signed, then the amount changed on the way.
      await callback(null, { raw: raw.replace(order.outstandingBalance, '1.00'), signedRaw: raw }),
      // A gateway the server does not know, and one it knows signing as another.
      await callback({ ...body, paymentGateway: 'NOPAY' }),
      await callback({ ...body, paymentGateway: 'OTHERPAY' }),
    ];
    for (const refusal of refusals) expect([refusal.code, refusal.http]).toEqual([407, 401]);
    expect(await recorded(order.orderNo)).toHaveLength(0);
    expect(await productRow(order.id)).toMatchObject({ customerStatus: 'NEW', currentCycle: 0, transactionId: null });
  });

  it('refuses a report signed more than the window from now (a replay of an old report)', async () => {
    const order = await paying.productOrder();
    const body = report(order, order.outstandingBalance);
    const stale = await callback(body, { at: new Date(Date.now() - 301_000) });
    expect([stale.code, stale.http]).toEqual([7200, 401]);
    expect(stale.message).toContain('300');
    const future = await callback(body, { at: new Date(Date.now() + 301_000) });
    expect(future.code).toBe(7200);
    const thai = await server.app.inject({
      method: 'POST',
      url: '/api/pay/callback',
      payload: JSON.stringify(body),
      headers: {
        'content-type': 'application/json',
        Language: 'th',
        [PAYMENT_SIGNATURE_HEADER]: signPayment(SECRET, JSON.stringify(body), new Date(Date.now() - 400_000)),
      },
    });
    expect(thai.json()).toMatchObject({ code: 7200, message: 'ผลการชำระเงินลงนามในเวลาที่ห่างจากปัจจุบันเกิน 300 วินาที' });
    expect(await recorded(order.orderNo)).toHaveLength(0);
    expect((await productRow(order.id)).customerStatus).toBe('NEW');
  });

  it('refuses another amount or currency than the order owes, naming both, and changes nothing', async () => {
    const order = await paying.productOrder();
    const less = await callback(report(order, '1.00'));
    expect(less.code).toBe(7201);
    expect(less.message).toBe(
      `A payment of 1.00 ${order.currency} is not what order ${order.orderNo} owes (${order.outstandingBalance} ${order.currency})`,
    );
    const more = await callback(report(order, `${order.outstandingBalance.split('.')[0]}.01`));
    expect(more.code).toBe(7201);
    const currency = await callback(report(order, order.outstandingBalance, { currency: order.currency === 'THB' ? 'IDR' : 'THB' }));
    expect(currency.code).toBe(7201);
    expect(await recorded(order.orderNo)).toHaveLength(0);
    expect(await productRow(order.id)).toMatchObject({ customerStatus: 'NEW', currentCycle: 0, transactionId: null });
  });

  it('refuses an unknown order, another kind’s number, a reused transaction and an order that owes nothing', async () => {
    const order = await paying.productOrder();
    expect((await callback(report({ orderNo: 'PO20991231999999', currency: order.currency }, '1.00'))).code).toBe(7202);
    expect((await callback(report({ orderNo: 'ZZ20991231999999', currency: order.currency }, '1.00'))).code).toBe(7202);
    // The product order's number under the vehicle and battery prefixes names no order of theirs.
    for (const prefix of ['VO', 'BO']) {
      const other = await callback(
        report({ orderNo: order.orderNo.replace(/^PO/, prefix), currency: order.currency }, order.outstandingBalance),
      );
      expect(other.code).toBe(7202);
      expect(other.message).toContain(order.orderNo.replace(/^PO/, prefix));
    }
    // A transaction recorded for one order cannot pay another.
    const battery = await paying.batteryOrder();
    const paid = report(battery, battery.totalAmount);
    expect((await callback(paid)).code).toBe(1);
    const reused = await callback(report(order, order.outstandingBalance, { transactionId: paid.transactionId }));
    expect(reused.code).toBe(7203);
    // Nor can it change what was recorded.
    expect((await callback({ ...paid, status: 'FAILED' })).code).toBe(7203);
    // A paid battery order owes nothing more.
    const second = await callback(report(battery, battery.totalAmount));
    expect(second.code).toBe(7204);
    expect(second.message).toContain('(Paid)');
    expect(await recorded(order.orderNo)).toHaveLength(0);
    expect((await productRow(order.id)).customerStatus).toBe('NEW');
    expect(await recorded(battery.orderNo)).toHaveLength(1);
  });

  it('records a failed payment once and leaves the order owing', async () => {
    const order = await paying.batteryOrder();
    const failed = await callback(report(order, order.totalAmount, { status: 'FAILED' }));
    expect(failed.code).toBe(1);
    expect(failed.data).toMatchObject({ status: 'FAILED' });
    expect((await deviceRow(order.id)).status).toBe('REGISTERED');
    expect((await callback(report(order, order.totalAmount))).code).toBe(1);
    expect((await deviceRow(order.id)).status).toBe('PAID');
  });

  it('answers a body that is not a payment result with "Payment result could not be parsed", and a huge one with 413', async () => {
    const order = await paying.productOrder();
    const good = report(order, order.outstandingBalance);
    const bodies: unknown[] = [
      { ...good, amount: '-5' },
      { ...good, amount: '1e5' },
      { ...good, amount: '12.345' },
      { ...good, amount: '123456789012.00' },
      { ...good, orderNo: `PO\u0000${order.orderNo}` },
      { ...good, transactionId: 'x'.repeat(65) },
      { ...good, transactionId: '<script>alert(1)</script>' },
      { ...good, currency: 'EUR' },
      { ...good, status: 'MAYBE' },
      { ...good, extra: 1 },
      { orderNo: order.orderNo },
      [good],
      'PAID',
    ];
    for (const body of bodies) {
      const answer = await callback(body);
      expect([answer.code, answer.http], JSON.stringify(body).slice(0, 80)).toEqual([1010, 502]);
    }
    const missing = await callback({ ...good, amount: undefined });
    expect(missing.data).toMatchObject({ fields: [expect.objectContaining({ field: 'amount' })] });
    for (const raw of ['{"orderNo":', '', 'not json']) expect((await callback(null, { raw })).code).toBe(1010);
    const huge = await callback(null, { raw: JSON.stringify({ ...good, transactionId: 'x'.repeat(20_000) }) });
    expect([huge.code, huge.http]).toEqual([1015, 413]);
    expect(await recorded(order.orderNo)).toHaveLength(0);
    expect((await productRow(order.id)).customerStatus).toBe('NEW');
  });

  it('staff ask the stand-in gateway to take a product order’s payment; it reports back signed and the order is paid', async () => {
    const order = await paying.productOrder();
    const asked = await server.request(paymentApi.start, { orderNo: order.orderNo }, { token: paying.merchant.admin.token });
    expect(asked.code).toBe(1);
    expect(asked.data).toMatchObject({
      orderNo: order.orderNo,
      orderKind: 'product',
      paymentGateway: 'STANDIN',
      amount: order.outstandingBalance,
    });
    await standIn.settle();
    expect(await productRow(order.id)).toMatchObject({
      customerStatus: 'REGISTERED',
      currentCycle: 1,
      paymentGateway: 'STANDIN',
      transactionId: asked.data.transactionId,
    });
    expect(standIn.reports.find((r) => r.transactionId === asked.data.transactionId)?.httpStatus).toBe(200);
  });

  it('a battery order is in progress once the gateway took the request, and paid when it reports', async () => {
    const order = await paying.batteryOrder();
    const asked = await server.request(paymentApi.start, { orderNo: order.orderNo }, { token: paying.merchant.admin.token });
    expect(asked.code).toBe(1);
    expect(asked.data.amount).toBe(order.totalAmount);
    expect((await deviceRow(order.id)).status).toBe('IN_PROGRESS');
    await standIn.settle();
    expect(await deviceRow(order.id)).toMatchObject({ status: 'PAID', paymentGateway: 'STANDIN', transactionId: asked.data.transactionId });
    // Paid: nothing more to ask for.
    const again = await server.request(paymentApi.start, { orderNo: order.orderNo }, { token: paying.merchant.admin.token, lang: 'zh' });
    expect([again.code, again.message]).toEqual([7204, `订单 ${order.orderNo} 当前无需支付（已支付）`]);
  });

  it('asking for a payment needs the kind’s action code and the order’s merchant; another merchant’s order reads as unknown', async () => {
    const order = await paying.productOrder();
    const rival = await createMerchant(server, paying.admin, { menuCodes: ['order.product'] });
    const theirs = await server.request(paymentApi.start, { orderNo: order.orderNo }, { token: rival.admin.token });
    expect(theirs.code).toBe(1017);
    const unknown = await server.request(paymentApi.start, { orderNo: 'PO20991231999999' }, { token: paying.merchant.admin.token });
    expect(unknown.code).toBe(1017);
    const viewer = await createRole(server, paying.admin, {
      menuCodes: ['order.product'],
      menusOnly: true,
      merchantId: paying.merchant.id,
    });
    const reader = await createAccount(server, paying.admin, { merchantId: paying.merchant.id, roleIds: [viewer.id] });
    const refused = await server.request(paymentApi.start, { orderNo: order.orderNo }, { token: reader.token });
    expect([2003, 2004, 2005, 2006]).toContain(refused.code);
    const bad = await server.request(paymentApi.start, { orderNo: 'po-1' }, { token: paying.merchant.admin.token });
    expect(bad.code).toBe(1002);
    expect((await productRow(order.id)).customerStatus).toBe('NEW');
    expect(standIn.reports.some((r) => r.orderNo === order.orderNo)).toBe(false);
  });

  it('an order’s page lists its payment requests and the gateway’s reports, each in the audit log; another merchant’s order is unknown', async () => {
    const order = await paying.batteryOrder();
    const asked = await server.request(paymentApi.start, { orderNo: order.orderNo }, { token: paying.merchant.admin.token });
    expect(asked.code).toBe(1);
    await standIn.settle();
    const history = await server.request(paymentApi.history, { orderNo: order.orderNo }, { token: paying.merchant.admin.token });
    expect(history.code).toBe(1);
    expect(history.data).toEqual([
      expect.objectContaining({
        event: 'REPORT',
        status: 'PAID',
        transactionId: asked.data.transactionId,
        amount: order.totalAmount,
        operatorName: null,
      }),
      expect.objectContaining({ event: 'REQUEST', status: null, transactionId: asked.data.transactionId, amount: order.totalAmount }),
    ]);
    expect(history.data[1]!.operatorName).toBeTruthy();
    const audited = await server.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.objectType, 'payment'), eq(auditLogs.objectId, order.orderNo)));
    expect(audited.map((row) => row.action).sort()).toEqual(['payment.report', 'payment.request']);
    expect(audited.every((row) => row.merchantId === paying.merchant.id)).toBe(true);
    expect(audited.find((row) => row.action === 'payment.report')?.username).toBe('STANDIN');
    // The same report again is answered from its record: no second audit row.
    const again = await callback(report(order, order.totalAmount, { transactionId: asked.data.transactionId }));
    expect(again.code).toBe(1);
    expect(
      await server.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.objectType, 'payment'), eq(auditLogs.objectId, order.orderNo))),
    ).toHaveLength(2);

    const rival = await createMerchant(server, paying.admin, { menuCodes: ['order.battery'] });
    expect((await server.request(paymentApi.history, { orderNo: order.orderNo }, { token: rival.admin.token })).code).toBe(1017);
    expect((await server.request(paymentApi.history, { orderNo: 'BO20991231999999' }, { token: paying.merchant.admin.token })).code).toBe(
      1017,
    );
    expect((await server.request(paymentApi.history, { orderNo: 'bo-1\u0000' }, { token: paying.merchant.admin.token })).code).toBe(1002);
    // Seeing the order is enough to see its payments; another kind's menu code is not.
    const viewer = await createRole(server, paying.admin, {
      menuCodes: ['order.battery'],
      menusOnly: true,
      merchantId: paying.merchant.id,
    });
    const reader = await createAccount(server, paying.admin, { merchantId: paying.merchant.id, roleIds: [viewer.id] });
    expect((await server.request(paymentApi.history, { orderNo: order.orderNo }, { token: reader.token })).data).toHaveLength(2);
    const other = await createRole(server, paying.admin, { menuCodes: ['order.product'], menusOnly: true, merchantId: paying.merchant.id });
    const outsider = await createAccount(server, paying.admin, { merchantId: paying.merchant.id, roleIds: [other.id] });
    expect([2003, 2004, 2005, 2006]).toContain(
      (await server.request(paymentApi.history, { orderNo: order.orderNo }, { token: outsider.token })).code,
    );
  });

  it('an unreachable gateway is 1009 and an answer that is not a payment request 1010; the order is not started', async () => {
    const order = await paying.batteryOrder();
    const url = server.config.payments.gatewayUrl;
    const junk = http.createServer((_req, res) => res.end('<html>not json</html>'));
    await new Promise<void>((resolve) => junk.listen(0, '127.0.0.1', () => resolve()));
    try {
      server.config.payments.gatewayUrl = `http://127.0.0.1:${await freePort()}`;
      expect((await server.request(paymentApi.start, { orderNo: order.orderNo }, { token: paying.merchant.admin.token })).code).toBe(1009);
      server.config.payments.gatewayUrl = `http://127.0.0.1:${(junk.address() as AddressInfo).port}`;
      expect((await server.request(paymentApi.start, { orderNo: order.orderNo }, { token: paying.merchant.admin.token })).code).toBe(1010);
    } finally {
      server.config.payments.gatewayUrl = url;
      await new Promise<void>((resolve) => junk.close(() => resolve()));
    }
    expect((await deviceRow(order.id)).status).toBe('REGISTERED');
  });

  it('an answer to a payment request not signed with the gateway’s secret is 1010 and changes nothing', async () => {
    const order = await paying.batteryOrder();
    standIn.setPaymentAnswer('FORGED');
    try {
      const forged = await server.request(paymentApi.start, { orderNo: order.orderNo }, { token: paying.merchant.admin.token });
      expect(forged.code).toBe(1010);
    } finally {
      standIn.setPaymentAnswer('SIGNED');
    }
    expect((await deviceRow(order.id)).status).toBe('REGISTERED');
    const history = await server.request(paymentApi.history, { orderNo: order.orderNo }, { token: paying.merchant.admin.token });
    expect(history.data).toEqual([]);
    const audited = await server.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.objectType, 'payment'), eq(auditLogs.objectId, order.orderNo)));
    expect(audited).toHaveLength(0);
    // The gateway's own signed answer is taken afterwards.
    const asked = await server.request(paymentApi.start, { orderNo: order.orderNo }, { token: paying.merchant.admin.token });
    expect(asked.code).toBe(1);
    expect((await deviceRow(order.id)).status).toBe('IN_PROGRESS');
    await standIn.settle();
  });
});
