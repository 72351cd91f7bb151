import type { Db } from '../../db/client.js';
import type { DemoContext } from '../../db/demo.js';
import { currencyConfigs } from './currency.table.js';

/** Every database: the platform's currency, IDR until an administrator changes it. */
export async function seedPlatformCurrency(db: Db): Promise<void> {
  await db.insert(currencyConfigs).values({ merchantId: null, currency: 'IDR' }).onConflictDoNothing();
}

/** The demo agent's own currency (once, with the demo organisation). */
export async function seedDemoCurrency(db: Db, demo: DemoContext): Promise<void> {
  const agent = demo.merchantIds['Demo Agent'];
  if (!demo.addOrganisation || agent === undefined) return;
  await db.insert(currencyConfigs).values({ merchantId: agent, currency: 'IDR' }).onConflictDoNothing();
}
