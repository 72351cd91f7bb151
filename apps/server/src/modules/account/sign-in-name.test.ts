import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, or, sql } from 'drizzle-orm';
import { normaliseSignInName, accountApi } from '@swap/contracts';
import { startTestServer, type ApiAnswer, type TestServer } from '../../test/harness.js';
import { createMerchant, platformAdmin } from '../../test/factories.js';
import { accounts, signInNames } from './account.table.js';

const PASSWORD = 'Strong-Pass-42';

/** Usernames and phones are both typed at sign-in: one name, one account, races included. */
describe('sign-in names are unique', () => {
  let server: TestServer;
  let admin: string;
  let merchantId: number;

  const add = (username: string, phone?: string) =>
    server.request(
      accountApi.add,
      { username, name: 'Racer', password: PASSWORD, type: 'SON', merchantId, ...(phone ? { phone } : {}) },
      { token: admin },
    );
  const edit = (id: number, phone: string) => server.request(accountApi.edit, { id, name: 'Racer', phone }, { token: admin });
  /** Accounts whose username or phone is the sign-in name `key`, and the registry's holder of it. */
  const holders = async (key: string) => {
    const rows = await server.db
      .select({ id: accounts.id, username: accounts.username, phone: accounts.phone })
      .from(accounts)
      .where(or(sql`sign_in_key(${accounts.username}) = ${key}`, sql`sign_in_key(${accounts.phone}) = ${key}`));
    const [claim] = await server.db.select({ accountId: signInNames.accountId }).from(signInNames).where(eq(signInNames.name, key));
    return { ids: rows.map((row) => row.id), registry: claim?.accountId ?? null };
  };
  const expectOneWinner = (answers: ApiAnswer[]) => {
    expect(answers.filter((answer) => answer.code === 1)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.code !== 1)) {
      expect(answer).toMatchObject({ status: 409, code: 2006, message: 'User name already exists' });
      expect(['username', 'phone']).toContain(answer.data.field);
    }
  };

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000', DEMO: '0' });
    admin = (await platformAdmin(server)).token;
    merchantId = (await createMerchant(server, admin)).id;
  });
  afterAll(() => server.close());

  it('the contracts’ normaliser and the database’s key agree', async () => {
    const samples = ['Admin', 'ADMIN.Two', '+62 812-3456-7890', '+62 (812) 3456.7890', '0812\t3456', 'a-b.c', '---', '+', 'Ünï', 'x 1'];
    const result: unknown = await server.db.execute(
      sql`select sign_in_key(s) as key from unnest(${sql.raw(`ARRAY[${samples.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]`)}) with ordinality as t(s, n) order by n`,
    );
    expect((result as { rows: { key: string }[] }).rows.map((row) => row.key)).toEqual(samples.map(normaliseSignInName));
    expect(normaliseSignInName('+62 (812) 3456-7890')).toBe('+6281234567890');
    expect(normaliseSignInName('Admin.Two')).toBe('admin.two');
  });

  it('a username and two phones racing for one name: one account gets it, the others are told it is taken', async () => {
    for (let round = 0; round < 5; round++) {
      const name = `+6281300000${round}0`;
      const answers = await Promise.all([
        add(name),
        add(`race.phone${round}a`, `+62 813-0000-0${round}0`),
        add(`race.phone${round}b`, `+62813 0000 0${round}0`),
      ]);
      expectOneWinner(answers);
      const { ids, registry } = await holders(name);
      expect(ids).toHaveLength(1);
      expect(registry).toBe(ids[0]);
    }
  });

  it('two accounts taking each other’s names at once: one is made, never a server error', async () => {
    for (let round = 0; round < 3; round++) {
      const [x, y] = [`+6681777000${round}`, `+6681888000${round}`];
      const answers = await Promise.all([add(x, y), add(y, x)]);
      expectOneWinner(answers);
    }
  });

  it('edits racing an add for one phone: one winner, the losers unchanged', async () => {
    const first = await add('race.edit1');
    const second = await add('race.edit2');
    const answers = await Promise.all([
      edit(first.data.id, '+66 81 555 0001'),
      edit(second.data.id, '+66-81-555-0001'),
      add('+66815550001'),
    ]);
    expectOneWinner(answers);
    const { ids, registry } = await holders('+66815550001');
    expect(ids).toHaveLength(1);
    expect(registry).toBe(ids[0]);
    const phones = await server.db
      .select({ id: accounts.id, phone: accounts.phone })
      .from(accounts)
      .where(inArray(accounts.id, [first.data.id, second.data.id]));
    expect(phones.filter((row) => row.phone !== null)).toHaveLength(answers[2].code === 1 ? 0 : 1);
  });

  it('refuses a name another account signs in with however it is written, and lets an account keep its own', async () => {
    const owner = await add('race.owner', '+62 813-1111-2222');
    expect(owner.code).toBe(1);
    expect((await add('RACE.OWNER')).data).toEqual({ field: 'username' });
    expect((await add('race.other', '+62 8131111 2222')).data).toEqual({ field: 'phone' });
    expect((await add('+62-813-1111-2222')).data).toEqual({ field: 'username' });
    const other = await add('race.other');
    expect((await edit(other.data.id, '+6281311112222')).data).toEqual({ field: 'phone' });
    // Its own phone written another way is still its own.
    const rewritten = await edit(owner.data.id, '+62 8131111 2222');
    expect(rewritten.data.phone).toBe('+62 8131111 2222');
    expect(await holders('+6281311112222')).toEqual({ ids: [owner.data.id], registry: owner.data.id });
    // A freed phone is free again.
    expect((await edit(owner.data.id, '')).code).toBe(1);
    expect((await edit(other.data.id, '+62 813 1111 2222')).code).toBe(1);
    expect((await holders('+6281311112222')).registry).toBe(other.data.id);
    // One account may sign in with its phone as its username too.
    expect((await add('+6281322223333', '+62 813-2222-3333')).code).toBe(1);
  });

  it('the migration’s backfill registers accounts that predate it, the first made keeping a shared name', async () => {
    const migration = readFileSync(new URL('../../../drizzle/0014_sign_in_name_registry.sql', import.meta.url), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').at(-1)!;
    const insert = (username: string, phone: string | null, age: string) =>
      server.db.execute(sql`insert into account (username, phone, name, password_hash, account_type, type, merchant_id, created_at)
        values (${username}, ${phone}, 'Old', 'x', 'MERCHANT', 'SON', ${merchantId}, now() - ${age}::interval)`);
    // Rows written as before the registry existed: no triggers, one name shared by two accounts.
    await server.db.execute(sql`alter table account disable trigger account_sign_in_name`);
    try {
      await insert('old.phone.owner', '0812 7777 0000', '2 days');
      await insert('081277770000', null, '1 day');
      await insert('old.alone', '0812 7777 0001', '1 day');
    } finally {
      await server.db.execute(sql`alter table account enable trigger account_sign_in_name`);
    }
    const [first] = await server.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.username, 'old.phone.owner'));
    const [second] = await server.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.username, '081277770000'));
    expect((await holders('081277770001')).registry).toBeNull();
    await server.db.execute(sql.raw(backfill));
    expect(await holders('081277770000')).toEqual({ ids: [first!.id, second!.id].sort((a, b) => a - b), registry: first!.id });
    expect((await holders('081277770001')).registry).not.toBeNull();
    expect((await holders('old.phone.owner')).registry).toBe(first!.id);
    // The one without the claim keeps working: its other fields change, a new phone it may take.
    expect((await edit(second!.id, '')).code).toBe(1);
    expect((await edit(second!.id, '0812 7777 9999')).code).toBe(1);
    expect((await holders('081277779999')).registry).toBe(second!.id);
    // Every name is claimed, by its own account or by the first made.
    const unclaimed: unknown = await server.db.execute(sql`
      select sign_in_key(username) from account union select sign_in_key(nullif(phone, '')) from account where nullif(phone, '') is not null
      except select name from sign_in_name`);
    expect((unclaimed as { rows: unknown[] }).rows).toEqual([]);
  });
});
