import type { Db } from '../../db/client.js';
import type { DemoContext } from '../../db/demo.js';
import { currencyConfigs } from './currency.table.js';

/** Every database: the platform's currency, IDR until an administrator changes it. */
export async function seedPlatformCurrency(db: Db): Promise<void> {
  await db.insert(currencyConfigs).values({ merchantId: null, currency: 'IDR' }).onConflictDoNothing();
}

/** The demo merchants' own currencies (once, with the demo organisation): the Jakarta agent in
 * rupiah, the Bangkok merchant in baht, so prices and top-ups show each in its own money. */
export async function seedDemoCurrency(db: Db, demo: DemoContext): Promise<void> {
  if (!demo.addOrganisation) return;
  const own = [
    ['Demo Agent', 'IDR'],
    ['Siam Swap Direct', 'THB'],
  ] as const;
  const values = own.flatMap(([name, currency]) => {
    const merchantId = demo.merchantIds[name];
    return merchantId === undefined ? [] : [{ merchantId, currency }];
  });
  if (values.length) await db.insert(currencyConfigs).values(values).onConflictDoNothing();
}
