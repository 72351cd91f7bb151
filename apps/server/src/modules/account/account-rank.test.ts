import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, desc, eq } from 'drizzle-orm';
import { accountApi, sessionApi, DEMO_PASSWORD, endpointUrl, roleApi, swapApi } from '@swap/contracts';
import { startTestServer, type ApiAnswer, type TestServer } from '../../test/harness.js';
import { createAccountWithMenus, createMerchantRecord, platformAdmin } from '../../test/factories.js';
import { hashPassword } from './password.js';
import { auditLogs } from '../audit-log/audit-log.table.js';
import { roleMenus, roleResources, roles } from '../role/role.table.js';
import { accountRoles, accounts } from './account.table.js';

/**
 * Nobody takes over an account holding permissions they lack: every action on another account
 * (edit, type, enable, disable, password reset, role assignment, and editing the role it holds)
 * for every pair of the kinds of caller and target below, checked against the rule of
 * docs/security.md, and every refusal leaves the target as it was.
 */
const ACCOUNTS = ['admin.admin', 'admin.role'];

interface Kind {
  label: string;
  username: string;
  /** null: SUPER. */
  type: 'SUPER' | 'NORMAL' | 'SON';
  /** The tenant: null for the platform, A and B two merchants the test makes. */
  tenant: 'A' | 'B' | null;
  /** Menu codes its own role grants (with every button of those menus). */
  menus: string[];
}

const KINDS: Kind[] = [
  { label: 'SUPER', username: 'admin', type: 'SUPER', tenant: null, menus: [] },
  { label: 'second SUPER', username: 'rank.super2', type: 'SUPER', tenant: null, menus: [] },
  { label: 'platform staff (accounts only)', username: 'rank.platform', type: 'NORMAL', tenant: null, menus: ACCOUNTS },
  { label: 'merchant admin', username: 'rank.admin', type: 'NORMAL', tenant: 'A', menus: [...ACCOUNTS, 'operation.cabinet'] },
  {
    label: 'colleague with more codes',
    username: 'rank.strong',
    type: 'NORMAL',
    tenant: 'A',
    menus: [...ACCOUNTS, 'operation.cabinet', 'record.swap'],
  },
  { label: 'sub-account with fewer codes', username: 'rank.son.weak', type: 'SON', tenant: 'A', menus: ACCOUNTS },
  {
    label: 'sub-account with more codes',
    username: 'rank.son.strong',
    type: 'SON',
    tenant: 'A',
    menus: [...ACCOUNTS, 'operation.cabinet'],
  },
  { label: 'other merchant’s admin', username: 'rank.other', type: 'NORMAL', tenant: 'B', menus: ACCOUNTS },
  { label: 'other merchant’s sub-account', username: 'rank.other.son', type: 'SON', tenant: 'B', menus: ACCOUNTS },
];

type Action = 'edit' | 'type' | 'disable' | 'enable' | 'resetPassword' | 'assignRoles' | 'roleEdit';
const ACTIONS: Action[] = ['edit', 'type', 'disable', 'enable', 'resetPassword', 'assignRoles', 'roleEdit'];
const NEW_PASSWORD = 'Taken-Over-42';

/** What the rule answers: 1, or the refusal's code. */
function expected(caller: Kind, target: Kind, action: Action): number {
  if (caller.tenant !== null && caller.tenant !== target.tenant) return 1017; // another tenant's: not found
  if (target.type === 'SUPER' && caller.type !== 'SUPER') return 2003;
  if (caller.type === 'SON' && target.type !== 'SON') return 2005;
  if (caller.type !== 'SUPER' && !target.menus.every((code) => caller.menus.includes(code))) return 2030;
  if (action === 'type' && caller.type === 'SON') return 2005; // only a general administrator changes a type
  return 1;
}

/** Actions that make sense for the target: a type only for a merchant's staff, a role only where one is held. */
function applies(target: Kind, action: Action): boolean {
  if (action === 'type') return target.tenant !== null;
  if (action === 'roleEdit') return target.type !== 'SUPER';
  return true;
}

describe('account actions across ranks', () => {
  let server: TestServer;
  let tenantA: number;
  const ids = new Map<string, number>();
  const roleIds = new Map<string, number>();
  const tokens = new Map<string, string>();

  const id = (kind: Kind) => ids.get(kind.username)!;

  async function snapshot(kind: Kind) {
    const [row] = await server.db
      .select({
        name: accounts.name,
        phone: accounts.phone,
        type: accounts.type,
        status: accounts.status,
        passwordHash: accounts.passwordHash,
      })
      .from(accounts)
      .where(eq(accounts.id, id(kind)));
    const held = (
      await server.db
        .select({ roleId: accountRoles.roleId })
        .from(accountRoles)
        .where(eq(accountRoles.accountId, id(kind)))
    )
      .map((r) => r.roleId)
      .sort((a, b) => a - b);
    const own = roleIds.get(kind.username);
    const menuGrants = own
      ? (await server.db.select({ id: roleMenus.menuId }).from(roleMenus).where(eq(roleMenus.roleId, own)))
          .map((r) => r.id)
          .sort((a, b) => a - b)
      : [];
    const resourceGrants = own
      ? (await server.db.select({ id: roleResources.resourceId }).from(roleResources).where(eq(roleResources.roleId, own)))
          .map((r) => r.id)
          .sort((a, b) => a - b)
      : [];
    return { row: row!, held, menuGrants, resourceGrants };
  }
  type Snapshot = Awaited<ReturnType<typeof snapshot>>;

  async function restore(kind: Kind, before: Snapshot): Promise<void> {
    await server.db
      .update(accounts)
      .set(before.row)
      .where(eq(accounts.id, id(kind)));
    await server.db.delete(accountRoles).where(eq(accountRoles.accountId, id(kind)));
    if (before.held.length) await server.db.insert(accountRoles).values(before.held.map((roleId) => ({ accountId: id(kind), roleId })));
    const own = roleIds.get(kind.username);
    if (own) {
      await server.db.delete(roleMenus).where(eq(roleMenus.roleId, own));
      await server.db.delete(roleResources).where(eq(roleResources.roleId, own));
      if (before.menuGrants.length) await server.db.insert(roleMenus).values(before.menuGrants.map((menuId) => ({ roleId: own, menuId })));
      if (before.resourceGrants.length) {
        await server.db.insert(roleResources).values(before.resourceGrants.map((resourceId) => ({ roleId: own, resourceId })));
      }
    }
    // A reset or a disable ended its sessions.
    tokens.set(kind.username, await server.login(kind.username));
  }

  async function perform(caller: Kind, target: Kind, action: Action): Promise<ApiAnswer> {
    const token = tokens.get(caller.username)!;
    const account = (path: keyof typeof accountApi, body: unknown) => server.call('POST', endpointUrl(accountApi[path]), { token, body });
    switch (action) {
      case 'edit':
        return account('edit', { id: id(target), name: 'Renamed' });
      case 'type':
        return account('edit', {
          id: id(target),
          name: target.username.replace(/\./g, '_'),
          type: target.type === 'NORMAL' ? 'SON' : 'NORMAL',
        });
      case 'disable':
        return account('status', { id: id(target), status: 'DISABLED' });
      case 'enable':
        await server.db
          .update(accounts)
          .set({ status: 'DISABLED' })
          .where(eq(accounts.id, id(target)));
        return account('status', { id: id(target), status: 'ENABLED' });
      case 'resetPassword':
        return account('resetPassword', { id: id(target), password: NEW_PASSWORD });
      case 'assignRoles':
        return account('assignRoles', { id: id(target), roleIds: [] });
      case 'roleEdit': {
        const roleId = roleIds.get(target.username)!;
        return server.request(
          roleApi.edit,
          { id: roleId, name: `rank-${roleId}`, description: 'test role', menuIds: [], resourceIds: [] },
          { token },
        );
      }
    }
  }

  /** The change an allowed action made, as the target would notice it. */
  async function assertApplied(target: Kind, action: Action, before: Snapshot): Promise<void> {
    const after = await snapshot(target);
    const where = `${target.label} ${action}`;
    switch (action) {
      case 'edit':
        expect(after.row.name, where).toBe('Renamed');
        return;
      case 'type':
        expect(after.row.type, where).not.toBe(before.row.type);
        return;
      case 'disable':
        expect(after.row.status, where).toBe('DISABLED');
        return;
      case 'enable':
        expect(after.row.status, where).toBe('ENABLED');
        return;
      case 'resetPassword':
        expect(await server.login(target.username, NEW_PASSWORD), where).toBeTruthy();
        return;
      case 'assignRoles':
        expect(after.held, where).toEqual([]);
        return;
      case 'roleEdit':
        expect(after.menuGrants, where).toEqual([]);
        return;
    }
  }

  const refusedAudits = async () => {
    const [row] = await server.db.select({ n: count() }).from(auditLogs).where(eq(auditLogs.success, false));
    return row!.n;
  };

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000', DEMO: '0' });
    const platform = (await platformAdmin(server)).token;
    const tenants = { A: (await createMerchantRecord(server, platform)).id, B: (await createMerchantRecord(server, platform)).id };
    tenantA = tenants.A;
    // A second administrator of B, so disabling rank.other leaves B's sub-accounts their ceiling.
    await createAccountWithMenus(server.db, { username: 'rank.keeper', merchantId: tenants.B, menuCodes: ACCOUNTS, withResources: true });
    for (const kind of KINDS) {
      if (kind.username === 'admin') {
        const [row] = await server.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.username, 'admin'));
        ids.set(kind.username, row!.id);
      } else if (kind.type === 'SUPER') {
        const [row] = await server.db
          .insert(accounts)
          .values({
            username: kind.username,
            name: 'Second super',
            passwordHash: await hashPassword(DEMO_PASSWORD),
            accountType: 'PLATFORM',
            type: 'SUPER',
            merchantId: null,
          })
          .returning({ id: accounts.id });
        ids.set(kind.username, row!.id);
      } else {
        const merchantId = kind.tenant === null ? null : tenants[kind.tenant];
        const accountId = await createAccountWithMenus(server.db, {
          username: kind.username,
          merchantId,
          type: kind.type,
          menuCodes: kind.menus,
          withResources: true,
        });
        ids.set(kind.username, accountId);
        const [role] = await server.db
          .select({ id: roles.id })
          .from(roles)
          .where(eq(roles.name, `role of ${kind.username}`));
        // A name the role form accepts, so editing the role is refused or allowed on rank alone.
        await server.db
          .update(roles)
          .set({ name: `rank-${role!.id}` })
          .where(eq(roles.id, role!.id));
        roleIds.set(kind.username, role!.id);
      }
      tokens.set(kind.username, await server.login(kind.username));
    }
  });
  afterAll(() => server.close());

  // One test per caller: a table of 7 actions on 8 targets each.
  for (const caller of KINDS) {
    it(`${caller.label}: allowed exactly what the rule allows; a refusal changes nothing and is audited`, async () => {
      const mismatches: string[] = [];
      for (const target of KINDS) {
        if (caller === target) continue;
        for (const action of ACTIONS.filter((a) => applies(target, a))) {
          const before = await snapshot(target);
          const auditsBefore = await refusedAudits();
          const answer = await perform(caller, target, action);
          const want = expected(caller, target, action);
          const where = `${caller.label} → ${action} → ${target.label}`;
          if (answer.code !== want) mismatches.push(`${where}: expected ${want}, got ${answer.status}/${answer.code} ${answer.message}`);
          if (answer.code === 1) {
            await assertApplied(target, action, before);
            await restore(target, before);
            continue;
          }
          // Nothing changed: name, type, status, password, roles and what its role grants.
          const after = await snapshot(target);
          if (action === 'enable') {
            if (after.row.status !== 'DISABLED') mismatches.push(`${where}: refused but enabled`);
            after.row.status = before.row.status;
          }
          if (JSON.stringify(after) !== JSON.stringify(before)) mismatches.push(`${where}: refused but changed`);
          // A refusal on rank leaves a refused audit row; another tenant's account is simply not found.
          if (want !== 1017 && (await refusedAudits()) !== auditsBefore + 1) mismatches.push(`${where}: refusal not audited`);
          if (action === 'enable') await restore(target, before);
          // The target still signs in with its own password.
          if (action === 'resetPassword') expect(await server.login(target.username, DEMO_PASSWORD)).toBeTruthy();
        }
      }
      expect(mismatches).toEqual([]);
    }, 300_000);
  }

  it('a merchant administrator cannot take over a colleague holding more: no reset, no sign-in as them, no demotion', async () => {
    const [admin, strong] = [KINDS[3]!, KINDS[4]!];
    const token = tokens.get(admin.username)!;
    const swaps = (as: string) => server.request(swapApi.search, {}, { token: as });
    expect((await swaps(token)).status).toBe(403);

    const reset = await server.request(accountApi.resetPassword, { id: id(strong), password: NEW_PASSWORD }, { token, lang: 'in' });
    expect(reset).toMatchObject({
      status: 403,
      code: 2030,
      message: 'Anda tidak dapat mengubah akun dengan izin yang tidak Anda miliki',
    });
    expect((await server.request(sessionApi.signIn, { username: strong.username, password: NEW_PASSWORD })).code).toBe(2002);
    const own = await server.login(strong.username, DEMO_PASSWORD);
    expect((await swaps(own)).code).toBe(1);
    const [audit] = await server.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'account.resetPassword'))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(audit).toMatchObject({ objectId: String(id(strong)), success: false, changes: { refused: 'cannotActOnStronger' } });

    const before = await snapshot(strong);
    const account = (path: keyof typeof accountApi, body: unknown) => server.call('POST', endpointUrl(accountApi[path]), { token, body });
    expect((await account('assignRoles', { id: id(strong), roleIds: [] })).code).toBe(2030);
    expect((await account('edit', { id: id(strong), name: 'Demoted', type: 'SON' })).code).toBe(2030);
    expect((await account('status', { id: id(strong), status: 'DISABLED' })).code).toBe(2030);
    const roleId = roleIds.get(strong.username)!;
    const roleEdit = await server.request(
      roleApi.edit,
      { id: roleId, name: `rank-${roleId}`, description: 'test role', menuIds: [] },
      { token },
    );
    expect(roleEdit.code).toBe(2030);
    expect(await snapshot(strong)).toEqual(before);
    expect((await swaps(own)).code).toBe(1);
  });

  it('nobody makes a sub-account a general administrator holding more than themselves', async () => {
    const tenant = tenantA;
    // Its role also grants the platform's resource screen, which tenant A's administrators lack,
    // so as a sub-account it holds no more than they do.
    const beyond = await createAccountWithMenus(server.db, {
      username: 'rank.son.beyond',
      merchantId: tenant,
      type: 'SON',
      menuCodes: [...ACCOUNTS, 'admin.resource'],
      withResources: true,
    });
    const token = tokens.get('rank.admin')!;
    const account = (as: string, path: keyof typeof accountApi, body: unknown) =>
      server.call('POST', endpointUrl(accountApi[path]), { token: as, body });
    expect((await account(token, 'resetPassword', { id: beyond, password: NEW_PASSWORD })).code).toBe(1);
    const promote = await account(token, 'edit', { id: beyond, name: 'Beyond', type: 'NORMAL' });
    expect(promote.code).toBe(2030);
    const [row] = await server.db.select({ type: accounts.type, name: accounts.name }).from(accounts).where(eq(accounts.id, beyond));
    expect(row).toEqual({ type: 'SON', name: 'rank.son.beyond' });
    expect((await account(tokens.get('admin')!, 'edit', { id: beyond, name: 'Beyond', type: 'NORMAL' })).data.type).toBe('NORMAL');
  });
});
