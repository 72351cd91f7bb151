import { eq, sql } from 'drizzle-orm';
import { DEMO_PASSWORD, messageText, newPassword } from '@swap/contracts';
import type { Db } from './client.js';
import { accountRoles, accounts } from '../modules/account/account.table.js';
import { merchants } from '../modules/merchant/merchant.table.js';
import { roleMenus, roleResources, roles } from '../modules/role/role.table.js';
import { currencyConfigs } from '../modules/currency/currency.table.js';
import { commonSettings } from '../modules/common-setting/common-setting.table.js';
import { menuIdsByCode, resourceIdsOfMenus, syncMenuTree } from '../modules/menu/index.js';
import { hashPassword } from '../modules/session/index.js';
import { passwordWeakness } from '../modules/session/index.js';
import { seedDemoProducts } from './seed-products.js';
import { seedDemoDeviceCredentials } from '../modules/device-credential/index.js';
import { seedModuleDemos } from '../modules/index.js';

export interface SeedOptions {
  demo: boolean;
  adminUsername?: string | undefined;
  adminPassword?: string | undefined;
  /** Demo types, devices and stock history (DEMO_DEVICES, on unless 0); only with demo. */
  demoDevices?: boolean;
  /** With demo devices: their MQTT credentials derive from this master secret. */
  deviceDemoSecret?: string | undefined;
}

/** Menu items the demo merchant administrator's role grants (the merchant's whole business). */
const MERCHANT_ADMIN_MENUS = [
  'operation.vehicle',
  'operation.battery',
  'operation.cabinet',
  'alarm.battery',
  'alarm.cabinet',
  'alarm.records',
  'stock.vehicle',
  'stock.battery',
  'stock.cabinet',
  'price.vehicle',
  'price.product',
  'site.store',
  'site.cabinet',
  'application.list',
  'message.updateMessage',
  'order.product',
  'order.vehicle',
  'order.battery',
  'order.wallet',
  'order.combo',
  'order.transfer',
  'order.kwh',
  'record.swap',
  'record.appointment',
  'customer.list',
  'customer.authentication',
  'admin.admin',
  'admin.role',
  'admin.merchant',
  'system.international.currency',
];

/** The demo sub-account's role: a station clerk who sees devices, swaps and reservations only. */
const CLERK_MENUS = ['operation.battery', 'operation.cabinet', 'record.swap', 'record.appointment'];

async function grantRole(db: Db, roleId: number, menuCodes: string[]): Promise<void> {
  const menuIds = await menuIdsByCode(db, menuCodes);
  const resourceIds = await resourceIdsOfMenus(db, menuCodes);
  if (menuIds.length)
    await db
      .insert(roleMenus)
      .values(menuIds.map((menuId) => ({ roleId, menuId })))
      .onConflictDoNothing();
  if (resourceIds.length)
    await db
      .insert(roleResources)
      .values(resourceIds.map((resourceId) => ({ roleId, resourceId })))
      .onConflictDoNothing();
}

const DEFAULT_SETTINGS = [
  { name: 'tour_enabled', value: 'true', description: 'Show the first-visit tour to new users', remark: '' },
  {
    name: 'telemetry_retention',
    value: '90',
    description: 'Days of device telemetry history kept for trajectories and charts',
    remark: 'days',
  },
];

export async function seed(db: Db, options: SeedOptions): Promise<void> {
  await syncMenuTree(db);
  await db.insert(currencyConfigs).values({ merchantId: null, currency: 'IDR' }).onConflictDoNothing();
  await db.insert(commonSettings).values(DEFAULT_SETTINGS).onConflictDoNothing();

  if (options.adminUsername) await ensureSuperAdmin(db, options.adminUsername, options.adminPassword);
  if (options.demo) {
    await seedDemo(db, options.demoDevices ?? true);
    if ((options.demoDevices ?? true) && options.deviceDemoSecret) await seedDemoDeviceCredentials(db, options.deviceDemoSecret);
  } else {
    const [superCount] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(accounts)
      .where(eq(accounts.type, 'SUPER'));
    if (!superCount || superCount.n === 0) {
      throw new Error('No super administrator exists: set ADMIN_USERNAME and ADMIN_PASSWORD (or DEMO=1)');
    }
  }
}

async function ensureSuperAdmin(db: Db, username: string, password: string | undefined): Promise<void> {
  const [existing] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(sql`lower(${accounts.username}) = lower(${username})`);
  if (existing) return;
  const checked = newPassword.safeParse(password ?? '');
  if (!checked.success) throw new Error('ADMIN_PASSWORD is too weak: use 8 to 64 characters mixing letters and digits');
  const weakness = await passwordWeakness(checked.data, username);
  if (weakness) throw new Error(`ADMIN_PASSWORD is refused: ${messageText(weakness, 'en')}`);
  await db.insert(accounts).values({
    username,
    name: 'Administrator',
    passwordHash: await hashPassword(checked.data),
    accountType: 'PLATFORM',
    type: 'SUPER',
  });
}

async function seedDemo(db: Db, withDevices: boolean): Promise<void> {
  const [existing] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.username, 'admin'));
  if (!existing) await seedDemoAccounts(db);
  const demoMerchants = await db.select({ id: merchants.id, name: merchants.name }).from(merchants);
  // Its own check: a demo database from before the product centre gains the devices too.
  if (withDevices) await seedDemoProducts(db);
  await seedModuleDemos(db, { merchantIds: Object.fromEntries(demoMerchants.map((row) => [row.name, row.id])), withDevices });
}

async function seedDemoAccounts(db: Db): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const [agent] = await tx
      .insert(merchants)
      .values({
        name: 'Demo Agent',
        type: 'AGENT',
        personInCharge: 'Budi Santoso',
        contact: '+62 812-3456-7890',
        officeAddress: 'Jl. Sudirman 52, Jakarta',
      })
      .returning();
    await tx.insert(merchants).values({
      name: 'Siam Swap Direct',
      type: 'DIRECT',
      personInCharge: 'Somchai Wong',
      contact: '+66 81 234 5678',
      officeAddress: '88 Sukhumvit Rd, Bangkok',
    });
    await tx.insert(currencyConfigs).values({ merchantId: agent!.id, currency: 'IDR' }).onConflictDoNothing();

    const [merchantAdminRole] = await tx
      .insert(roles)
      .values({
        name: 'Merchant admin',
        description: 'Runs the merchant: devices, stock, prices, orders, customers and staff',
        sort: 1,
        merchantId: agent!.id,
      })
      .returning();
    const [clerkRole] = await tx
      .insert(roles)
      .values({ name: 'Station clerk', description: 'Watches batteries, cabinets, swaps and reservations', sort: 2, merchantId: agent!.id })
      .returning();
    await grantRole(tx, merchantAdminRole!.id, MERCHANT_ADMIN_MENUS);
    await grantRole(tx, clerkRole!.id, CLERK_MENUS);

    await tx.insert(accounts).values({ username: 'admin', name: 'Platform admin', passwordHash, accountType: 'PLATFORM', type: 'SUPER' });
    const [merchantAccount] = await tx
      .insert(accounts)
      .values({
        username: 'merchant',
        name: 'Budi Santoso',
        phone: '+62 812-3456-7890',
        passwordHash,
        accountType: 'MERCHANT',
        type: 'NORMAL',
        merchantId: agent!.id,
      })
      .returning();
    const [subAccount] = await tx
      .insert(accounts)
      .values({
        username: 'subaccount',
        name: 'Dewi Lestari',
        passwordHash,
        accountType: 'MERCHANT',
        type: 'SON',
        merchantId: agent!.id,
        createdBy: merchantAccount!.id,
      })
      .returning();
    await tx.insert(accountRoles).values([
      { accountId: merchantAccount!.id, roleId: merchantAdminRole!.id },
      { accountId: subAccount!.id, roleId: clerkRole!.id },
    ]);
  });
}
