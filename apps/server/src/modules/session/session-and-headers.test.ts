import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { sessions } from './session.table.js';
import { sessionApi, endpointUrl, menuApi } from '@swap/contracts';

describe('idle clock and browser protections', () => {
  let server: TestServer;
  let webDist: string;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'swap-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
    server = await startTestServer({ TOKEN_IDLE_MINUTES: '30', WEB_DIST: webDist, DEMO: '0' });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  /** The session's last call moved this far into the past, on the database's clock. */
  const lastCallAgo = async (seconds: number) => {
    const [row] = await server.db.select({ id: sessions.id }).from(sessions).orderBy(desc(sessions.id)).limit(1);
    await server.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - make_interval(secs => ${seconds})` })
      .where(eq(sessions.id, row!.id));
  };
  const menu = (token: string) => server.request(menuApi.levels, undefined, { token });

  it('ends a session idle for exactly the idle time and keeps one used a minute before it', async () => {
    const token = await server.login('admin');
    await lastCallAgo(30 * 60 - 60);
    expect((await menu(token)).code).toBe(1);
    await lastCallAgo(30 * 60);
    const ended = await menu(token);
    expect(ended.code).toBe(405);
    expect((await menu(token)).code).toBe(405);
  });

  it('counts idle time from the last call, to the second, not from the last minute mark', async () => {
    const token = await server.login('admin');
    // A call 30 s after the session was last seen moves the idle clock to that call...
    await lastCallAgo(30);
    expect((await menu(token)).code).toBe(1);
    // ...so 29 minutes 45 seconds after that call the session is still alive.
    const [row] = await server.db.select().from(sessions).orderBy(desc(sessions.id)).limit(1);
    await server.db
      .update(sessions)
      .set({ lastSeenAt: sql`${sessions.lastSeenAt} - make_interval(secs => ${30 * 60 - 15})` })
      .where(eq(sessions.id, row!.id));
    expect((await menu(token)).code).toBe(1);
  });

  it('sends a Content-Security-Policy without inline script on the app page and on API answers', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/' });
    const deepLink = await server.app.inject({ method: 'GET', url: '/dashboard' });
    const api = await server.app.inject({ method: 'GET', url: endpointUrl(sessionApi.config) });
    const refused = await server.app.inject({ method: 'GET', url: endpointUrl(menuApi.levels) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    for (const answer of [page, deepLink, api, refused]) {
      const policy = String(answer.headers['content-security-policy']);
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("default-src 'self'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(policy).not.toContain('unsafe-eval');
    }
  });

  it('names no tile server without MAP_TILE_URL, so the web draws the outline base layer', async () => {
    const config = await server.request(sessionApi.config, undefined);
    expect(config.data.mapTileUrl).toBeNull();
    const page = await server.app.inject({ method: 'GET', url: '/' });
    expect(String(page.headers['content-security-policy'])).toContain("img-src 'self' data: blob:;");
  });
});

describe('map tiles from MAP_TILE_URL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      MAP_TILE_URL: 'https://{s}.tile.example.org/{z}/{x}/{y}.png',
      MAP_TILE_ATTRIBUTION: '© Example maps',
      DEMO: '0',
    });
  });
  afterAll(() => server.close());

  it('reach the web through the public settings, and images may come from the tile server only', async () => {
    const config = await server.request(sessionApi.config, undefined);
    expect(config.data.mapTileUrl).toBe('https://{s}.tile.example.org/{z}/{x}/{y}.png');
    expect(config.data.mapTileAttribution).toBe('© Example maps');
    const policy = String(config.raw.headers['content-security-policy']);
    expect(policy).toContain("img-src 'self' data: blob: https://*.tile.example.org;");
    expect(policy).toContain("connect-src 'self';");
  });
});
