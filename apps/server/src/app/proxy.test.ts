import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import { sessionApi, DEMO_PASSWORD, endpointUrl } from '@swap/contracts';
import { startTestServer, type TestServer } from '../test/harness.js';
import { auditLogs } from '../modules/audit-log/audit-log.table.js';
import { loadConfig } from './config.js';

/** Signs in as admin from a socket address with an X-Forwarded-For header; answers the address the audit log kept. */
async function auditedAddress(server: TestServer, remoteAddress: string, forwardedFor?: string): Promise<string> {
  const answer = await server.app.inject({
    method: 'POST',
    url: endpointUrl(sessionApi.signIn),
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    payload: { username: 'admin', password: DEMO_PASSWORD },
  });
  expect(answer.json<{ code: number }>().code).toBe(1);
  const [row] = await server.db.select({ ip: auditLogs.ip }).from(auditLogs).orderBy(desc(auditLogs.id)).limit(1);
  return row!.ip;
}

describe('TRUST_PROXY=1: one proxy in front', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0', TRUST_PROXY: '1', RATE_LIMIT_PER_MINUTE: '5' });
  });
  afterAll(() => server.close());

  it('takes the client address the proxy appended, not the one the client wrote', async () => {
    expect(await auditedAddress(server, '127.0.0.1', '6.6.6.6, 1.2.3.4')).toBe('1.2.3.4');
    expect(await auditedAddress(server, '127.0.0.1', '1.2.3.4')).toBe('1.2.3.4');
    expect(await auditedAddress(server, '127.0.0.1')).toBe('127.0.0.1');
  });

  it('counts requests against the real address however the client rotates the left-most entry', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const answer = await server.app.inject({
        method: 'GET',
        url: endpointUrl(sessionApi.config),
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': `6.6.6.${i}, 9.8.7.6` },
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses.filter((status) => status === 429).length).toBe(3);
    // Another real client is not held back by it.
    const other = await server.app.inject({
      method: 'GET',
      url: endpointUrl(sessionApi.config),
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '9.8.7.5' },
    });
    expect(other.statusCode).toBe(200);
  });
});

describe('TRUST_PROXY as a list of proxy addresses', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0', TRUST_PROXY: '10.0.0.0/8, 192.168.1.7' });
  });
  afterAll(() => server.close());

  it('believes X-Forwarded-For only from a listed proxy', async () => {
    expect(await auditedAddress(server, '10.1.2.3', '6.6.6.6, 1.2.3.4')).toBe('1.2.3.4');
    expect(await auditedAddress(server, '192.168.1.7', '1.2.3.5')).toBe('1.2.3.5');
    // Through two listed proxies: the client is the first address no listed proxy holds.
    expect(await auditedAddress(server, '10.1.2.3', '6.6.6.6, 1.2.3.6, 192.168.1.7')).toBe('1.2.3.6');
  });

  it('ignores the header from any other peer', async () => {
    expect(await auditedAddress(server, '9.9.9.9', '1.2.3.4')).toBe('9.9.9.9');
    expect(await auditedAddress(server, '192.168.1.8', '10.0.0.1')).toBe('192.168.1.8');
  });
});

describe('TRUST_PROXY setting', () => {
  it('reads off, a hop count, or a list of addresses and ranges, and refuses anything else', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,::1, loopback' }).trustProxy).toBe('10.0.0.0/8,::1,loopback');
    for (const bad of ['true', 'yes', '10.0.0.0/33', '10.0.0', 'proxy.example.com', '1,2'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
  });
});
