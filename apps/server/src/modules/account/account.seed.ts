import { eq } from 'drizzle-orm';
import { DEMO_PASSWORD } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { DemoContext } from '../../db/demo.js';
import { hashPassword } from './password.js';
import { accountRoles, accounts } from './account.table.js';

/** The username of the demo's platform administrator: while it does not exist, the demo organisation is added. */
const DEMO_ADMIN = 'admin';

/** Whether the demo organisation was added already: its platform administrator exists. */
export async function demoAdminExists(db: Db): Promise<boolean> {
  const [admin] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.username, DEMO_ADMIN));
  return admin !== undefined;
}

/**
 * The demo accounts (once, with the demo organisation): the platform administrator, the demo
 * agent's administrator and its station clerk, all with the demo password.
 */
export async function seedDemoAccounts(db: Db, demo: DemoContext): Promise<void> {
  if (!demo.addOrganisation) return;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const agent = demo.merchantIds['Demo Agent']!;
  await db.insert(accounts).values({ username: DEMO_ADMIN, name: 'Platform admin', passwordHash, accountType: 'PLATFORM', type: 'SUPER' });
  const [merchantAccount] = await db
    .insert(accounts)
    .values({
      username: 'merchant',
      name: 'Budi Santoso',
      phone: '+62 812-3456-7890',
      email: 'budi.santoso@example.com',
      passwordHash,
      accountType: 'MERCHANT',
      type: 'NORMAL',
      merchantId: agent,
    })
    .returning();
  const [subAccount] = await db
    .insert(accounts)
    .values({
      username: 'subaccount',
      name: 'Dewi Lestari',
      email: 'dewi.lestari@example.com',
      passwordHash,
      accountType: 'MERCHANT',
      type: 'SON',
      merchantId: agent,
      createdBy: merchantAccount!.id,
    })
    .returning();
  await db.insert(accountRoles).values([
    { accountId: merchantAccount!.id, roleId: demo.roleIds['Merchant admin']! },
    { accountId: subAccount!.id, roleId: demo.roleIds['Station clerk']! },
  ]);
}
