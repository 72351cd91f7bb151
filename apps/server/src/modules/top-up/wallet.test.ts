import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { addMoney, topUpApi, walletApi } from '@swap/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createCustomer, createMerchant, platformAdmin } from '../../test/factories.js';
import { walletMovements, wallets } from './top-up.table.js';
import { payFromWallet, refundToWallet } from './wallet.js';
import { WALLET_CONSISTENCY_QUERY } from './wallet.consistency.js';

describe('wallet bill: every movement with the balance it left, adding up to the balance', () => {
  let server: TestServer;
  let admin: string;
  let agent: string;
  let agentId = 0;
  let rival: string;

  const topUp = (customerId: string, paidAmount: string, giftAmount = '0') =>
    server.request(topUpApi.add, { customerId, paidAmount, giftAmount, marketingType: 'NONE' }, { token: agent });
  const movements = (customerId: string) =>
    server.db
      .select()
      .from(walletMovements)
      .where(and(eq(walletMovements.merchantId, agentId), eq(walletMovements.customerId, customerId)))
      .orderBy(asc(walletMovements.id));
  const balance = async (customerId: string) =>
    (
      await server.db
        .select()
        .from(wallets)
        .where(and(eq(wallets.merchantId, agentId), eq(wallets.customerId, customerId)))
    )[0]?.balance;
  const pay = (customerId: string, amount: string, reference: string) =>
    server.db.transaction((tx) => payFromWallet(tx, { merchantId: agentId, customerId, amount, currency: 'IDR', reference }));

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    admin = (await platformAdmin(server)).token;
    const menuCodes = ['price.rechargeRecord', 'customer.list', 'order.wallet.bill'];
    const merchant = await createMerchant(server, admin, { menuCodes });
    agent = merchant.admin.token;
    agentId = merchant.id;
    rival = (await createMerchant(server, admin, { menuCodes })).admin.token;
    for (const customerNumber of ['C60001', 'C60002', 'C60003']) await createCustomer(server, agent, { customerNumber });
  });
  afterAll(() => server.close());

  it('writes a top-up as its paid and gifted movements, each with the balance it left', async () => {
    expect((await topUp('C60001', '100.00', '10.50')).data.balanceAfter).toBe('110.50');
    expect((await topUp('C60001', '0', '5')).data.balanceAfter).toBe('115.50');
    const rows = await movements('C60001');
    expect(rows.map((m) => [m.kind, m.amount, m.balanceAfter])).toEqual([
      ['TOP_UP', '100.00', '100.00'],
      ['GIFT', '10.50', '110.50'],
      ['GIFT', '5.00', '115.50'],
    ]);
    expect(rows[0]!.reference).toMatch(/^top-up:\d+$/);
    const bill = await server.request(walletApi.bill, { customerId: 'C60001' }, { token: agent });
    expect(bill.data.records.map((m) => m.movementKind)).toEqual(['GIFT', 'GIFT', 'TOP_UP']);
  });

  it('keeps the sum of movements equal to the balance under parallel top-ups, payments, refunds and adjustments', async () => {
    await topUp('C60002', '50.00');
    const work = Array.from({ length: 12 }, (_, i) => {
      if (i % 4 === 0) return topUp('C60002', '7.25', '0.75');
      if (i % 4 === 1) return pay('C60002', '9.10', `PO-${i}`).catch((error: unknown) => error);
      if (i % 4 === 2)
        return server.db.transaction((tx) =>
          refundToWallet(tx, { merchantId: agentId, customerId: 'C60002', amount: '1.05', currency: 'IDR' }),
        );
      return server.request(walletApi.adjust, { customerId: 'C60002', amount: '-2.50', remark: 'Correction' }, { token: agent });
    });
    await Promise.all(work);
    const rows = await movements('C60002');
    const sum = rows.reduce((total, m) => addMoney(total, m.amount), '0');
    expect(sum).toBe(await balance('C60002'));
    // Each movement's balance is the one before plus its amount: none lost, none counted twice.
    let running = '0';
    for (const m of rows) {
      running = addMoney(running, m.amount);
      expect(m.balanceAfter).toBe(running);
    }
    // 50 + 3 × (7.25 + 0.75) - 3 × 9.10 + 3 × 1.05 - 3 × 2.50
    expect(await balance('C60002')).toBe('42.35');
    // The consistency query of docs/wallet.md finds no wallet out of step.
    const outOfStep = await server.db.execute(sql.raw(WALLET_CONSISTENCY_QUERY));
    expect((outOfStep as { rows: unknown[] }).rows).toEqual([]);
  });

  it('never takes a wallet below 0: a payment or correction it does not cover is refused and writes nothing', async () => {
    await topUp('C60003', '10.00');
    const before = (await movements('C60003')).length;
    const answers = await Promise.allSettled([pay('C60003', '6.00', 'PO-A'), pay('C60003', '6.00', 'PO-B')]);
    expect(answers.map((a) => a.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = await server.request(
      walletApi.adjust,
      { customerId: 'C60003', amount: '-4.01', remark: 'Too much' },
      { token: agent, lang: 'th' },
    );
    expect([refused.code, refused.message]).toEqual([7100, 'กระเป๋าเงินของ C60003 มี 4.00 IDR ไม่พอสำหรับ 4.01 IDR']);
    expect((await movements('C60003')).length).toBe(before + 1);
    expect(await balance('C60003')).toBe('4.00');
  });

  it('refuses bad adjustments by name and keeps each merchant to its own wallets', async () => {
    expect((await server.request(walletApi.adjust, { customerId: 'C60003', amount: '0', remark: 'x' }, { token: agent })).code).toBe(7101);
    for (const amount of ['1.001', 'abc', '-', '123456789012', '1\u0000'])
      expect((await server.request(walletApi.adjust, { customerId: 'C60003', amount, remark: 'x' }, { token: agent })).status, amount).toBe(
        400,
      );
    expect((await server.request(walletApi.adjust, { customerId: 'C60003', amount: '1', remark: '' }, { token: agent })).status).toBe(400);
    // Another merchant has no such customer: refused naming it, nothing written.
    const before = await balance('C60003');
    const theirs = await server.request(walletApi.adjust, { customerId: 'C60003', amount: '5', remark: 'x' }, { token: rival });
    expect([theirs.code, theirs.message]).toEqual([7000, 'Customer C60003 does not exist']);
    expect(await balance('C60003')).toBe(before);
    expect((await server.request(walletApi.bill, {}, { token: rival })).data.total).toBe(0);
    // Platform staff must name the merchant, and see every merchant's movements.
    expect((await server.request(walletApi.adjust, { customerId: 'C60003', amount: '1', remark: 'x' }, { token: admin })).code).toBe(2007);
    const byPlatform = await server.request(
      walletApi.adjust,
      { merchantId: agentId, customerId: 'C60003', amount: '1', remark: 'Goodwill' },
      { token: admin },
    );
    expect(byPlatform.data).toMatchObject({ movementKind: 'ADJUSTMENT', amount: '1.00', balanceAfter: '5.00', remark: 'Goodwill' });
    expect(
      (await server.request(walletApi.bill, { merchantId: agentId, movementKind: 'ADJUSTMENT' }, { token: admin })).data.total,
    ).toBeGreaterThanOrEqual(2);
    const csv = await server.request(walletApi.export, { customerId: 'C60003' }, { token: agent, lang: 'en' });
    expect(csv.raw.body).toContain('Movement');
    expect(csv.raw.body).toContain('Adjustment');
    expect(csv.raw.body).toContain('Goodwill');
  });
});
