import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { paymentApi } from '@swap/contracts';
import { startTestServer, type TestServer } from '../test/harness.js';
import { freePort } from '../test/free-port.js';
import { payingMerchant } from '../modules/payment/payment.fixtures.js';
import { productOrders } from '../modules/product-order/product-order.table.js';
import { startConfiguredStandIn, type StandInGateway } from './index.js';

const SECRET = 'stand-in-secret-for-the-port-tests';

/** Whatever else holds the stand-in's usual port on this machine: it counts what reaches it. */
async function otherServer(): Promise<{ port: number; hits: () => number; close: () => Promise<void> }> {
  let hits = 0;
  const server = http.createServer((_req, res) => {
    hits += 1;
    res.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    port: (server.address() as AddressInfo).port,
    hits: () => hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('the stand-in gateway when its port is taken (docs/orders.md, "The stand-in gateway")', () => {
  const logged: string[] = [];
  const log = { info: (m: string) => logged.push(m), warn: (m: string) => logged.push(m), error: (m: string) => logged.push(m) };
  let other: Awaited<ReturnType<typeof otherServer>>;
  let server: TestServer;
  let standIn: StandInGateway | undefined;

  beforeAll(async () => {
    other = await otherServer();
    const port = await freePort();
    server = await startTestServer({
      DEMO: '0',
      PORT: String(port),
      PAYMENT_GATEWAY_SECRETS: `STANDIN:${SECRET}`,
      PAYMENT_STANDIN_PORT: String(other.port),
      PAYMENT_STANDIN_DELAY_MS: '50',
    });
    standIn = await startConfiguredStandIn(server.config.payments, log);
    // The gateway reports the payment to this server's own address, as under npm start.
    await server.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await standIn?.close();
    await server?.close();
    await other?.close();
  });

  it('starts on a free port, says so, and an order is paid through it, never through the port’s holder', async () => {
    expect(standIn).toBeDefined();
    expect(standIn!.url).not.toBe(`http://127.0.0.1:${other.port}`);
    expect(server.config.payments.gatewayUrl).toBe(standIn!.url);
    expect(logged.join('\n')).toContain(`port ${other.port} of the stand-in payment gateway is taken`);

    const paying = await payingMerchant(server);
    const order = await paying.productOrder();
    const asked = await server.request(paymentApi.start, { orderNo: order.orderNo }, { token: paying.merchant.admin.token });
    expect(asked.code).toBe(1);
    await standIn!.settle();
    const [row] = await server.db.select().from(productOrders).where(eq(productOrders.id, order.id));
    expect(row).toMatchObject({ customerStatus: 'REGISTERED', paymentGateway: 'STANDIN', transactionId: asked.data.transactionId });
    expect(other.hits()).toBe(0);
  });

  it('leaves a gateway address given in the settings as it is', async () => {
    const payments = { ...server.config.payments, gatewayUrl: 'http://127.0.0.1:9/elsewhere' };
    const second = await startConfiguredStandIn(payments, log);
    try {
      expect(second?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(payments.gatewayUrl).toBe('http://127.0.0.1:9/elsewhere');
    } finally {
      await second?.close();
    }
  });
});
