import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accountApi, DEMO_PASSWORD, messageText } from '@swap/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createMerchant, platformAdmin } from '../../test/factories.js';
import { openDatabase } from '../../db/client.js';
import { seed } from '../../db/seed.js';
import { accounts } from './account.table.js';
import { passwordWeakness } from './password-strength.js';

describe('password strength wherever a password is set', () => {
  let server: TestServer;
  let admin: string;
  let clerkId: number;
  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    admin = (await platformAdmin(server)).token;
    const merchant = await createMerchant(server, admin);
    const added = await server.request(
      accountApi.add,
      {
        username: 'strength.clerk',
        name: 'Strength clerk',
        password: 'Strong-Pass-42',
        type: 'SON',
        merchantId: merchant.id,
      },
      { token: admin },
    );
    expect(added.code).toBe(1);
    clerkId = added.data.id;
  });
  afterAll(() => server.close());

  const addWith = (username: string, password: string, lang: 'en' | 'in' | 'th' | 'zh' = 'en') =>
    server.request(
      accountApi.add,
      { username, name: 'Weak one', password, type: 'NORMAL', accountType: 'PLATFORM' },
      { token: admin, lang },
    );

  it('refuses common, patterned, guessable passwords and ones holding the username, with the reason at the field in four languages', async () => {
    const cases = [
      ['Password123', 2023],
      ['qazwsx123', 2023],
      ['Zq8x7k2m', 2024],
      ['Weak.Typist-Harbour-77', 2025],
    ] as const;
    for (const lang of ['en', 'in', 'th', 'zh'] as const) {
      for (const [password, code] of cases) {
        const answer = await addWith('weak.typist', password, lang);
        expect(answer.status).toBe(400);
        expect(answer.code).toBe(code);
        expect(answer.raw.json().data.fields).toEqual([{ field: 'password', message: answer.message }]);
      }
    }
    expect((await addWith('weak.typist', 'Zq8x7k2m', 'th')).message).toBe(messageText('passwordGuessable', 'th'));
    const [created] = await server.db.select().from(accounts).where(eq(accounts.username, 'weak.typist'));
    expect(created).toBeUndefined();
    expect((await addWith('weak.typist', 'Another-Pass-7')).code).toBe(1);
  });

  it('refuses a weak password on reset, leaving the old one in place', async () => {
    const reset = (password: string) => server.request(accountApi.resetPassword, { id: clerkId, password }, { token: admin, lang: 'zh' });
    const refused = await reset('STRENGTH.clerk99');
    expect(refused.code).toBe(2025);
    expect(refused.message).toBe('密码不能包含用户名');
    expect((await reset('Summer2025')).code).toBe(2023);
    expect(await server.login('strength.clerk', 'Strong-Pass-42')).toBeTruthy();
    expect((await reset('Quiet-Lantern-Orbit-58')).code).toBe(1);
  });

  it('keeps the demo password acceptable', async () => {
    expect(await passwordWeakness(DEMO_PASSWORD, 'admin')).toBeUndefined();
  });

  it('refuses to start with a weak ADMIN_PASSWORD, naming the reason', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      await database.migrate();
      await expect(seed(database.db, { demo: false, adminUsername: 'ops', adminPassword: 'Password123' })).rejects.toThrow(
        'ADMIN_PASSWORD is refused: This password is too common',
      );
      await expect(seed(database.db, { demo: false, adminUsername: 'ops', adminPassword: 'ops-Lantern-2026' })).rejects.toThrow(
        'ADMIN_PASSWORD is refused: The password may not contain the username',
      );
      await seed(database.db, { demo: false, adminUsername: 'ops', adminPassword: 'a-long-secret-1' });
    } finally {
      await database.close();
    }
  });
});
