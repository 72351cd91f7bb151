import { eq, inArray } from 'drizzle-orm';
import { DEMO_PASSWORD, type UserType } from '@swap/contracts';
import type { Db } from '../db/client.js';
import { accountRoles, accounts } from '../modules/account/account.table.js';
import { roleMenus, roleResources, roles } from '../modules/role/role.table.js';
import { menuResources, menus, resources } from '../modules/menu/menu.table.js';
import { merchants } from '../modules/merchant/merchant.table.js';
import { hashPassword } from '../modules/auth/password.js';

export interface AccountFixture {
  username: string;
  merchantId: number | null;
  type?: Exclude<UserType, 'SUPER'>;
  /** Menu codes the account's role grants. */
  menuCodes: string[];
  /** Also grant every resource (button, link) of those menus; otherwise the menus alone. */
  withResources?: boolean;
}

/** Creates an account (password DEMO_PASSWORD) with its own role, straight in the database. */
export async function createAccountWithMenus(db: Db, fixture: AccountFixture): Promise<number> {
  const menuRows = fixture.menuCodes.length
    ? await db.select({ id: menus.id }).from(menus).where(inArray(menus.code, fixture.menuCodes))
    : [];
  const resourceRows =
    fixture.withResources && menuRows.length
      ? await db
          .select({ id: resources.id })
          .from(resources)
          .innerJoin(menuResources, eq(menuResources.resourceId, resources.id))
          .where(
            inArray(
              menuResources.menuId,
              menuRows.map((row) => row.id),
            ),
          )
      : [];
  const [role] = await db
    .insert(roles)
    .values({ name: `role of ${fixture.username}`, description: 'test role', merchantId: fixture.merchantId })
    .returning();
  if (menuRows.length) await db.insert(roleMenus).values(menuRows.map((row) => ({ roleId: role!.id, menuId: row.id })));
  if (resourceRows.length) await db.insert(roleResources).values(resourceRows.map((row) => ({ roleId: role!.id, resourceId: row.id })));
  const [account] = await db
    .insert(accounts)
    .values({
      username: fixture.username,
      name: fixture.username,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      accountType: fixture.merchantId === null ? 'PLATFORM' : 'MERCHANT',
      type: fixture.type ?? 'NORMAL',
      merchantId: fixture.merchantId,
    })
    .returning();
  await db.insert(accountRoles).values({ accountId: account!.id, roleId: role!.id });
  return account!.id;
}

export async function merchantIdByName(db: Db, name: string): Promise<number> {
  const [row] = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.name, name));
  if (!row) throw new Error(`merchant ${name} is not seeded`);
  return row.id;
}
