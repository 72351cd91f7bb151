import { eq, type SQL } from 'drizzle-orm';
import { merchantApi, type MerchantRecord } from '@swap/contracts';
import type { Ctx } from '../../app/context.js';
import { anyContains } from '../../app/pagination.js';
import { defineList } from '../../app/list.js';
import { merchantAccounts, type MerchantAccounts } from './merchant.accounts.js';
import { merchants } from './merchant.table.js';

/** Merchant staff see only their own merchant; platform staff see all. */
export function merchantScope(ctx: Pick<Ctx, 'principal'>): SQL | undefined {
  const own = ctx.principal.merchantId;
  return own === null ? undefined : eq(merchants.id, own);
}

type Row = Omit<MerchantRecord, 'createdAt'> & { createdAt: Date };

let list: ReturnType<typeof declareList> | undefined;

/** The merchant list, declared on first use with the account count the registry handed over. */
export function merchantList() {
  return (list ??= declareList(merchantAccounts()));
}

/** Merchants (System centre → Merchants), by name. */
const declareList = (accounts: MerchantAccounts) =>
  defineList({
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
      // Counted inside the page query (one round trip), not per merchant.
      accountCount: accounts.countOf(merchants.id),
      createdAt: merchants.createdAt,
    },
    scope: merchantScope,
    filters: {
      keyword: {
        where: (keyword) => anyContains([merchants.name, merchants.personInCharge, merchants.contact, merchants.officeAddress], keyword),
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
export const merchantDetail: ReturnType<typeof merchantList>['detail'] = (ctx, id) => merchantList().detail(ctx, id);
