import { MENU_TREE } from '@swap/contracts';
import { describe, expect, test } from '../support/fixtures.js';
import { newContext } from '../support/browser.js';
import { AccountListPage } from '../pages/account-list-page.js';
import { RoleListPage } from '../pages/role-list-page.js';
import { Shell } from '../pages/shell.js';
import { MERCHANT_ADMIN_MENUS, createMerchant, createSubAccount } from '../support/factories.js';

const SYSTEM_SCREENS = [
  '/system/admin/list',
  '/system/merchant/list',
  '/system/role/list',
  '/system/menu/index',
  '/system/common/setting',
  '/system/audit-log',
  '/system/international/currency',
];

/** Paths of the menu items with these codes. */
function pathsOf(codes: string[]): string[] {
  return MENU_TREE.flatMap((centre) => centre.groups.flatMap((group) => group.items))
    .filter((item) => codes.includes(item.code))
    .map((item) => item.url);
}

/** A short unique suffix: names are at most 20 characters. */
const stamp = () => Date.now().toString(36).slice(-6);
const PASSWORD = 'Fresh-Pass-2026';

describe('menus per account', () => {
  test('the platform admin sees the whole system centre', async ({ page }) => {
    const shell = new Shell(page);
    await shell.signIn('admin');
    expect(await shell.menuPaths()).toEqual(expect.arrayContaining(SYSTEM_SCREENS));
  });

  test('the merchant administrator sees its granted screens but not menus and resources', async ({ page }) => {
    const { admin } = await createMerchant();
    const shell = new Shell(page);
    await shell.signIn(admin.username, admin.password);
    const paths = await shell.menuPaths();
    expect(paths.sort()).toEqual(pathsOf(MERCHANT_ADMIN_MENUS).sort());
    for (const hidden of ['/system/menu/index', '/system/audit-log', '/system/common/setting']) expect(paths).not.toContain(hidden);
  });

  test('the sub-account sees only its few items', async ({ page }) => {
    const clerkMenus = ['operation.battery', 'operation.cabinet', 'record.swap', 'record.appointment'];
    const clerk = await createSubAccount(await createMerchant(), clerkMenus);
    const shell = new Shell(page);
    await shell.signIn(clerk.username, clerk.password);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    const paths = await shell.menuPaths();
    expect(paths.sort()).toEqual(pathsOf(clerkMenus).sort());
    expect(paths.some((path) => path.startsWith('/system/'))).toBe(false);
  });
});

describe('granting menus through a role', () => {
  test('an account sees exactly what its role grants, and the change after the role is edited', async ({ page, browser, baseURL }) => {
    const id = stamp();
    const roleName = `Settings ${id}`;
    const username = `e2e-${id}`;
    const admin = new Shell(page);
    await admin.signIn('admin');

    const roles = new RoleListPage(page);
    await roles.open();
    await roles.addRole(roleName, 'Reads the common settings', [['System centre', 'Administration', 'Common settings']]);

    const accounts = new AccountListPage(page);
    await accounts.open();
    await accounts.addPlatformAccount({ username, name: `Clerk ${id}`, password: PASSWORD, roles: [roleName] });

    const context = await newContext(browser, { baseURL });
    try {
      const userPage = await context.newPage();
      const user = new Shell(userPage);
      await user.signIn(username, PASSWORD);
      await userPage.waitForURL((url) => url.pathname === '/dashboard');
      expect(await user.menuPaths()).toEqual(['/system/common/setting']);

      await roles.open();
      await roles.addGrants(roleName, [['System centre', 'International', 'Currency']]);

      await userPage.reload();
      expect((await user.menuPaths()).sort()).toEqual(['/system/common/setting', '/system/international/currency']);
    } finally {
      await context.close();
    }
  });

  test('an account with no roles lands on the no-permission page', async ({ page, browser, baseURL }) => {
    const id = stamp();
    const username = `bare-${id}`;
    const admin = new Shell(page);
    await admin.signIn('admin');
    const accounts = new AccountListPage(page);
    await accounts.open();
    await accounts.addPlatformAccount({ username, name: `Bare ${id}`, password: PASSWORD, roles: [] });

    const context = await newContext(browser, { baseURL });
    try {
      const userPage = await context.newPage();
      await new Shell(userPage).signIn(username, PASSWORD);
      await userPage.waitForURL((url) => url.pathname === '/error-page/401');
      expect(new URL(userPage.url()).pathname).toBe('/error-page/401');
    } finally {
      await context.close();
    }
  });
});
