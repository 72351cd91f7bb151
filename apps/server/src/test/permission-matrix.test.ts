import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { declaredRoutes, registerAccessControl, type DeclaredRoute } from '../app/route.js';
import { startTestServer, type ApiAnswer, type TestServer } from './harness.js';
import { FACTORY_PASSWORD, createAccountWithMenus, createMerchant, createSubAccount, platformAdmin } from './factories.js';
import {
  ALL_ENDPOINTS,
  accessCodes,
  auditLogApi,
  sessionApi,
  currencyApi,
  DEMO_PASSWORD,
  endpointUrl,
  menuApi,
  OMS_BASE,
  resourceApi,
  type UserType,
} from '@swap/contracts';

/**
 * Every declared /api/oms route against every kind of caller. "Holds" is derived from the route's
 * own access declaration and the codes the caller's GET /admin/menu/levels answers, so a route a
 * module adds later is covered without touching this file.
 */
interface Caller {
  label: string;
  token: string | undefined;
  type: UserType | null;
  merchantId: number | null;
  codes: Set<string>;
}

const PERMISSION_CODES = [2003, 2004, 2005];
const SESSION_CODES = [401, 405, 406, 407];

function holds(caller: Caller, route: DeclaredRoute): boolean {
  if (caller.type === null) return false;
  if (route.access.scope === 'super' && caller.type !== 'SUPER') return false;
  if (route.access.scope === 'platform' && caller.merchantId !== null) return false;
  const codes = accessCodes(route.access);
  return codes.length === 0 || caller.type === 'SUPER' || codes.some((code) => caller.codes.has(code));
}

/** Empty input: path parameters get an id no row has; bodies are empty objects. */
async function callRoute(server: TestServer, route: DeclaredRoute, token: string | undefined): Promise<ApiAnswer> {
  const url = route.url.replace(/:[A-Za-z]+/g, '0');
  const method = route.method as 'GET' | 'POST';
  return server.call(method, url, { token, ...(method === 'GET' ? {} : { body: {} }) });
}

/** A live stream that takes no id (the header's alarms): opened by a holder it stays open, so only a refusal is awaited. */
function openStream(route: DeclaredRoute): boolean {
  const def = ALL_ENDPOINTS.find((each) => endpointUrl(each) === route.url && each.method === route.method);
  return def?.answer === 'stream' && def.query === undefined;
}

function verdict(caller: Caller, route: DeclaredRoute, answer: ApiAnswer): string | null {
  const where = `${caller.label} ${route.method} ${route.url} → ${answer.status}/${answer.code} ${answer.message}`;
  if (caller.type === null) return answer.status === 401 && answer.code === 401 ? null : `${where}: anonymous must get 401`;
  if (holds(caller, route)) {
    if (answer.status === 401 || answer.status === 403 || SESSION_CODES.includes(answer.code) || PERMISSION_CODES.includes(answer.code))
      return `${where}: holder refused`;
    return answer.status >= 500 ? `${where}: holder got a server error` : null;
  }
  return answer.status === 403 && PERMISSION_CODES.includes(answer.code) ? null : `${where}: must be refused with 403`;
}

describe('permission matrix', () => {
  let server: TestServer;
  let routes: readonly DeclaredRoute[];
  const callers: Caller[] = [];

  async function signIn(label: string, username: string, password = DEMO_PASSWORD): Promise<Caller> {
    const token = await server.login(username, password);
    const me = await server.request(sessionApi.signIn, { username, password });
    const levels = await server.request(menuApi.levels, undefined, { token });
    expect(levels.code).toBe(1);
    return { label, token, type: me.data.admin.type, merchantId: me.data.admin.merchantId, codes: new Set(levels.data.codes) };
  }

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000', DEMO: '0' });
    const platform = (await platformAdmin(server)).token;
    routes = declaredRoutes(server.app);
    // A platform admin who may only look at common settings (menus without their buttons).
    await createAccountWithMenus(server.db, { username: 'narrow-platform', merchantId: null, menuCodes: ['admin.commonSetting'] });
    // Another merchant's admin, granted platform screens it must still be kept out of by scope.
    const other = await createMerchant(server, platform, {
      menuCodes: ['admin.commonSetting', 'admin.resource', 'admin.auditLog', 'system.international.currency', 'operation.cabinet'],
    });
    // A merchant's administrator and its station clerk.
    const merchant = await createMerchant(server, platform);
    const clerk = await createSubAccount(server, merchant, ['operation.battery', 'operation.cabinet', 'record.swap', 'record.appointment']);
    callers.push(
      { label: 'anonymous', token: undefined, type: null, merchantId: null, codes: new Set() },
      await signIn('SUPER admin', 'admin'),
      await signIn('platform NORMAL (settings only)', 'narrow-platform'),
      await signIn('merchant NORMAL', merchant.admin.username, FACTORY_PASSWORD),
      await signIn('SON subaccount', clerk.username, FACTORY_PASSWORD),
      await signIn('other merchant NORMAL', other.admin.username, FACTORY_PASSWORD),
    );
  });
  afterAll(() => server.close());

  it('collects every /api/oms route, each with a declared access', () => {
    expect(routes.length).toBeGreaterThanOrEqual(20);
    for (const route of routes) {
      expect(route.url.startsWith(`${OMS_BASE}/`)).toBe(true);
      expect(server.app.hasRoute({ method: route.method, url: route.url })).toBe(true);
    }
    const urls = routes.map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(
      expect.arrayContaining(
        [resourceApi.search, menuApi.remove, currencyApi.edit, auditLogApi.export].map((def) => `${def.method} ${endpointUrl(def)}`),
      ),
    );
  });

  it('refuses to start with an /api/oms route that declares no access', async () => {
    const app = Fastify({ logger: false });
    registerAccessControl(app, {
      db: server.db,
      authenticate: () => Promise.reject(new Error('no sign-in here')),
      grantsOf: () => Promise.reject(new Error('no grants here')),
    });
    expect(() => app.get(endpointUrl({ path: '/forgotten' }), () => 'open')).toThrow(/declares no access/);
    await app.close();
  });

  it('matches the callers to their grants as expected', () => {
    const [, admin, narrow, merchant, son, siam] = callers;
    expect(admin?.type).toBe('SUPER');
    expect(narrow?.codes.has('admin.commonSetting')).toBe(true);
    expect(narrow?.codes.has('admin.commonSetting.add')).toBe(false);
    expect(merchant?.merchantId).not.toBeNull();
    expect(son?.type).toBe('SON');
    expect(siam?.codes.has('admin.resource.add')).toBe(true);
    expect(siam?.merchantId).not.toBe(merchant?.merchantId);
  });

  for (const label of [
    'anonymous',
    'SUPER admin',
    'platform NORMAL (settings only)',
    'merchant NORMAL',
    'SON subaccount',
    'other merchant NORMAL',
  ]) {
    // Walks every route one call at a time (calls may change what the next one sees), so its time
    // grows with the route count: a generous limit, not the default 30 s.
    it(`answers ${label} as its grants say, on every route`, { timeout: 120_000 }, async () => {
      const caller = callers.find((c) => c.label === label)!;
      const failures: string[] = [];
      let allowed = 0;
      for (const route of routes) {
        if (holds(caller, route) && openStream(route)) {
          allowed++;
          continue;
        }
        const answer = await callRoute(server, route, caller.token);
        const problem = verdict(caller, route, answer);
        if (problem) failures.push(problem);
        if (holds(caller, route)) allowed++;
      }
      expect(failures).toEqual([]);
      if (caller.type === 'SUPER') expect(allowed).toBe(routes.length);
      if (caller.type !== null && caller.type !== 'SUPER') expect(allowed).toBeLessThan(routes.length);
    });
  }
});
