import { eq, ilike, or, type SQL } from 'drizzle-orm';
import { merchantApi, type MerchantRecord } from '@swap/contracts';
import type { Ctx } from '../../app/context.js';
import { likePattern } from '../../app/pagination.js';
import { defineList } from '../../app/list.js';
import { accountCountOfMerchant } from '../account/index.js';
import { merchants } from './merchant.table.js';

/** Merchant staff see only their own merchant; platform staff see all. */
export function merchantScope(ctx: Pick<Ctx, 'principal'>): SQL | undefined {
  const own = ctx.principal.merchantId;
  return own === null ? undefined : eq(merchants.id, own);
}

// Counted inside the page query (one round trip), not per merchant.
const accountCount = accountCountOfMerchant(merchants.id);

type Row = Omit<MerchantRecord, 'createdAt'> & { createdAt: Date };

/** Merchants (System centre → Merchants), by name. */
export const merchantList = defineList({
  endpoint: merchantApi.search,
  table: merchants,
  id: merchants.id,
  select: {
    id: merchants.id,
    name: merchants.name,
    type: merchants.type,
    personInCharge: merchants.personInCharge,
    contact: merchants.contact,
    officeAddress: merchants.officeAddress,
    idCardFrontFileId: merchants.idCardFrontFileId,
    idCardBackFileId: merchants.idCardBackFileId,
    facePhotoFileId: merchants.facePhotoFileId,
    accountCount,
    createdAt: merchants.createdAt,
  },
  scope: merchantScope,
  filters: {
    keyword: {
      where: (keyword) => {
        const pattern = likePattern(keyword);
        return or(
          ilike(merchants.name, pattern),
          ilike(merchants.personInCharge, pattern),
          ilike(merchants.contact, pattern),
          ilike(merchants.officeAddress, pattern),
        );
      },
      unindexed:
        'Part of a name, person, contact or address, in any case: no btree serves it. Merchants are the platform’s customers, hundreds at most.',
    },
    type: {
      where: (type) => eq(merchants.type, type),
      unindexed: 'Two types over hundreds of merchants at most: a page is found at once walking the list order.',
    },
  },
  defaultOrder: () => ({ column: merchants.name, direction: 'asc' }),
  count: 'exact',
  present: (row: Row): MerchantRecord => ({ ...row, createdAt: row.createdAt.toISOString() }),
});

/** One merchant the caller may see, or "record does not exist". */
export const merchantDetail = merchantList.detail;
