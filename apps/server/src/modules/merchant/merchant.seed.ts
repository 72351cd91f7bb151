import type { Db } from '../../db/client.js';
import type { DemoContext } from '../../db/demo.js';
import { merchants } from './merchant.table.js';

/** The demo merchants: an agent in Jakarta and a direct operator in Bangkok (once, with the demo organisation). */
export async function seedDemoMerchants(db: Db, demo: DemoContext): Promise<void> {
  if (demo.addOrganisation) {
    await db.insert(merchants).values({
      name: 'Demo Agent',
      type: 'AGENT',
      personInCharge: 'Budi Santoso',
      contact: '+62 812-3456-7890',
      officeAddress: 'Jl. Sudirman 52, Jakarta',
    });
    await db.insert(merchants).values({
      name: 'Siam Swap Direct',
      type: 'DIRECT',
      personInCharge: 'Somchai Wong',
      contact: '+66 81 234 5678',
      officeAddress: '88 Sukhumvit Rd, Bangkok',
    });
  }
  const rows = await db.select({ id: merchants.id, name: merchants.name }).from(merchants);
  demo.merchantIds = Object.fromEntries(rows.map((row) => [row.name, row.id]));
}
