import { and, eq, ne, sql } from 'drizzle-orm';
import { MERCHANT_SELF_EDITABLE, type MerchantAdd, type MerchantEdit, type MerchantRecord } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import { isPlatform, type Ctx } from '../../app/context.js';
import { AppError, isUniqueViolation } from '../../app/errors.js';
import { diff, recordAudit } from '../audit-log/index.js';
import { assertFilesOfTenants } from '../file/index.js';
import { merchants } from './merchant.table.js';
import { merchantDetail } from './merchant.query.js';
import { merchantAccounts } from './merchant.accounts.js';
import { handOver } from '../../app/hand-over.js';

/** The stored form of a merchant payload: absent document photos are none. */
function fieldsOf(body: MerchantAdd) {
  return {
    name: body.name,
    type: body.type,
    personInCharge: body.personInCharge,
    contact: body.contact,
    officeAddress: body.officeAddress,
    idCardFrontFileId: body.idCardFrontFileId ?? null,
    idCardBackFileId: body.idCardBackFileId ?? null,
    facePhotoFileId: body.facePhotoFileId ?? null,
  };
}
type Fields = ReturnType<typeof fieldsOf>;

async function assertNameFree(db: Db, name: string, exceptId?: number): Promise<void> {
  const [found] = await db
    .select({ id: merchants.id })
    .from(merchants)
    .where(and(sql`lower(${merchants.name}) = lower(${name})`, exceptId === undefined ? undefined : ne(merchants.id, exceptId)))
    .limit(1);
  if (found) throw new AppError('recordExists');
}

const documentsOf = (fields: Pick<Fields, 'idCardFrontFileId' | 'idCardBackFileId' | 'facePhotoFileId'>) => ({
  idCardFrontFileId: fields.idCardFrontFileId,
  idCardBackFileId: fields.idCardBackFileId,
  facePhotoFileId: fields.facePhotoFileId,
});

function sqlState(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    if (typeof current === 'object' && 'code' in current && typeof current.code === 'string') return current.code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Platform only (route scope): a new merchant, its documents uploaded by platform staff. */
export async function addMerchant(ctx: Ctx, body: MerchantAdd): Promise<MerchantRecord> {
  const fields = fieldsOf(body);
  await assertNameFree(ctx.db, fields.name);
  await assertFilesOfTenants(ctx, documentsOf(fields), [null]);
  try {
    const id = await ctx.db.transaction(async (tx) => {
      const [created] = await tx.insert(merchants).values(fields).returning({ id: merchants.id });
      await recordAudit(tx, ctx, { action: 'merchant.add', objectType: 'merchant', objectId: created!.id, changes: fields });
      return created!.id;
    });
    return await merchantDetail(ctx, id);
  } catch (error) {
    throw isUniqueViolation(error) ? new AppError('recordExists') : error;
  }
}

/**
 * Platform staff change everything; a merchant's own staff change only its contact fields
 * (name, type and identity documents are the platform's to verify) and must send the rest unchanged.
 */
export async function editMerchant(ctx: Ctx, body: MerchantEdit): Promise<MerchantRecord> {
  const current = await merchantDetail(ctx, body.id);
  const before: Fields = {
    name: current.name,
    type: current.type,
    personInCharge: current.personInCharge,
    contact: current.contact,
    officeAddress: current.officeAddress,
    ...documentsOf(current),
  };
  const after = fieldsOf(body);
  const changes = diff(before, after);
  if (!isPlatform(ctx.principal)) {
    const locked = Object.keys(changes).filter((field) => !(MERCHANT_SELF_EDITABLE as readonly string[]).includes(field));
    if (locked.length > 0) throw new AppError('noAuthority');
  }
  if (Object.keys(changes).length === 0) return current;
  if ('name' in changes) await assertNameFree(ctx.db, after.name, current.id);
  // Documents may be the platform's uploads or the merchant's own.
  const newDocuments = Object.fromEntries(Object.entries(documentsOf(after)).filter(([field]) => field in changes));
  await assertFilesOfTenants(ctx, newDocuments, [null, current.id]);
  try {
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(merchants)
        .set({ ...after, updatedAt: new Date() })
        .where(eq(merchants.id, current.id));
      await recordAudit(tx, ctx, { action: 'merchant.edit', objectType: 'merchant', objectId: current.id, changes });
    });
  } catch (error) {
    throw isUniqueViolation(error) ? new AppError('recordExists') : error;
  }
  return merchantDetail(ctx, current.id);
}

/** Removes a merchant's roles inside the caller's transaction (the role module's `removeRolesOfMerchant`). */
type RemoveRoles = (tx: Db, merchantId: number) => Promise<void>;
const removeRoles = handOver<RemoveRoles>("The role module's removal of a merchant's roles");

/**
 * The role module refers to merchants, so this module never imports it: the module registry tells
 * it once at start-up how a removed merchant's roles go (docs/architecture.md, "No two modules
 * import each other").
 */
export const removeRolesWith = removeRoles.tell;

/** Whether base prices or products belong to a merchant, inside the caller's transaction (the price modules know them). */
type MerchantPrices = (tx: Db, merchantId: number) => Promise<boolean>;
let merchantHasPrices: MerchantPrices = () => {
  throw new Error("The price modules have not told the merchant module about a merchant's prices yet (modules/index.ts)");
};

/** Called once by the module registry: the price modules refer to merchants, so this module never imports them. */
export function tellMerchantPrices(given: MerchantPrices): void {
  merchantHasPrices = given;
}

/** Platform only (route scope). A merchant with accounts, base prices or products stays; its unused roles go with it. */
export async function removeMerchant(ctx: Ctx, id: number): Promise<null> {
  const current = await merchantDetail(ctx, id);
  try {
    await ctx.db.transaction(async (tx) => {
      if (await merchantAccounts().exist(tx, current.id)) throw new AppError('merchantInUse');
      if (await merchantHasPrices(tx, current.id)) throw new AppError('merchantHasPrices');
      await removeRoles.get()(tx, current.id);
      await tx.delete(merchants).where(eq(merchants.id, current.id));
      await recordAudit(tx, ctx, {
        action: 'merchant.remove',
        objectType: 'merchant',
        objectId: current.id,
        changes: { name: current.name, type: current.type },
      });
    });
  } catch (error) {
    // Anything else still pointing at the merchant (a foreign key) means it is in use.
    if (sqlState(error) === '23503') throw new AppError('merchantInUse');
    throw error;
  }
  return null;
}
