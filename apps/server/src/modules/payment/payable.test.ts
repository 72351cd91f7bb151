import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { payingMerchant, type PayingMerchant } from './payment.fixtures.js';
import { payableKindOf, payableKinds } from './index.js';

describe('the registry of payable order kinds: each kind found by its number prefix, reading what a payment must bring', () => {
  let server: TestServer;
  let paying: PayingMerchant;

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    paying = await payingMerchant(server);
  });
  afterAll(() => server.close());

  it('has product, vehicle and battery orders, each under its own prefix', () => {
    expect(payableKinds().map((k) => [k.kind, k.prefix])).toEqual(
      expect.arrayContaining([
        ['product', 'PO'],
        ['vehicle', 'VO'],
        ['battery', 'BO'],
      ]),
    );
    expect(payableKindOf('PO20261126000042')?.kind).toBe('product');
    expect(payableKindOf('BO20261126000042')?.kind).toBe('battery');
    expect(payableKindOf('XX20261126000042')).toBeUndefined();
  });

  it('a product order owes its first payment, then the renewal price; marked paid once per gateway transaction', async () => {
    const order = await paying.productOrder();
    const kind = payableKindOf(order.orderNo)!;
    const read = () => server.db.transaction((tx) => kind.lockByNo(tx, order.orderNo));
    expect(await read()).toMatchObject({
      orderId: order.id,
      merchantId: paying.merchant.id,
      currency: order.currency,
      amountDue: order.outstandingBalance,
      status: 'ENROLLED',
    });
    const pay = { orderId: order.id, paymentGateway: 'STANDIN', transactionId: `T${order.id}`, amount: order.outstandingBalance };
    expect(await server.db.transaction((tx) => kind.markPaid(tx, pay))).toEqual({ applied: true });
    expect(await server.db.transaction((tx) => kind.markPaid(tx, pay))).toEqual({ applied: false });
    expect((await read())?.amountDue).toBe('280000.00');
  });

  it('a battery order owes its total until paid, and another kind does not find its number', async () => {
    const order = await paying.batteryOrder();
    const kind = payableKindOf(order.orderNo)!;
    expect(kind.kind).toBe('battery');
    expect(await server.db.transaction((tx) => payableKindOf('PO')!.lockByNo(tx, order.orderNo))).toBeNull();
    expect(await server.db.transaction((tx) => payableKindOf('VO')!.lockByNo(tx, order.orderNo))).toBeNull();
    expect(await server.db.transaction((tx) => kind.start!(tx, order.id))).toEqual({ applied: true });
    const pay = { orderId: order.id, paymentGateway: 'STANDIN', transactionId: `T${order.id}`, amount: order.totalAmount };
    expect(await server.db.transaction((tx) => kind.markPaid(tx, pay))).toEqual({ applied: true });
    expect(await server.db.transaction((tx) => kind.lockByNo(tx, order.orderNo))).toMatchObject({ amountDue: null, status: 'PAID' });
  });
});
