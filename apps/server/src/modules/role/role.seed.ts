import type { Db } from '../../db/client.js';
import type { DemoContext } from '../../db/demo.js';
import { MERCHANT_ADMIN_MENUS, MERCHANT_ADMIN_READS, grantRole } from './role.refs.js';
import { roles } from './role.table.js';

/** The demo sub-account's role: a station clerk who sees devices, swaps and reservations, and the dashboard without its sales trends. */
const CLERK_MENUS = [
  'operation.battery',
  'operation.cabinet',
  'record.swap',
  'record.appointment',
  'dashboard.figures',
  'dashboard.ranking',
];

/** The demo agent's two roles, merchant administrator and station clerk (once, with the demo organisation). */
export async function seedDemoRoles(db: Db, demo: DemoContext): Promise<void> {
  const agent = demo.merchantIds['Demo Agent'];
  if (!demo.addOrganisation || agent === undefined) return;
  const [merchantAdmin] = await db
    .insert(roles)
    .values({
      name: 'Merchant admin',
      description: 'Runs the merchant: devices, stock, prices, orders, customers and staff',
      sort: 1,
      merchantId: agent,
    })
    .returning();
  const [clerk] = await db
    .insert(roles)
    .values({ name: 'Station clerk', description: 'Watches batteries, cabinets, swaps and reservations', sort: 2, merchantId: agent })
    .returning();
  await grantRole(db, merchantAdmin!.id, MERCHANT_ADMIN_MENUS, MERCHANT_ADMIN_READS);
  await grantRole(db, clerk!.id, CLERK_MENUS);
  demo.roleIds = { 'Merchant admin': merchantAdmin!.id, 'Station clerk': clerk!.id };
}
