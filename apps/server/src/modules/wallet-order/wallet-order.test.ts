import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  MESSAGES,
  priceSettingApi,
  topUpApi,
  walletOrderApi,
  walletSettingApi,
  WALLET_ORDER_STATUSES,
  WALLET_ORDER_STEPS,
  type WalletOrderKind,
  type WalletOrderRecord,
  type WalletOrderStatus,
} from '@swap/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { startStandInGateway, type StandInGateway } from '../../stand-in-gateway/index.js';
import { createCustomer, orderTenants, succeed, type MerchantFixture } from '../../test/factories.js';
import { exportRows } from '../../test/csv.js';
import { auditLogs } from '../audit-log/audit-log.table.js';
import { walletMovements } from '../top-up/top-up.table.js';
import { WALLET_CONSISTENCY_QUERY } from '../top-up/wallet.consistency.js';
import { runOverdueJob } from '../product-order/index.js';
import { payableKindOf } from '../payment/index.js';
import { markWalletOrderPaid, startWalletOrderPayment } from './index.js';
import { walletOrders } from './wallet-order.table.js';

const MENUS = ['order.wallet', 'order.wallet.set', 'order.combo', 'order.wallet.bill', 'price.rechargeRecord', 'customer.list'];
const DAY = 24 * 3600_000;
const GATEWAY_SECRET = 'wallet-order-test-gateway-secret';

describe('wallet set, recharge and package orders: rules, states, the wallet credited once', () => {
  let standIn: StandInGateway;
  let server: TestServer;
  let admin: string;
  let agent: MerchantFixture;
  let rival: MerchantFixture;
  let cityId = 0;
  let customerNo = 0;
  const offers: Record<'plain' | 'bonus' | 'first' | 'campaign', number> = { plain: 0, bonus: 0, first: 0, campaign: 0 };
  let packageId = 0;
  let disabledPackageId = 0;
  let rivalPackageId = 0;
  let settingId = 0;

  const row = async (id: number) => (await server.db.select().from(walletOrders).where(eq(walletOrders.id, id)))[0]!;
  const count = async () => (await server.db.select({ n: sql<number>`count(*)::int` }).from(walletOrders))[0]!.n;
  const customer = async (owner = agent) =>
    (await createCustomer(server, owner.admin.token, { customerNumber: `C7${String(++customerNo).padStart(4, '0')}` })).customerNumber;
  const movements = (customerNumber: string, merchantId = agent.id) =>
    server.db
      .select()
      .from(walletMovements)
      .where(and(eq(walletMovements.merchantId, merchantId), eq(walletMovements.customerId, customerNumber)))
      .orderBy(asc(walletMovements.id));
  const inconsistent = async () => ((await server.db.execute(sql.raw(WALLET_CONSISTENCY_QUERY))) as { rows: unknown[] }).rows;
  const recharge = (body: Record<string, unknown>, token = agent.admin.token, lang?: 'en' | 'in' | 'th' | 'zh') =>
    server.request(walletOrderApi.recharge.add, { source: 'IOS', ...body } as never, { token, ...(lang ? { lang } : {}) });
  const placed = async (kind: WalletOrderKind, customerNumber?: string): Promise<WalletOrderRecord> => {
    const number = customerNumber ?? (await customer());
    const answer =
      kind === 'recharge'
        ? await recharge({ customerNumber: number, offerId: offers.bonus })
        : await server.request(
            walletOrderApi.package.add,
            { customerNumber: number, packagePriceId: packageId, source: 'ANDROID' },
            { token: agent.admin.token },
          );
    if (answer.code !== 1) throw new Error(`${answer.code} ${answer.message}`);
    return answer.data;
  };
  const markPaid = (o: WalletOrderRecord, transactionId = `T${o.id}`, token = agent.admin.token) =>
    server.request(walletOrderApi[o.kind].markPaid, { id: o.id, paymentGateway: 'XENDIT', transactionId, amount: o.paidAmount }, { token });

  beforeAll(async () => {
    // The gateway a refunded order was paid through and is refunded through (docs/orders.md, "Refunds").
    standIn = await startStandInGateway({ port: 0, secret: GATEWAY_SECRET, delayMs: 0 });
    server = await startTestServer({
      DEMO: '0',
      PAYMENT_GATEWAY_SECRETS: `STANDIN:${GATEWAY_SECRET}`,
      PAYMENT_GATEWAY: 'STANDIN',
      PAYMENT_GATEWAY_URL: standIn.url,
    });
    ({ admin, agent, rival, cityId } = await orderTenants(server, MENUS));
    const offer = async (paidAmount: string, giftAmount: string, marketingType: 'NONE' | 'BONUS' | 'FIRST_TOP_UP' | 'CAMPAIGN') =>
      (
        await succeed(
          server,
          priceSettingApi.rechargeSetting.add,
          { merchantId: agent.id, cityId, enabled: true, paidAmount, giftAmount, marketingType },
          admin,
        )
      ).id;
    offers.plain = await offer('50000', '0', 'NONE');
    offers.bonus = await offer('200000', '20000', 'BONUS');
    offers.first = await offer('100000', '15000', 'FIRST_TOP_UP');
    offers.campaign = await offer('300000', '45000', 'CAMPAIGN');
    const pack = async (merchantId: number, name: string, enabled: boolean) =>
      (
        await succeed(
          server,
          priceSettingApi.package.add,
          { merchantId, cityId, enabled, name, swaps: 30, price: '150000', validityDays: 30 },
          admin,
        )
      ).id;
    packageId = await pack(agent.id, 'Commuter 30', true);
    disabledPackageId = await pack(agent.id, 'Old 30', false);
    rivalPackageId = await pack(rival.id, 'Theirs 30', true);
  });
  afterAll(async () => {
    await server?.close();
    await standIn?.close();
  });

  it('keeps one wallet set per merchant, its own only, and refuses bad rules by name', async () => {
    const raced = await Promise.all(
      [1, 2].map(() =>
        server.request(
          walletSettingApi.add,
          { minTopUp: '20000', marketingTypes: ['NONE', 'BONUS', 'FIRST_TOP_UP'] },
          { token: agent.admin.token },
        ),
      ),
    );
    expect(raced.map((a) => a.code).sort()).toEqual([1, 7106]);
    const setting = raced.find((a) => a.code === 1)!.data;
    settingId = setting.id;
    expect(setting).toMatchObject({ merchantId: agent.id, minTopUp: '20000.00', marketingTypes: ['NONE', 'BONUS', 'FIRST_TOP_UP'] });
    // Another merchant reads, edits and removes none of it.
    expect((await server.request(walletSettingApi.search, {}, { token: rival.admin.token })).data.records).toEqual([]);
    for (const answer of [
      await server.request(walletSettingApi.edit, { id: settingId, minTopUp: '0', marketingTypes: ['NONE'] }, { token: rival.admin.token }),
      await server.request(walletSettingApi.remove, { id: settingId }, { token: rival.admin.token }),
    ])
      expect(answer.code).toBe(1017);
    // Platform staff choose the merchant.
    expect((await server.request(walletSettingApi.add, { minTopUp: '1', marketingTypes: ['NONE'] }, { token: admin })).code).toBe(2007);
    // Negative, three decimals, huge, no type, a type twice, an unknown one, a NUL byte: refused, nothing written.
    for (const body of [
      { minTopUp: '-1', marketingTypes: ['NONE'] },
      { minTopUp: '1.005', marketingTypes: ['NONE'] },
      { minTopUp: '9'.repeat(40), marketingTypes: ['NONE'] },
      { minTopUp: '1', marketingTypes: [] },
      { minTopUp: '1', marketingTypes: ['NONE', 'NONE'] },
      { minTopUp: '1', marketingTypes: ['FREE'] },
      { minTopUp: '1\u0000', marketingTypes: ['NONE'] },
    ]) {
      const answer = await server.call('POST', '/api/oms/order/wallet/set/edit', {
        token: agent.admin.token,
        body: { id: settingId, ...body },
      });
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    const zh = await server.request(walletSettingApi.edit, { id: settingId, minTopUp: '-5', marketingTypes: ['NONE'] } as never, {
      token: agent.admin.token,
      lang: 'zh',
    });
    expect(zh.message).toContain('最低充值金额');
    expect((await succeed(server, walletSettingApi.search, {}, agent.admin.token)).records[0]).toMatchObject({ minTopUp: '20000.00' });
  });

  it('applies the wallet set to staff top-ups and recharge orders: the minimum, the types in use, the first top-up once', async () => {
    const number = await customer();
    const topUp = (paidAmount: string, marketingType: 'NONE' | 'BONUS' | 'FIRST_TOP_UP' | 'CAMPAIGN', giftAmount = '0') =>
      server.request(topUpApi.add, { customerId: number, paidAmount, giftAmount, marketingType }, { token: agent.admin.token, lang: 'th' });
    const low = await topUp('10000', 'NONE');
    expect(low.code).toBe(7103);
    expect(low.message).toMatch(/^การเติมเงินที่ผู้ค้านี้ต้องชำระอย่างน้อย 20000\.00 [A-Z]{3}$/);
    expect((await topUp('30000', 'CAMPAIGN', '100')).code).toBe(7104);
    // The campaign offer is neither offered nor accepted.
    const offered = (await succeed(server, topUpApi.offers, {}, agent.admin.token)).map((o) => o.marketingType);
    expect(offered).not.toContain('CAMPAIGN');
    expect((await succeed(server, walletOrderApi.recharge.offers, {}, agent.admin.token)).map((o) => o.marketingType)).toEqual(offered);
    expect((await succeed(server, walletOrderApi.package.offers, {}, agent.admin.token)).map((o) => o.id)).toEqual([packageId]);
    expect((await recharge({ customerNumber: number, offerId: offers.campaign })).code).toBe(7104);
    expect((await recharge({ customerNumber: number, paidAmount: '19999.99' })).code).toBe(7103);
    // A first top-up while the wallet has had none; then never again.
    expect((await topUp('100000', 'FIRST_TOP_UP', '15000')).code).toBe(1);
    expect((await topUp('100000', 'FIRST_TOP_UP', '15000')).code).toBe(7105);
    const again = await recharge({ customerNumber: number, offerId: offers.first }, agent.admin.token, 'in');
    expect([again.code, again.message]).toEqual([7105, MESSAGES.walletFirstTopUpTaken.text.in.replace('{customer}', number)]);
    // Two first-top-up orders of a newcomer placed at once: one is placed.
    const newcomer = await customer();
    const raced = await Promise.all([1, 2, 3].map(() => recharge({ customerNumber: newcomer, offerId: offers.first })));
    expect(raced.map((a) => a.code).sort()).toEqual([1, 7105, 7105]);
  });

  it('refuses bad recharge and package orders in the caller’s language, writing nothing', async () => {
    const before = await count();
    const number = await customer();
    const theirs = await customer(rival);
    expect((await recharge({ customerNumber: number })).code).toBe(7108);
    expect((await recharge({ customerNumber: number, offerId: offers.plain, paidAmount: '50000' })).code).toBe(7108);
    // Another merchant's customer is unknown here, by number.
    const other = await recharge({ customerNumber: theirs, paidAmount: '50000' }, agent.admin.token, 'zh');
    expect([other.code, other.message]).toEqual([7000, MESSAGES.customerMissing.text.zh.replace('{customer}', theirs)]);
    // Another merchant's offer or package, a disabled package.
    const rivalOffer = await succeed(
      server,
      priceSettingApi.rechargeSetting.add,
      { merchantId: rival.id, cityId, enabled: true, paidAmount: '70000', giftAmount: '0', marketingType: 'NONE' },
      admin,
    );
    expect((await recharge({ customerNumber: number, offerId: rivalOffer.id })).code).toBe(4350);
    for (const packagePriceId of [rivalPackageId, disabledPackageId]) {
      const answer = await server.request(
        walletOrderApi.package.add,
        { customerNumber: number, packagePriceId, source: 'IOS' },
        { token: agent.admin.token },
      );
      expect(answer.code).toBe(7107);
    }
    // Huge, negative, zero, NUL bytes, a wrong type: refused by the schema.
    for (const body of [
      { customerNumber: number, paidAmount: '1'.repeat(14), source: 'IOS' },
      { customerNumber: number, paidAmount: '-50000', source: 'IOS' },
      { customerNumber: `C\u0000${number}`, paidAmount: '50000', source: 'IOS' },
      { customerNumber: number, paidAmount: 50000, source: 'IOS' },
      { customerNumber: number, paidAmount: '50000', source: 'FAX' },
    ]) {
      const answer = await server.call('POST', '/api/oms/order/recharge/add', { token: agent.admin.token, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect((await recharge({ customerNumber: number, paidAmount: '0' })).code).not.toBe(1);
    expect(await count()).toBe(before);
  });

  /** An order in each status, reached through the real steps. */
  async function orderIn(kind: WalletOrderKind, status: WalletOrderStatus): Promise<WalletOrderRecord> {
    const o = await placed(kind);
    if (status === 'IN_PROGRESS') await startWalletOrderPayment(server.db, o.id);
    if (status === 'PAID' || status === 'COMPLETED') expect((await markPaid(o)).code).toBe(1);
    if (status === 'REFUNDED') {
      // Paid through the stand-in gateway and refunded through it.
      await succeed(
        server,
        walletOrderApi[kind].markPaid,
        { id: o.id, paymentGateway: 'STANDIN', transactionId: `G${o.id}`, amount: o.paidAmount },
        agent.admin.token,
      );
      await succeed(server, walletOrderApi[kind].refund, { id: o.id }, agent.admin.token);
    }
    if (status === 'COMPLETED' && kind === 'recharge')
      await succeed(server, walletOrderApi.recharge.complete, { id: o.id }, agent.admin.token);
    if (status === 'COMPLETED' && kind === 'package') await runOverdueJob(server.db, new Date(Date.now() + 31 * DAY));
    if (status === 'CANCELLED') await succeed(server, walletOrderApi[kind].cancel, { id: o.id }, agent.admin.token);
    if (status === 'TIMEOUT_CANCELLED') await runOverdueJob(server.db, new Date(Date.now() + 2 * DAY));
    return o;
  }

  // Walks 56 orders through the real steps, the refunded ones through the gateway: more time than one step takes.
  it('holds the state machine: every staff step from every status of both kinds', async () => {
    // The steps below need offers without the wallet set's minimum in the way.
    await succeed(
      server,
      walletSettingApi.edit,
      { id: settingId, minTopUp: '0', marketingTypes: ['NONE', 'BONUS', 'FIRST_TOP_UP'] },
      agent.admin.token,
    );
    const stepsOf = {
      recharge: ['markPaid', 'complete', 'cancel', 'refund'],
      package: ['markPaid', 'payFromWallet', 'cancel', 'refund'],
    } as const;
    const stepName = { markPaid: 'pay', payFromWallet: 'pay', complete: 'complete', cancel: 'cancel', refund: 'refund' } as const;
    for (const kind of ['recharge', 'package'] as const) {
      for (const status of WALLET_ORDER_STATUSES) {
        for (const step of stepsOf[kind]) {
          const o = await orderIn(kind, status);
          const before = await row(o.id);
          expect(before.status, `${kind} ${status} reached`).toBe(status);
          if (step === 'payFromWallet') {
            // The wallet holds the price, so only the state decides.
            await succeed(
              server,
              topUpApi.add,
              { customerId: o.customerNumber, paidAmount: '150000', giftAmount: '0', marketingType: 'NONE' },
              agent.admin.token,
            );
          }
          const api = walletOrderApi[kind] as unknown as Record<string, (typeof walletOrderApi.recharge)['cancel']>;
          const body =
            step === 'markPaid' ? { id: o.id, paymentGateway: 'XENDIT', transactionId: `S${o.id}`, amount: o.paidAmount } : { id: o.id };
          const answer = await server.request(api[step]!, body, { token: agent.admin.token });
          const rule = WALLET_ORDER_STEPS[stepName[step]];
          if (step === 'refund' && (rule.from as readonly string[]).includes(status)) {
            // Paid through a gateway this server is not set up to ask: refused, nothing taken back.
            expect(answer.code, `${kind} ${step} from ${status}`).toBe(7230);
            expect(await row(o.id)).toEqual(before);
          } else if ((rule.from as readonly string[]).includes(status)) {
            expect(answer.code, `${kind} ${step} from ${status}`).toBe(1);
            expect((await row(o.id)).status).toBe(rule.to);
          } else {
            expect(answer.code, `${kind} ${step} from ${status}`).toBe(7050);
            expect(await row(o.id)).toEqual(before);
          }
        }
      }
    }
    expect(await inconsistent()).toEqual([]);
  }, 90_000);

  it('refuses the wallet as the gateway staff record a payment of, in the caller’s language, changing nothing', async () => {
    for (const kind of ['recharge', 'package'] as const) {
      const o = await placed(kind);
      const before = await row(o.id);
      for (const [paymentGateway, lang] of [
        ['WALLET', 'en'],
        ['wallet', 'in'],
        ['Wallet', 'th'],
        ['WALLET', 'zh'],
      ] as const) {
        const answer = await server.request(
          walletOrderApi[kind].markPaid,
          { id: o.id, paymentGateway, transactionId: `W${o.id}`, amount: o.paidAmount },
          { token: agent.admin.token, lang },
        );
        expect([answer.status, answer.code, answer.message]).toEqual([
          400,
          7237,
          MESSAGES.walletOrderMarkPaidWallet.text[lang].replace('{gateway}', paymentGateway),
        ]);
      }
      expect(await row(o.id)).toEqual(before);
      expect(await movements(o.customerNumber)).toEqual([]);
      const objectType = kind === 'recharge' ? 'rechargeOrder' : 'packageOrder';
      const audited = await server.db
        .select({ action: auditLogs.action })
        .from(auditLogs)
        .where(and(eq(auditLogs.objectType, objectType), eq(auditLogs.objectId, String(o.id))));
      expect(audited, kind).toEqual([{ action: `${objectType}.add` }]);
      // Recorded with the gateway that took it, the same payment is taken.
      expect((await markPaid(o)).code).toBe(1);
    }
  });

  it('reads a gateway typed in another case as the same gateway: one transaction pays one order, the second wallet is not credited', async () => {
    const first = await placed('recharge');
    const second = await placed('recharge');
    expect((await markPaid(first, 'ONE-TX')).code).toBe(1);
    for (const [paymentGateway, lang] of [
      ['xendit', 'th'],
      ['Xendit', 'zh'],
    ] as const) {
      const again = await server.request(
        walletOrderApi.recharge.markPaid,
        { id: second.id, paymentGateway, transactionId: 'ONE-TX', amount: second.paidAmount },
        { token: agent.admin.token, lang },
      );
      expect([again.status, again.code, again.message]).toEqual([
        409,
        7110,
        MESSAGES.walletOrderTransactionUsed.text[lang].replace('{transaction}', 'ONE-TX'),
      ]);
    }
    expect((await row(second.id)).status).toBe('REGISTERED');
    expect(await movements(second.customerNumber)).toEqual([]);
    // Its own transaction pays it, recorded under the gateway's name as configured.
    const paid = await server.request(
      walletOrderApi.recharge.markPaid,
      { id: second.id, paymentGateway: 'xendit', transactionId: 'TWO-TX', amount: second.paidAmount },
      { token: agent.admin.token },
    );
    expect(paid.code).toBe(1);
    expect(await row(second.id)).toMatchObject({ status: 'PAID', paymentGateway: 'XENDIT', transactionId: 'TWO-TX' });
  });

  it('credits the wallet exactly once, whoever reports the payment and however often', async () => {
    const o = await placed('recharge');
    const staff = await Promise.all([1, 2, 3, 4].map((n) => markPaid(o, `P${o.id}-${n}`)));
    expect(staff.map((a) => a.code).sort()).toEqual([1, 7050, 7050, 7050]);
    const paid = staff.find((a) => a.code === 1)!.data;
    // The payment's own call: the same transaction again changes nothing, another is refused.
    const same = { orderId: o.id, paymentGateway: 'XENDIT', transactionId: paid.transactionId!, amount: o.paidAmount };
    expect(await Promise.all([markWalletOrderPaid(server.db, same), markWalletOrderPaid(server.db, same)])).toEqual([
      { applied: false },
      { applied: false },
    ]);
    await expect(markWalletOrderPaid(server.db, { ...same, transactionId: 'OTHER' })).rejects.toThrow();
    const moved = await movements(o.customerNumber);
    expect(moved.map((m) => [m.kind, m.amount, m.balanceAfter, m.reference])).toEqual([
      ['TOP_UP', '200000.00', '200000.00', o.orderNo],
      ['GIFT', '20000.00', '220000.00', o.orderNo],
    ]);
    // Through the payment's call, parallel reports of one new transaction credit once; the amount must be the order's.
    const next = await placed('recharge');
    await expect(
      markWalletOrderPaid(server.db, { orderId: next.id, paymentGateway: 'MIDTRANS', transactionId: 'M1', amount: '1.00' }),
    ).rejects.toThrow();
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        markWalletOrderPaid(server.db, { orderId: next.id, paymentGateway: 'MIDTRANS', transactionId: 'M1', amount: next.paidAmount }),
      ),
    );
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    expect((await movements(next.customerNumber)).map((m) => m.kind)).toEqual(['TOP_UP', 'GIFT']);
    // One gateway transaction pays one order.
    const third = await placed('recharge');
    const reused = await markPaid(third, 'M1');
    expect(reused.code).toBe(1);
    const fourth = await placed('recharge');
    expect(
      (
        await server.request(
          walletOrderApi.recharge.markPaid,
          { id: fourth.id, paymentGateway: 'MIDTRANS', transactionId: 'M1', amount: fourth.paidAmount },
          { token: agent.admin.token },
        )
      ).code,
    ).toBe(7110);
    expect(await movements(fourth.customerNumber)).toEqual([]);
    expect(await inconsistent()).toEqual([]);
  });

  it('is paid through the registry of payable order kinds: found by its number, owing its amount, credited once', async () => {
    const o = await placed('recharge');
    const kind = payableKindOf(o.orderNo)!;
    expect(kind.kind).toBe('recharge');
    expect(payableKindOf(`PK${o.orderNo.slice(2)}`)!.kind).toBe('package');
    const read = () => server.db.transaction((tx) => kind.lockByNo(tx, o.orderNo));
    expect(await read()).toMatchObject({ orderId: o.id, merchantId: agent.id, amountDue: '200000.00', status: 'REGISTERED' });
    // The package kind does not find a recharge order's number.
    expect(await server.db.transaction((tx) => payableKindOf('PK')!.lockByNo(tx, o.orderNo))).toBeNull();
    expect(await server.db.transaction((tx) => kind.start!(tx, o.id))).toEqual({ applied: true });
    const pay = { orderId: o.id, paymentGateway: 'STANDIN', transactionId: `G${o.id}`, amount: o.paidAmount };
    const both = await Promise.all([1, 2].map(() => server.db.transaction((tx) => kind.markPaid(tx, pay))));
    expect(both.map((r) => r.applied).sort()).toEqual([false, true]);
    expect(await read()).toMatchObject({ amountDue: null, status: 'PAID' });
    expect((await movements(o.customerNumber)).map((m) => [m.kind, m.amount])).toEqual([
      ['TOP_UP', '200000.00'],
      ['GIFT', '20000.00'],
    ]);
  });

  it('gives a first top-up gift only while due when paid, and pays a package from the wallet once', async () => {
    const number = await customer();
    const first = await placed('recharge', number);
    // A first-top-up order, then a staff top-up before it is paid: its gift is no longer due.
    const firstOrder = await recharge({ customerNumber: await customer(), offerId: offers.first });
    expect(firstOrder.code).toBe(1);
    const o = firstOrder.data;
    await succeed(
      server,
      topUpApi.add,
      { customerId: o.customerNumber, paidAmount: '50000', giftAmount: '0', marketingType: 'NONE' },
      agent.admin.token,
    );
    await succeed(
      server,
      walletOrderApi.recharge.markPaid,
      { id: o.id, paymentGateway: 'XENDIT', transactionId: `F${o.id}`, amount: o.paidAmount },
      agent.admin.token,
    );
    expect((await row(o.id)).giftAmount).toBe('0.00');
    expect((await movements(o.customerNumber)).map((m) => m.kind)).toEqual(['TOP_UP', 'TOP_UP']);
    // A package: refused while the wallet does not hold it, then paid once of several at once.
    const pack = await placed('package', number);
    const short = await server.request(walletOrderApi.package.payFromWallet, { id: pack.id }, { token: agent.admin.token });
    expect(short.code).toBe(7100);
    expect((await row(pack.id)).status).toBe('REGISTERED');
    await markPaid(first);
    const paying = await Promise.all(
      [1, 2, 3].map(() => server.request(walletOrderApi.package.payFromWallet, { id: pack.id }, { token: agent.admin.token })),
    );
    expect(paying.map((a) => a.code).sort()).toEqual([1, 7050, 7050]);
    const paid = await row(pack.id);
    expect(paid).toMatchObject({ status: 'PAID', paymentGateway: 'WALLET', swapsLeft: 30 });
    expect(paid.validUntil!.getTime() - paid.paidAt!.getTime()).toBe(30 * DAY);
    expect((await movements(number)).map((m) => [m.kind, m.amount])).toEqual([
      ['TOP_UP', '200000.00'],
      ['GIFT', '20000.00'],
      ['PAYMENT', '-150000.00'],
    ]);
    expect(await inconsistent()).toEqual([]);
  });

  it('times unpaid orders out and completes expired packages, the same after a second run', async () => {
    const open = await placed('package');
    const started = await placed('recharge');
    await startWalletOrderPayment(server.db, started.id);
    const running = await placed('package');
    await markPaid(running);
    const at = new Date(Date.now() + 2 * DAY);
    const [one, two] = await Promise.all([runOverdueJob(server.db, at), runOverdueJob(server.db, at)]);
    expect(one.walletOrders.timedOut + two.walletOrders.timedOut).toBeGreaterThanOrEqual(2);
    expect((await runOverdueJob(server.db, at)).walletOrders).toEqual({ timedOut: 0, completed: 0 });
    expect((await row(open.id)).status).toBe('TIMEOUT_CANCELLED');
    expect((await row(started.id)).status).toBe('TIMEOUT_CANCELLED');
    expect((await row(running.id)).status).toBe('PAID');
    await runOverdueJob(server.db, new Date(Date.now() + 31 * DAY));
    expect((await row(running.id)).status).toBe('COMPLETED');
  });

  it('keeps each merchant to its own orders and kind, and exports the filtered list', async () => {
    const mine = await placed('recharge');
    for (const answer of [
      await server.request(walletOrderApi.recharge.detail, { id: mine.id }, { token: rival.admin.token }),
      await server.request(walletOrderApi.recharge.cancel, { id: mine.id }, { token: rival.admin.token }),
      await markPaid(mine, 'R1', rival.admin.token),
      await server.request(walletOrderApi.recharge.complete, { id: mine.id }, { token: rival.admin.token }),
      await server.request(walletOrderApi.package.cancel, { id: mine.id }, { token: agent.admin.token }),
      await server.request(walletOrderApi.package.detail, { id: mine.id }, { token: agent.admin.token }),
    ])
      expect(answer.code).toBe(1017);
    expect((await row(mine.id)).status).toBe('REGISTERED');
    const search = async (token: string, q: Record<string, unknown>) =>
      (await server.request(walletOrderApi.recharge.search, q, { token })).data.records.map((r) => r.id);
    expect(await search(rival.admin.token, {})).toEqual([]);
    expect(await search(agent.admin.token, { orderNo: mine.orderNo, customerNumber: mine.customerNumber, status: 'REGISTERED' })).toEqual([
      mine.id,
    ]);
    expect(mine.orderNo).toMatch(/^RC\d{14}$/);
    const csv = await exportRows(server, walletOrderApi.recharge.export, {}, { token: agent.admin.token, lang: 'th' });
    expect(csv.rows.find((r) => r['เลขที่คำสั่งซื้อ'] === mine.orderNo)).toMatchObject({ สถานะ: 'ลงทะเบียนแล้ว' });
    expect((await exportRows(server, walletOrderApi.package.export, {}, { token: rival.admin.token })).rows).toEqual([]);
  });

  it('puts the gateways of orders paid before it was kept in capitals in capitals, and marks the later order of one payment paid twice (migration 0068)', async () => {
    const migration = readFileSync(new URL('../../../drizzle/0068_wallet_order_gateway_capitals.sql', import.meta.url), 'utf8');
    // As a Mark paid before the gateway was kept in capitals saved it.
    const typed = (o: WalletOrderRecord, paymentGateway: string, transactionId?: string, paidAt?: Date) =>
      server.db
        .update(walletOrders)
        .set({ paymentGateway, ...(transactionId ? { transactionId } : {}), ...(paidAt ? { paidAt } : {}) })
        .where(eq(walletOrders.id, o.id));
    const alone = await placed('recharge');
    expect((await markPaid(alone, 'OLD-ALONE')).code).toBe(1);
    await typed(alone, 'xendit');
    // Paid first under 'xendit', then the same transaction typed in capitals paid a second order.
    const [first, second] = [await placed('recharge'), await placed('recharge')];
    expect((await markPaid(first, 'OLD-TWICE')).code).toBe(1);
    await typed(first, 'xendit');
    expect((await markPaid(second, 'OLD-TWICE')).code).toBe(1);
    // Paid first in capitals; an older-looking row typed 'Xendit' holds the same transaction paid later.
    const [earlier, later] = [await placed('package'), await placed('package')];
    expect((await markPaid(earlier, 'MIXED')).code).toBe(1);
    expect((await markPaid(later, 'MIXED-2')).code).toBe(1);
    await typed(later, 'Xendit', 'MIXED', new Date(Date.now() + 60_000));
    const before = await server.db.select().from(walletOrders).orderBy(asc(walletOrders.id));
    const credits = [await movements(first.customerNumber), await movements(second.customerNumber)];

    for (const statement of migration.split('--> statement-breakpoint')) await server.db.execute(sql.raw(statement));

    const after = await server.db.select().from(walletOrders).orderBy(asc(walletOrders.id));
    expect(after.length).toBe(before.length);
    const gatewayOf = (o: WalletOrderRecord) => after.find((r) => r.id === o.id)!.paymentGateway;
    expect([alone, first, second, earlier, later].map(gatewayOf)).toEqual([
      'XENDIT',
      'XENDIT',
      `XENDIT DUPLICATE OF ${first.orderNo}`,
      'XENDIT',
      `XENDIT DUPLICATE OF ${earlier.orderNo}`,
    ]);
    // Nothing else changes: each order keeps its transaction, status and amounts, each wallet its credits.
    const rest = (rows: typeof before) => rows.map(({ paymentGateway: _, updatedAt: __, ...other }) => other);
    expect(rest(after)).toEqual(rest(before));
    expect([await movements(first.customerNumber), await movements(second.customerNumber)]).toEqual(credits);
    expect(after.filter((r) => r.paymentGateway !== null && r.paymentGateway !== r.paymentGateway.toUpperCase())).toEqual([]);
    // Finance reads the mark where it reads the gateway.
    const detail = await server.request(walletOrderApi.recharge.detail, { id: second.id }, { token: agent.admin.token });
    expect(detail.data.paymentGateway).toBe(`XENDIT DUPLICATE OF ${first.orderNo}`);
    // The old transaction now pays no other order, in any case.
    const another = await placed('recharge');
    const again = await server.request(
      walletOrderApi.recharge.markPaid,
      { id: another.id, paymentGateway: 'xendit', transactionId: 'OLD-ALONE', amount: another.paidAmount },
      { token: agent.admin.token },
    );
    expect([again.status, again.code]).toEqual([409, 7110]);
    // The marked order's refund is never asked of a gateway: the mark names none this server knows.
    const refund = await server.request(walletOrderApi.recharge.refund, { id: second.id }, { token: agent.admin.token });
    expect(refund.code).toBe(7230);
    expect(refund.message).toContain(`XENDIT DUPLICATE OF ${first.orderNo}`);
    // Run again, it changes nothing.
    for (const statement of migration.split('--> statement-breakpoint')) await server.db.execute(sql.raw(statement));
    expect(await server.db.select().from(walletOrders).where(eq(walletOrders.id, second.id))).toEqual(
      after.filter((r) => r.id === second.id),
    );
  });
});
