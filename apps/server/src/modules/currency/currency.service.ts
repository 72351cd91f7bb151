import { eq, isNull } from 'drizzle-orm';
import type { CurrencyConfig, CurrencyEdit } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { Ctx, Principal } from '../../app/context.js';
import { AppError } from '../../app/errors.js';
import { recordAudit } from '../audit-log/index.js';
import { merchantExists } from '../merchant/index.js';
import { currencyConfigs } from './currency.table.js';

type CurrencyRow = typeof currencyConfigs.$inferSelect;

/** Used only if the platform row was never seeded; the seed writes IDR. */
const FALLBACK: CurrencyConfig = { currency: 'IDR', merchantId: null, updatedAt: null };

function toConfig(row: CurrencyRow): CurrencyConfig {
  return { currency: row.currency, merchantId: row.merchantId, updatedAt: row.updatedAt.toISOString() };
}

async function rowOf(db: Db, merchantId: number | null): Promise<CurrencyRow | undefined> {
  const [row] = await db
    .select()
    .from(currencyConfigs)
    .where(merchantId === null ? isNull(currencyConfigs.merchantId) : eq(currencyConfigs.merchantId, merchantId));
  return row;
}

async function assertMerchantExists(db: Db, merchantId: number): Promise<void> {
  if (!(await merchantExists(db, merchantId))) throw new AppError('agentMissing');
}

/**
 * The tenant whose currency a caller reads or writes: a merchant account always its own
 * (another merchant's answers as missing), platform staff the platform default or the merchant named.
 */
async function tenantOf(db: Db, principal: Principal, requested: number | null | undefined): Promise<number | null> {
  if (principal.merchantId !== null) {
    if (requested != null && requested !== principal.merchantId) throw new AppError('agentMissing');
    return principal.merchantId;
  }
  if (requested == null) return null;
  await assertMerchantExists(db, requested);
  return requested;
}

/**
 * The tenant's own row, else the platform default. A merchant account reads its own tenant whatever
 * it asks for (the sidebar never needs another's); platform staff may name a merchant.
 */
export async function currencyDetail(ctx: Ctx, merchantId: number | undefined): Promise<CurrencyConfig> {
  let tenant = ctx.principal.merchantId;
  if (tenant === null && merchantId !== undefined) {
    await assertMerchantExists(ctx.db, merchantId);
    tenant = merchantId;
  }
  const own = tenant === null ? undefined : await rowOf(ctx.db, tenant);
  const row = own ?? (await rowOf(ctx.db, null));
  return row ? toConfig(row) : FALLBACK;
}

export async function editCurrency(ctx: Ctx, input: CurrencyEdit): Promise<CurrencyConfig> {
  const tenant = await tenantOf(ctx.db, ctx.principal, input.merchantId);
  return ctx.db.transaction(async (tx) => {
    const before = await rowOf(tx, tenant);
    let row: CurrencyRow | undefined;
    if (before) {
      [row] = await tx
        .update(currencyConfigs)
        .set({ currency: input.currency, updatedAt: new Date() })
        .where(eq(currencyConfigs.id, before.id))
        .returning();
    } else {
      [row] = await tx.insert(currencyConfigs).values({ merchantId: tenant, currency: input.currency }).onConflictDoNothing().returning();
      // A concurrent first edit inserted the row meanwhile: this edit lands on it.
      if (!row) {
        const created = await rowOf(tx, tenant);
        if (created)
          [row] = await tx
            .update(currencyConfigs)
            .set({ currency: input.currency, updatedAt: new Date() })
            .where(eq(currencyConfigs.id, created.id))
            .returning();
      }
    }
    if (!row) throw new AppError('systemException');
    await recordAudit(tx, ctx, {
      action: 'currency.edit',
      objectType: 'currency_config',
      objectId: tenant ?? 'platform',
      changes: { currency: [before?.currency ?? null, row.currency] },
    });
    return toConfig(row);
  });
}
