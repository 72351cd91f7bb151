import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessionApi, endpointUrl, menuApi, resourceApi, ROUTES } from '@swap/contracts';
import { startTestServer, type TestServer } from '../test/harness.js';
import { openDatabase } from '../db/client.js';
import { seed } from '../db/seed.js';
import { accounts } from '../modules/account/account.table.js';
import { useFastPasswordHashing } from '../modules/account/index.js';

describe('serving the web app', () => {
  let server: TestServer;
  let webDist: string;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Back-office</title><div id="root"></div>');
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
    server = await startTestServer({ DEMO: '0', WEB_DIST: webDist });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('answers every page route of the product with the app', async () => {
    const paths = [
      '/',
      '/session/login',
      '/error-page/500',
      '/error-page/401',
      ...ROUTES.map((route) => route.path.replaceAll(':id', '42').replaceAll(':type', 'RENT')),
    ];
    for (const url of paths) {
      const answer = await server.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.body, url).toContain('<div id="root">');
    }
  });

  it('answers HEAD on a page, and sends the baseline protection headers; API answers are not cached', async () => {
    const head = await server.app.inject({ method: 'HEAD', url: '/system/role/list' });
    expect(head.statusCode).toBe(200);
    const page = await server.app.inject({ method: 'GET', url: '/session/login' });
    expect(page.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'same-origin',
    });
    expect(page.headers['cache-control']).not.toBe('no-store');
    const api = await server.request(sessionApi.signIn, { username: 'admin', password: 'Demo-Pass-2026' });
    expect(api.raw.headers).toMatchObject({ 'cache-control': 'no-store', 'x-frame-options': 'DENY' });
  });

  it('serves built assets as files and unknown API paths as interface missing', async () => {
    const asset = await server.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.body).toBe('console.log(1)');
    const api = await server.app.inject({ method: 'GET', url: endpointUrl({ path: '/unknown' }) });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe(1001);
  });

  it('publishes the OpenAPI description generated from the schemas', async () => {
    const answer = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(answer.statusCode).toBe(200);
    const spec = answer.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([sessionApi.signIn, menuApi.levels, resourceApi.search].map(endpointUrl)),
    );
  });
});

describe('start-up without demo data', () => {
  beforeAll(() => useFastPasswordHashing(true));

  it('creates the first super admin from ADMIN_USERNAME and ADMIN_PASSWORD and no demo account', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    await seed(database.db, { demo: false, adminUsername: 'owner', adminPassword: 'Strong-Pass-42' });
    const rows = await database.db.select({ username: accounts.username, type: accounts.type }).from(accounts);
    expect(rows).toEqual([{ username: 'owner', type: 'SUPER' }]);
    await database.close();
  });

  it('refuses a weak admin password at start', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    await expect(seed(database.db, { demo: false, adminUsername: 'owner', adminPassword: 'password' })).rejects.toThrow(/too weak/);
    const [owner] = await database.db.select().from(accounts).where(eq(accounts.username, 'owner'));
    expect(owner).toBeUndefined();
    await database.close();
  });

  it('refuses to start with no super admin at all', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    await expect(seed(database.db, { demo: false })).rejects.toThrow(/ADMIN_USERNAME/);
    await database.close();
  });

  it('hides the demo accounts from the login page when demo mode is off', async () => {
    const server = await startTestServer({ DEMO: '0', ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'Strong-Pass-42' });
    const config = await server.request(sessionApi.config, undefined);
    expect(config.data).toMatchObject({ demo: false, demoAccounts: [], demoPassword: null });
    const demoLogin = await server.request(sessionApi.signIn, { username: 'admin', password: 'Demo-Pass-2026' });
    expect(demoLogin.code).toBe(2002);
    await server.close();
  });
});
