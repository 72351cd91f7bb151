import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountApi, sessionApi, endpointUrl, menuApi, roleApi } from '@swap/contracts';
import { eq, like } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createMerchant, createPlatformAccount, createRole, platformAdmin, type MerchantFixture } from '../../test/factories.js';
import { auditLogs } from '../audit-log/audit-log.table.js';
import { menus } from '../menu/menu.table.js';
import { accounts } from './account.table.js';

const PASSWORD = 'Strong-Pass-42';
/** The agent's station clerk, a sub-account whose name is not in its username. */
const CLERK = 'station.clerk';
const CLERK_MENUS = ['operation.battery', 'operation.cabinet', 'record.swap', 'record.appointment'];

describe('accounts', () => {
  let server: TestServer;
  let admin: string;
  let agent: MerchantFixture;
  let siam: MerchantFixture;
  let merchant: string;
  let agentId: number;
  let siamId: number;
  let clerkRoleId: number;
  let merchantAdminRoleId: number;

  const add = (token: string, body: Record<string, unknown>, lang?: 'en' | 'in' | 'th' | 'zh') =>
    server.call('POST', endpointUrl(accountApi.add), { token, body, ...(lang ? { lang } : {}) });
  const newAccount = (username: string, extra: Record<string, unknown> = {}) => ({
    username,
    name: username.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 20),
    password: PASSWORD,
    type: 'SON',
    ...extra,
  });

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    admin = (await platformAdmin(server)).token;
    agent = await createMerchant(server, admin, { phone: '+62 812-3456-7890' });
    siam = await createMerchant(server, admin, { type: 'DIRECT', menuCodes: ['admin.admin'] });
    merchant = agent.admin.token;
    agentId = agent.id;
    siamId = siam.id;
    merchantAdminRoleId = agent.roleId;
    clerkRoleId = (await createRole(server, merchant, { menuCodes: CLERK_MENUS, name: 'Station clerk' })).id;
    expect((await add(merchant, newAccount(CLERK, { name: 'Dewi Lestari', roleIds: [clerkRoleId] }))).code).toBe(1);
  });
  afterAll(() => server.close());

  describe('search and detail', () => {
    it('lists every account for the platform and only its merchant for a merchant, with roles and merchant names', async () => {
      const all = await server.request(accountApi.search, {}, { token: admin });
      expect(all.code).toBe(1);
      expect(all.data).toMatchObject({ current: 1, size: 20 });
      expect(all.data.records.map((r: { username: string }) => r.username)).toEqual(
        expect.arrayContaining(['admin', agent.admin.username, CLERK]),
      );
      const own = await server.request(accountApi.search, { merchantId: siamId }, { token: merchant });
      expect(own.data.records).toEqual([]);
      const mine = await server.request(accountApi.search, { sort: { field: 'username', order: 'ascend' } }, { token: merchant });
      expect(mine.data.records.map((r: { username: string }) => r.username)).toEqual([agent.admin.username, CLERK]);
      const sub = mine.data.records[1]!;
      expect(sub).toMatchObject({
        type: 'SON',
        merchantName: agent.name,
        roleNames: ['Station clerk'],
        roleIds: [clerkRoleId],
        lastLoginAt: null,
      });
      expect(sub).not.toHaveProperty('passwordHash');
      expect(mine.data.records[0]!.lastLoginAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    });

    it('filters by keyword over username, phone and name, and by type and status', async () => {
      const byPhone = await server.request(accountApi.search, { keyword: '812-3456' }, { token: admin });
      expect(byPhone.data.records.map((r: { username: string }) => r.username)).toEqual([agent.admin.username]);
      const byName = await server.request(accountApi.search, { keyword: 'dewi' }, { token: admin });
      expect(byName.data.records.map((r: { username: string }) => r.username)).toEqual([CLERK]);
      const supers = await server.request(accountApi.search, { type: 'SUPER', status: 'ENABLED' }, { token: admin });
      expect(supers.data.records.map((r: { username: string }) => r.username)).toEqual(['admin']);
      const paged = await server.request(accountApi.search, { size: 1, current: 2 }, { token: admin });
      expect(paged.data.records).toHaveLength(1);
      expect(paged.data.pages).toBe(paged.data.total);
    });

    it('refuses bad search input: page size, unknown enumeration, script', async () => {
      expect((await server.call('POST', endpointUrl(accountApi.search), { token: admin, body: { size: 0 } })).status).toBe(400);
      expect((await server.call('POST', endpointUrl(accountApi.search), { token: admin, body: { status: 'GONE' } })).status).toBe(400);
      const script = await server.call('POST', endpointUrl(accountApi.search), { token: admin, body: { keyword: '<script>x</script>' } });
      expect(script.code).toBe(1014);
    });

    it('answers another tenant’s account as not found', async () => {
      const [adminRow] = await server.db.select().from(accounts).where(eq(accounts.username, 'admin'));
      const hidden = await server.request(accountApi.detail, { id: adminRow!.id }, { token: merchant });
      expect(hidden.status).toBe(404);
      expect(hidden.code).toBe(1017);
      const seen = await server.request(accountApi.detail, { id: adminRow!.id }, { token: admin });
      expect(seen.data).toMatchObject({ username: 'admin', type: 'SUPER', accountType: 'PLATFORM', merchantId: null });
      expect((await server.call('GET', endpointUrl(accountApi.detail), { token: admin, query: { id: 'abc' } })).status).toBe(400);
      expect((await server.request(accountApi.detail, { id: '999999' }, { token: admin })).code).toBe(1017);
    });

    it('refuses a sub-account without the permission, in the asked language', async () => {
      const sub = await server.login(CLERK, PASSWORD);
      const answer = await server.request(accountApi.search, {}, { token: sub, lang: 'in' });
      expect(answer.status).toBe(403);
      expect(answer.code).toBe(2005);
      expect(answer.message).toBe('Sub-akun ini tidak memiliki izin');
    });
  });

  describe('add', () => {
    it('makes a platform admin choose the merchant, and refuses an unknown one', async () => {
      const none = await add(admin, newAccount('nomerchant', { type: 'NORMAL' }), 'th');
      expect(none.code).toBe(2007);
      expect(none.message).toBe('ผู้ดูแลแพลตฟอร์มต้องเลือกตัวแทน');
      const unknown = await add(admin, newAccount('ghostmerchant', { merchantId: 99999 }));
      expect(unknown.code).toBe(2008);
      expect(unknown.status).toBe(404);
    });

    it('creates a merchant account for the chosen merchant, storing only a hash and auditing without the password', async () => {
      const created = await add(admin, newAccount('siam.admin', { type: 'NORMAL', merchantId: siamId, phone: '+66 81 000 0001' }));
      expect(created.code).toBe(1);
      expect(created.data).toMatchObject({
        username: 'siam.admin',
        type: 'NORMAL',
        accountType: 'MERCHANT',
        merchantId: siamId,
        merchantName: siam.name,
        status: 'ENABLED',
        roleIds: [],
      });
      expect(JSON.stringify(created.data)).not.toContain(PASSWORD);
      const [row] = await server.db.select().from(accounts).where(eq(accounts.username, 'siam.admin'));
      expect(row!.passwordHash).toMatch(/^scrypt\$/);
      const audit = await server.db.select().from(auditLogs).where(eq(auditLogs.action, 'account.add'));
      expect(audit.some((entry) => entry.objectId === String(row!.id))).toBe(true);
      expect(JSON.stringify(audit)).not.toContain(PASSWORD);
      expect(JSON.stringify(audit)).not.toContain('scrypt$');
      expect(await server.login('siam.admin', PASSWORD)).toBeTruthy();
    });

    it('lets the platform create platform staff, NORMAL and without a merchant only', async () => {
      const staff = await add(admin, newAccount('ops.staff', { type: 'NORMAL', accountType: 'PLATFORM' }));
      expect(staff.data).toMatchObject({ accountType: 'PLATFORM', type: 'NORMAL', merchantId: null });
      const son = await add(admin, newAccount('ops.son', { type: 'SON', accountType: 'PLATFORM' }));
      expect(son.code).toBe(1021);
      expect(son.data.fields[0].field).toBe('type');
      const withMerchant = await add(admin, newAccount('ops.merchant', { type: 'NORMAL', accountType: 'PLATFORM', merchantId: agentId }));
      expect(withMerchant.code).toBe(1021);
      expect((await add(merchant, newAccount('ops.bymerchant', { type: 'NORMAL', accountType: 'PLATFORM' }))).code).toBe(2003);
      expect((await add(admin, newAccount('ops.super', { type: 'SUPER', accountType: 'PLATFORM' }))).status).toBe(400);
    });

    it('refuses a username taken in any case, and a phone or username that is another account’s sign-in name', async () => {
      const upper = await add(admin, newAccount(agent.admin.username.toUpperCase(), { merchantId: agentId }), 'zh');
      expect(upper.code).toBe(2006);
      expect(upper.status).toBe(409);
      expect(upper.message).toBe('用户名已存在');
      const phoneTaken = await add(admin, newAccount('phone.taken', { merchantId: agentId, phone: '+62 812-3456-7890' }));
      expect(phoneTaken.code).toBe(2006);
      expect(phoneTaken.data).toEqual({ field: 'phone' });
      // siam.admin signs in with +66 81 000 0001 however it is typed, so nobody takes it as a username.
      const usernameIsPhone = await add(admin, newAccount('+66810000001', { merchantId: agentId }));
      expect(usernameIsPhone).toMatchObject({ code: 2006, data: { field: 'username' } });
      expect((await add(admin, newAccount('+66810000009', { merchantId: agentId }))).code).toBe(1);
      const phoneIsUsername = await add(admin, newAccount('phone.clash', { merchantId: agentId, phone: '+66 81-000-0009' }));
      expect(phoneIsUsername).toMatchObject({ code: 2006, data: { field: 'phone' } });
    });

    it('validates every field naming it: name format and length, phone characters, password strength, username', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ name: 'a'.repeat(21) }, 'name'],
        [{ name: 'bad@name' }, 'name'],
        [{ name: '' }, 'name'],
        [{ phone: '08-12abc' }, 'phone'],
        [{ password: 'short1' }, 'password'],
        [{ password: 'onlyletters' }, 'password'],
        [{ password: '1234567890' }, 'password'],
        [{ username: 'ab' }, 'username'],
        [{ username: 'has space' }, 'username'],
      ];
      for (const [patch, field] of cases) {
        const answer = await add(admin, { ...newAccount('valid.user', { merchantId: agentId }), ...patch });
        expect(answer.status, JSON.stringify(patch)).toBe(400);
        expect(answer.data.fields.map((f: { field: string }) => f.field)).toContain(field);
      }
      const weak = await add(admin, { ...newAccount('weak.user', { merchantId: agentId }), password: 'abc' }, 'in');
      expect(weak.message).toBe('Kata sandi harus 8 sampai 64 karakter dan berisi huruf serta angka');
      const name = await add(admin, { ...newAccount('name.user', { merchantId: agentId }), name: 'x'.repeat(21) });
      expect(name.message).toBe('Name must be 1 to 20 letters, digits, underscores or hyphens');
      const script = await add(admin, { ...newAccount('script.user', { merchantId: agentId }), name: '<img src=x onerror=alert(1)>' });
      expect(script.code).toBe(1014);
      expect(await server.db.select().from(accounts).where(like(accounts.username, '%.user'))).toEqual([]);
    });

    it('keeps a merchant inside its own merchant whatever merchantId it sends', async () => {
      const created = await add(merchant, newAccount('demo.clerk2', { merchantId: siamId, roleIds: [clerkRoleId] }));
      expect(created.data).toMatchObject({ merchantId: agentId, type: 'SON', roleNames: ['Station clerk'] });
      const normal = await add(merchant, newAccount('demo.manager', { type: 'NORMAL' }));
      expect(normal.data).toMatchObject({ merchantId: agentId, type: 'NORMAL' });
    });

    it('gives only roles of the account’s tenant that the caller holds', async () => {
      // A role of the agent that its administrator does not hold: the platform's menu and resource screen.
      const [resourceMenu] = await server.db.select().from(menus).where(eq(menus.code, 'admin.resource'));
      const beyond = await server.request(
        roleApi.add,
        { name: 'Beyond', description: 'more than the merchant holds', merchantId: agentId, menuIds: [resourceMenu!.id] },
        { token: admin },
      );
      expect(beyond.code).toBe(1);
      const refused = await add(merchant, newAccount('demo.beyond', { roleIds: [beyond.data.id] }), 'th');
      expect(refused.code).toBe(2018);
      expect(refused.message).toBe('คุณไม่สามารถมอบสิทธิ์ที่คุณไม่มีได้');
      const siamRole = await server.request(
        roleApi.add,
        { name: 'Siam clerk', description: 'clerk of Siam', merchantId: siamId },
        { token: admin },
      );
      expect((await add(merchant, newAccount('demo.siamrole', { roleIds: [siamRole.data.id] }))).code).toBe(1017);
      const wrongTenant = await add(admin, newAccount('siam.wrongrole', { merchantId: siamId, roleIds: [clerkRoleId] }));
      expect(wrongTenant.code).toBe(1021);
      expect(wrongTenant.data.fields[0].field).toBe('roleIds');
      expect((await add(admin, newAccount('siam.norole', { merchantId: siamId, roleIds: [999999] }))).code).toBe(1017);
    });
  });

  describe('sub-accounts and rank', () => {
    let sub: string;
    beforeAll(async () => {
      const [accountMenu] = await server.db.select().from(menus).where(eq(menus.code, 'admin.admin'));
      const tree = await server.request(roleApi.grantable, undefined, { token: merchant });
      const ids = collectResources(tree.data, ['admin.admin.add', 'admin.admin.edit', 'admin.admin.status', 'admin.admin.resetPassword']);
      const role = await server.request(
        roleApi.add,
        { name: 'Clerk lead', description: 'Manages clerks', menuIds: [accountMenu!.id], resourceIds: ids },
        { token: merchant },
      );
      expect(role.code).toBe(1);
      const [subRow] = await server.db.select().from(accounts).where(eq(accounts.username, CLERK));
      const assigned = await server.request(
        accountApi.assignRoles,
        { id: subRow!.id, roleIds: [clerkRoleId, role.data.id] },
        { token: merchant },
      );
      expect([...assigned.data.roleNames].sort()).toEqual(['Clerk lead', 'Station clerk']);
      sub = await server.login(CLERK, PASSWORD);
    });

    it('lets a sub-account create sub-accounts but never a general administrator', async () => {
      expect((await add(sub, newAccount('sub.made'))).data).toMatchObject({ type: 'SON', merchantId: agentId });
      const normal = await add(sub, newAccount('sub.normal', { type: 'NORMAL' }));
      expect(normal.code).toBe(2005);
    });

    it('keeps a sub-account off its administrator: no edit, disable or password reset', async () => {
      const id = agent.admin.id;
      expect((await server.request(accountApi.edit, { id, name: 'Taken over' }, { token: sub })).code).toBe(2005);
      expect((await server.request(accountApi.status, { id, status: 'DISABLED' }, { token: sub })).code).toBe(2005);
      expect((await server.request(accountApi.resetPassword, { id, password: PASSWORD }, { token: sub })).code).toBe(2005);
      const [made] = await server.db.select().from(accounts).where(eq(accounts.username, 'sub.made'));
      const promote = await server.request(accountApi.edit, { id: made!.id, name: 'Made', type: 'NORMAL' }, { token: sub });
      expect(promote.code).toBe(2005);
    });

    it('lets only a SUPER change a SUPER', async () => {
      const [adminRow] = await server.db.select().from(accounts).where(eq(accounts.username, 'admin'));
      const ops = (await createPlatformAccount(server, admin, ['admin.admin'])).token;
      expect((await server.request(accountApi.resetPassword, { id: adminRow!.id, password: PASSWORD }, { token: ops })).code).toBe(2003);
      expect((await server.request(accountApi.status, { id: adminRow!.id, status: 'DISABLED' }, { token: ops })).code).toBe(2003);
      expect((await server.request(accountApi.detail, { id: agent.admin.id }, { token: ops })).code).toBe(1);
    });
  });

  describe('edit, status, password and roles', () => {
    let clerkId: number;
    beforeAll(async () => {
      const [row] = await server.db.select().from(accounts).where(eq(accounts.username, 'demo.clerk2'));
      clerkId = row!.id;
    });

    it('edits name, phone and type, auditing the difference', async () => {
      const edited = await server.request(
        accountApi.edit,
        { id: clerkId, name: 'Clerk Two', phone: '+62 811 222 333', type: 'NORMAL' },
        { token: merchant },
      );
      expect(edited.data).toMatchObject({ name: 'Clerk Two', phone: '+62 811 222 333', type: 'NORMAL' });
      const cleared = await server.request(
        accountApi.edit,
        { id: clerkId, name: 'Clerk Two', phone: '', type: 'SON' },
        { token: merchant },
      );
      expect(cleared.data).toMatchObject({ phone: null, type: 'SON' });
      const audit = await server.db.select().from(auditLogs).where(eq(auditLogs.action, 'account.edit'));
      expect(audit.find((entry) => entry.objectId === String(clerkId))!.changes).toMatchObject({ name: ['demo_clerk2', 'Clerk Two'] });
      expect((await server.request(accountApi.edit, { id: clerkId, name: 'bad name!' }, { token: merchant })).status).toBe(400);
      expect((await server.request(accountApi.edit, { id: clerkId, name: 'Ok', phone: 'call me' }, { token: merchant })).status).toBe(400);
      expect(
        (await server.request(accountApi.edit, { id: clerkId, name: 'Ok', phone: '+62 812-3456-7890' }, { token: merchant })).code,
      ).toBe(2006);
    });

    it('keeps platform and SUPER identity types and refuses changing one’s own type', async () => {
      const [adminRow] = await server.db.select().from(accounts).where(eq(accounts.username, 'admin'));
      expect(
        (await server.request(accountApi.edit, { id: adminRow!.id, name: 'Platform admin', type: 'NORMAL' }, { token: admin })).code,
      ).toBe(1021);
      expect((await server.request(accountApi.edit, { id: adminRow!.id, name: 'Platform chief' }, { token: admin })).data.name).toBe(
        'Platform chief',
      );
      expect((await server.request(accountApi.edit, { id: agent.admin.id, name: 'Budi', type: 'SON' }, { token: merchant })).code).toBe(
        2019,
      );
    });

    it('disables an account, ending its sessions at once, and nobody disables themselves', async () => {
      await server.request(accountApi.resetPassword, { id: clerkId, password: PASSWORD }, { token: merchant });
      const clerk = await server.login('demo.clerk2', PASSWORD);
      expect((await server.request(menuApi.levels, undefined, { token: clerk })).code).toBe(1);
      const disabled = await server.request(accountApi.status, { id: clerkId, status: 'DISABLED' }, { token: merchant });
      expect(disabled.data.status).toBe('DISABLED');
      const ended = await server.request(menuApi.levels, undefined, { token: clerk });
      expect(ended.code).toBe(405);
      expect((await server.request(sessionApi.signIn, { username: 'demo.clerk2', password: PASSWORD })).code).toBe(2002);
      await server.request(accountApi.status, { id: clerkId, status: 'ENABLED' }, { token: merchant });
      expect(await server.login('demo.clerk2', PASSWORD)).toBeTruthy();

      const self = await server.request(accountApi.status, { id: agent.admin.id, status: 'DISABLED' }, { token: merchant, lang: 'in' });
      expect(self.code).toBe(2019);
      expect(self.message).toBe('Anda tidak dapat menonaktifkan atau menghapus akun Anda sendiri');
      expect(
        (await server.call('POST', endpointUrl(accountApi.status), { token: merchant, body: { id: clerkId, status: 'PAUSED' } })).status,
      ).toBe(400);
    });

    it('resets a password: old sessions end, the new password works, nothing is logged', async () => {
      const clerk = await server.login('demo.clerk2', PASSWORD);
      expect((await server.request(accountApi.resetPassword, { id: clerkId, password: 'weak' }, { token: merchant })).status).toBe(400);
      const reset = await server.request(accountApi.resetPassword, { id: clerkId, password: 'Another-Pass-7' }, { token: merchant });
      expect(reset.code).toBe(1);
      expect((await server.request(menuApi.levels, undefined, { token: clerk })).code).toBe(405);
      expect((await server.request(sessionApi.signIn, { username: 'demo.clerk2', password: PASSWORD })).code).toBe(2002);
      expect(await server.login('demo.clerk2', 'Another-Pass-7')).toBeTruthy();
      const audit = await server.db.select().from(auditLogs);
      expect(JSON.stringify(audit)).not.toContain('Another-Pass-7');
      expect(audit.some((entry) => entry.action === 'account.resetPassword' && entry.objectId === String(clerkId))).toBe(true);
    });

    it('assigns roles within the tenant and what the caller holds; removing an unheld role is allowed', async () => {
      const assigned = await server.request(
        accountApi.assignRoles,
        { id: clerkId, roleIds: [clerkRoleId, merchantAdminRoleId] },
        { token: merchant },
      );
      expect(assigned.data.roleIds.sort()).toEqual([clerkRoleId, merchantAdminRoleId].sort());
      const beyond = (await server.request(roleApi.search, { keyword: 'Beyond' }, { token: admin })).data.records[0]!;
      expect(
        (await server.call('POST', endpointUrl(accountApi.assignRoles), { token: merchant, body: { id: clerkId, roleIds: [beyond.id] } }))
          .code,
      ).toBe(2018);
      // The platform grants it; the merchant may still take it away.
      expect(
        (
          await server.call('POST', endpointUrl(accountApi.assignRoles), {
            token: admin,
            body: { id: clerkId, roleIds: [clerkRoleId, beyond.id] },
          })
        ).code,
      ).toBe(1);
      expect(
        (
          await server.call('POST', endpointUrl(accountApi.assignRoles), {
            token: merchant,
            body: { id: clerkId, roleIds: [clerkRoleId, beyond.id] },
          })
        ).code,
      ).toBe(1);
      expect(
        (await server.request(accountApi.assignRoles, { id: clerkId, roleIds: [clerkRoleId] }, { token: merchant })).data.roleIds,
      ).toEqual([clerkRoleId]);
      expect(
        (await server.call('POST', endpointUrl(accountApi.assignRoles), { token: merchant, body: { id: clerkId, roleIds: ['x'] } })).status,
      ).toBe(400);
    });
  });

  describe('mail', () => {
    const mailOf = async (id: number) =>
      (await server.db.select({ email: accounts.email }).from(accounts).where(eq(accounts.id, id)))[0]!.email;

    it('sets the mail on add and edit, shows it in the list, finds it by keyword and audits the difference', async () => {
      const created = await add(merchant, newAccount('mail.clerk', { email: 'Mail.Clerk@example.test' }));
      expect(created.data).toMatchObject({ username: 'mail.clerk', email: 'Mail.Clerk@example.test' });
      const id = created.data.id as number;
      const [added] = await server.db
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.objectId, String(id)));
      expect(added!.changes).toMatchObject({ email: 'Mail.Clerk@example.test' });
      const found = await server.request(accountApi.search, { keyword: 'clerk@example' }, { token: merchant });
      expect(found.data.records.map((r) => [r.username, r.email])).toEqual([['mail.clerk', 'Mail.Clerk@example.test']]);
      const edited = await server.request(
        accountApi.edit,
        { id, name: 'Mail clerk', email: ' clerk.two@example.test ' },
        { token: merchant },
      );
      expect(edited.data).toMatchObject({ name: 'Mail clerk', email: 'clerk.two@example.test' });
      const audit = await server.db.select().from(auditLogs).where(eq(auditLogs.action, 'account.edit'));
      expect(audit.find((entry) => entry.objectId === String(id))!.changes).toMatchObject({
        email: ['Mail.Clerk@example.test', 'clerk.two@example.test'],
      });
      const cleared = await server.request(accountApi.edit, { id, name: 'Mail clerk', email: '' }, { token: merchant });
      expect(cleared.data.email).toBeNull();
      expect(await mailOf(id)).toBeNull();
      const csv = await server.request(accountApi.export, { keyword: 'mail.clerk' }, { token: merchant });
      expect(csv.raw.body.split('\r\n')[0]).toContain('Email');
    });

    it('sorts the list and the CSV by mail, both ways, accounts without one last when ascending', async () => {
      const mails: [string, string][] = [
        ['sort.b', 'b.sort@example.test'],
        ['sort.a', 'a.sort@example.test'],
        ['sort.none', ''],
        ['sort.c', 'c.sort@example.test'],
      ];
      for (const [username, email] of mails) expect((await add(merchant, newAccount(username, { email }))).code).toBe(1);
      const order = async (direction: 'ascend' | 'descend') => {
        const page = await server.request(
          accountApi.search,
          { keyword: 'sort.', sort: { field: 'email', order: direction } },
          { token: merchant },
        );
        return page.data.records.map((r) => r.username);
      };
      expect(await order('ascend')).toEqual(['sort.a', 'sort.b', 'sort.c', 'sort.none']);
      expect(await order('descend')).toEqual(['sort.none', 'sort.c', 'sort.b', 'sort.a']);
      const csv = await server.request(
        accountApi.export,
        { keyword: 'sort.', sort: { field: 'email', order: 'ascend' } },
        { token: merchant },
      );
      const rows = csv.raw.body.split('\r\n').slice(1).filter(Boolean);
      expect(rows.map((line) => line.split(',')[1])).toEqual(['sort.a', 'sort.b', 'sort.c', 'sort.none']);
    });

    it('refuses a bad, NUL or huge address in four languages, changing nothing', async () => {
      const id = (await add(merchant, newAccount('mail.keep', { email: 'keep@example.test' }))).data.id as number;
      const words = {
        en: 'Email must be an email address',
        in: 'Email harus alamat email',
        th: 'อีเมลต้องเป็นที่อยู่อีเมล',
        zh: '邮箱必须是邮箱地址',
      };
      for (const [lang, message] of Object.entries(words) as ['en' | 'in' | 'th' | 'zh', string][]) {
        const body = { id, name: 'Keep', email: 'not-an-address' };
        const edit = await server.call('POST', endpointUrl(accountApi.edit), { token: merchant, body, lang });
        expect(edit.status).toBe(400);
        expect(edit.data.fields).toEqual([expect.objectContaining({ field: 'email', message })]);
      }
      for (const email of ['a\u0000@example.test', `${'a'.repeat(5000)}@example.test`, 'two@@example.test', 'a b@example.test', ['x']]) {
        const edit = await server.call('POST', endpointUrl(accountApi.edit), { token: merchant, body: { id, name: 'Keep', email } });
        expect(edit.status, JSON.stringify(email).slice(0, 40)).toBe(400);
        expect(edit.data.fields.map((f: { field: string }) => f.field)).toEqual(['email']);
      }
      const bad = await add(merchant, newAccount('mail.bad', { email: 'nobody' }), 'th');
      expect(bad.status).toBe(400);
      expect(bad.data.fields[0]).toMatchObject({ field: 'email', message: words.th });
      expect(await server.db.select().from(accounts).where(eq(accounts.username, 'mail.bad'))).toEqual([]);
      expect(await mailOf(id)).toBe('keep@example.test');
    });

    it('refuses to set the mail of another tenant’s account or of a higher rank, changing nothing', async () => {
      const before = await mailOf(agent.admin.id);
      const other = await server.request(
        accountApi.edit,
        { id: agent.admin.id, name: 'Hijack', email: 'thief@example.test' },
        { token: siam.admin.token },
      );
      expect(other).toMatchObject({ status: 404, code: 1017 });
      const [clerkRow] = await server.db.select().from(accounts).where(eq(accounts.username, CLERK));
      expect(clerkRow!.type).toBe('SON');
      const clerk = await server.login(CLERK, PASSWORD);
      const higher = await server.request(
        accountApi.edit,
        { id: agent.admin.id, name: 'Hijack', email: 'thief@example.test' },
        { token: clerk },
      );
      expect(higher.code).toBe(2005);
      expect(await mailOf(agent.admin.id)).toBe(before);
      const audit = await server.db
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.objectId, String(agent.admin.id)));
      expect(JSON.stringify(audit.map((entry) => entry.changes))).not.toContain('thief@example.test');
    });
  });

  describe('tenant isolation', () => {
    it('lets another merchant’s administrator see and change only its own accounts', async () => {
      const list = await server.request(accountApi.search, { size: 100 }, { token: siam.admin.token });
      expect(list.data.records.every((r: { merchantId: number | null }) => r.merchantId === siamId)).toBe(true);
      const id = agent.admin.id;
      for (const [url, body] of [
        ['edit', { id, name: 'Hijack' }],
        ['status', { id, status: 'DISABLED' }],
        ['resetPassword', { id, password: PASSWORD }],
        ['assignRoles', { id, roleIds: [] }],
      ] as const) {
        const answer = await server.call('POST', endpointUrl(accountApi[url]), { token: siam.admin.token, body });
        expect(answer.status, url).toBe(404);
        expect(answer.code).toBe(1017);
      }
      expect((await server.request(accountApi.detail, { id: id }, { token: siam.admin.token })).code).toBe(1017);
      const [after] = await server.db.select().from(accounts).where(eq(accounts.id, id));
      expect(after!.status).toBe('ENABLED');
    });
  });

  describe('export', () => {
    it('exports the current filter as CSV with localized headers, within the tenant', async () => {
      const answer = await server.request(accountApi.export, { type: 'NORMAL' }, { token: merchant, lang: 'in' });
      expect(answer.status).toBe(200);
      expect(answer.raw.headers['content-type']).toContain('text/csv');
      const lines = answer.raw.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toContain('Nama pengguna');
      const usernames = lines.slice(1).map((line) => line.split(',')[1]);
      expect(usernames).toContain(agent.admin.username);
      expect(usernames).not.toContain('admin');
      expect(usernames).not.toContain(CLERK);
      expect(lines.find((line) => line.includes(`,${agent.admin.username},`))).toContain(agent.roleName);
      expect(
        (await server.call('POST', endpointUrl(accountApi.export), { token: merchant, body: { keyword: 'javascript:alert(1)' } })).code,
      ).toBe(1014);
    });
  });
});

interface Node {
  resources: { id: number; code: string }[];
  children: Node[];
}

function collectResources(nodes: Node[], codes: string[]): number[] {
  const found: number[] = [];
  const walk = (list: Node[]) => {
    for (const node of list) {
      for (const resource of node.resources) if (codes.includes(resource.code)) found.push(resource.id);
      walk(node.children);
    }
  };
  walk(nodes);
  return found;
}
