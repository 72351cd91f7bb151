import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../test/harness.js';
import { PNG, multipart } from '../test/upload.js';
import { registerErrorHandling } from './error-handler.js';
import { accountApi, sessionApi, batteryApi, commonSettingApi, endpointUrl, fileApi, roleApi } from '@swap/contracts';

/**
 * The three causes of 500s found by fuzzing: numbers past the database's integer, NUL bytes and
 * unpaired surrogates. Each is refused as illegal parameter (400, 1002) naming the field, in the
 * caller's language, and writes nothing; a database error such input would cause still answers 400.
 */
describe('bad input', () => {
  let server: TestServer;
  let admin: string;
  const count = async (table: string) => {
    const result: unknown = await server.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
    return (result as { rows: { n: number }[] }).rows[0]!.n;
  };

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    admin = await server.login('admin');
  });
  afterAll(() => server.close());

  it('refuses ids and numbers past the integer columns, naming the field', async () => {
    const detail = await server.request(accountApi.detail, { id: 2147483648 }, { token: admin });
    expect(detail).toMatchObject({ status: 400, code: 1002, message: 'ID is too large' });
    const status = await server.request(accountApi.status, { id: 2 ** 31, status: 'DISABLED' }, { token: admin });
    expect(status).toMatchObject({ status: 400, code: 1002, message: 'ID is too large' });
    const owner = await server.request(batteryApi.search, { merchantId: 2 ** 31 }, { token: admin, lang: 'zh' });
    expect(owner).toMatchObject({ status: 400, code: 1002, message: '商户过大' });
    const page = await server.request(accountApi.search, { current: 1e15 }, { token: admin });
    expect(page).toMatchObject({ status: 400, code: 1002, message: 'Page is too large' });
    // The largest integer still answers as any id that names no row.
    const largest = await server.request(accountApi.detail, { id: 2147483647 }, { token: admin });
    expect(largest.status).toBe(404);
  });

  it('refuses NUL bytes in any text, on the sign-in route too, and writes nothing', async () => {
    const audits = await count('audit_log');
    const signIn = await server.request(sessionApi.signIn, { username: 'ad\u0000min', password: 'x' });
    expect(signIn).toMatchObject({ status: 400, code: 1002, message: 'Username contains illegal characters' });
    expect(signIn.data).toEqual({ fields: [{ field: 'username', message: 'Username contains illegal characters' }] });
    const setting = await server.request(
      commonSettingApi.add,
      { name: 'nul_test', value: 'a\u0000b', description: 'd' },
      { token: admin, lang: 'in' },
    );
    expect(setting).toMatchObject({ status: 400, code: 1002, message: 'Nilai berisi karakter tidak sah' });
    const search = await server.request(accountApi.search, { keyword: '\u0000' }, { token: admin });
    expect(search).toMatchObject({ status: 400, code: 1002, message: 'Keyword contains illegal characters' });
    // A field no schema names is refused all the same.
    const stray = await server.call('POST', endpointUrl(accountApi.search), { token: admin, body: { extra: { deep: ['\u0000'] } } });
    expect(stray).toMatchObject({ status: 400, code: 1002, data: { fields: [{ field: 'extra.deep.0' }] } });
    const query = await server.app.inject({
      method: 'GET',
      url: `${endpointUrl(accountApi.detail)}?id=1%00`,
      headers: { 'auth-token': admin },
    });
    expect(query.statusCode).toBe(400);
    expect(await count('audit_log')).toBe(audits);
    expect(await count("common_setting where name = 'nul_test'")).toBe(0);
  });

  it('refuses unpaired surrogates, which the audit trail cannot store', async () => {
    const roles = await count('role');
    for (const description of ['a\ud800', '\udc00b', 'x\udc00\ud800y']) {
      const answer = await server.request(roleApi.add, { name: 'surrogates', description }, { token: admin });
      expect(answer).toMatchObject({ status: 400, code: 1002, message: 'Description contains illegal characters' });
    }
    const login = await server.request(sessionApi.signIn, { username: 'admin', password: 'Demo-Pass-2026\ud83d' });
    expect(login).toMatchObject({ status: 400, code: 1002, message: 'Password contains illegal characters' });
    expect(await count('role')).toBe(roles);
    // A well-formed pair (an emoji) is ordinary text.
    const emoji = await server.request(roleApi.add, { name: 'emoji', description: 'ok 🔋' }, { token: admin });
    expect(emoji.code).toBe(1);
  });

  it('refuses NUL in a multipart upload’s field names and file name', async () => {
    const named = multipart('a.png', 'image/png', PNG, 'note');
    const body = Buffer.from(named.body.toString('latin1').replace('name="note"', 'name="no\u0000te"'), 'latin1');
    const field = await server.app.inject({
      method: 'POST',
      url: endpointUrl(fileApi.upload),
      headers: { 'auth-token': admin, ...named.headers },
      payload: body,
    });
    expect(field.statusCode).toBe(400);
    expect(field.json()).toMatchObject({ code: 1002 });
    const file = multipart('a\u0000.png', 'image/png', PNG);
    const answer = await server.app.inject({
      method: 'POST',
      url: endpointUrl(fileApi.upload),
      headers: { 'auth-token': admin, ...file.headers },
      payload: file.body,
    });
    expect(answer.json()).toMatchObject({ code: 1002, data: { fields: [{ field: 'file' }] } });
    expect(await count('stored_file')).toBe(0);
  });

  it('answers 400, not 500, when the database itself refuses input as out of range or unreadable', async () => {
    // A route the contracts do not guard, running what bad input would make the database do.
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    const statements: Record<string, string> = {
      '22003': `select '2147483648'::int`,
      '22P02': `select 'abc'::int`,
      '22P05': `select '"\\u0000"'::jsonb #>> '{}'`,
      '22021': `select convert_from('\\x00'::bytea, 'UTF8')`,
      '22008': `select '20000-01-01 00:00'::timestamp + interval '300000 years'`,
    };
    app.get('/raw/:state', async (req) => {
      const { state } = req.params as { state: string };
      return server.db.execute(sql.raw(statements[state]!));
    });
    for (const state of Object.keys(statements)) {
      const answer = await app.inject({ method: 'GET', url: `/raw/${state}` });
      expect(answer.statusCode, state).toBe(400);
      expect(answer.json(), state).toMatchObject({ code: 1002 });
    }
    await app.close();
  });
});
