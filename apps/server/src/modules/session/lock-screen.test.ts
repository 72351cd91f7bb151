import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { FACTORY_PASSWORD } from '@swap/contracts/testing';
import { commonSettingApi, menuApi, sessionApi } from '@swap/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createMerchant, platformAdmin } from '../../test/factories.js';
import { auditLogs } from '../audit-log/audit-log.table.js';

describe('lock screen', () => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0', TOKEN_IDLE_MINUTES: '30' });
    admin = (await platformAdmin(server)).token;
  });
  afterAll(() => server.close());

  it('unlocks with the password; four wrong ones say how many tries are left, the fifth ends the session', async () => {
    const { admin: merchant } = await createMerchant(server, admin);
    const token = merchant.token;
    expect((await server.request(sessionApi.unlock, { password: FACTORY_PASSWORD }, { token })).code).toBe(1);
    const wrong = [];
    for (let i = 0; i < 4; i++)
      wrong.push(await server.request(sessionApi.unlock, { password: 'Not-The-Password-1' }, { token, lang: 'in' }));
    expect(wrong.map((answer) => [answer.status, answer.code])).toEqual(Array.from({ length: 4 }, () => [400, 408]));
    expect(wrong[0]!.message).toBe('Kata sandi salah: tersisa 4 percobaan sebelum Anda dikeluarkan');
    expect(wrong[3]!.message).toBe('Kata sandi salah: tersisa 1 percobaan sebelum Anda dikeluarkan');
    // Still signed in until the fifth; the right password would still open it now.
    expect((await server.request(menuApi.levels, undefined, { token })).code).toBe(1);
    const fifth = await server.request(sessionApi.unlock, { password: 'Not-The-Password-1' }, { token });
    expect(fifth.code).toBe(405);
    expect((await server.request(menuApi.levels, undefined, { token })).code).toBe(405);
    expect((await server.request(sessionApi.unlock, { password: FACTORY_PASSWORD }, { token })).code).toBe(405);
    const audit = await server.db.select().from(auditLogs).where(eq(auditLogs.username, merchant.username));
    const unlocks = audit.filter((row) => row.action === 'session.unlock');
    expect(unlocks.map((row) => row.success)).toEqual([true, false, false, false, false, false]);
  });

  it('a right password forgets the wrong ones; parallel wrong tries end the session after five, never more', async () => {
    const { admin: merchant } = await createMerchant(server, admin);
    const token = merchant.token;
    for (let i = 0; i < 3; i++) await server.request(sessionApi.unlock, { password: 'Not-The-Password-1' }, { token });
    expect((await server.request(sessionApi.unlock, { password: FACTORY_PASSWORD }, { token })).code).toBe(1);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => server.request(sessionApi.unlock, { password: 'Not-The-Password-1' }, { token })),
    );
    expect(answers.every((answer) => answer.status < 500)).toBe(true);
    expect(answers.filter((answer) => answer.code === 408)).toHaveLength(4);
    expect((await server.request(menuApi.levels, undefined, { token })).code).toBe(405);
  });

  it('tells the web both idle times; the lock time is a common setting of whole minutes, 0 for never', async () => {
    const config = await server.request(sessionApi.config, undefined);
    expect(config.data).toMatchObject({ sessionIdleMinutes: 30, lockIdleMinutes: 15 });
    const settings = await server.request(commonSettingApi.search, { name: 'lock_idle_minutes' }, { token: admin });
    const setting = settings.data.records[0]!;
    const { id, name, description, remark } = setting;
    const edit = (value: string) => server.request(commonSettingApi.edit, { id, name, description, remark, value }, { token: admin });
    expect((await edit('soon')).code).toBe(1002);
    expect((await edit('99999')).code).toBe(1002);
    expect((await edit('0')).code).toBe(1);
    expect((await server.request(sessionApi.config, undefined)).data.lockIdleMinutes).toBe(0);
    // keep-alive moves the idle clock of a signed-in session only
    expect((await server.request(sessionApi.keepAlive, undefined, { token: admin })).code).toBe(1);
    expect((await server.request(sessionApi.keepAlive, undefined)).code).toBe(401);
  });
});
