import { eq } from 'drizzle-orm';
import { merchantApplicationApi, type MerchantApplicationRecord } from '@swap/contracts';
import type { Ctx } from '../../app/context.js';
import { defineList } from '../../app/list.js';
import { anyContains } from '../../app/pagination.js';
import { accountNameOf } from '../account/index.js';
import { merchantApplications as a } from './sign-up.table.js';

type Row = Omit<MerchantApplicationRecord, 'createdAt' | 'reviewedAt'> & { createdAt: Date; reviewedAt: Date | null };

/** System centre → Merchant applications: platform staff only (the endpoints' scope), newest first. */
export const applicationList = defineList({
  endpoint: merchantApplicationApi.search,
  table: a,
  id: a.id,
  select: {
    id: a.id,
    name: a.name,
    type: a.type,
    personInCharge: a.personInCharge,
    contact: a.contact,
    email: a.email,
    officeAddress: a.officeAddress,
    idCardFrontFileId: a.idCardFrontFileId,
    idCardBackFileId: a.idCardBackFileId,
    facePhotoFileId: a.facePhotoFileId,
    username: a.username,
    status: a.status,
    reason: a.reason,
    merchantId: a.merchantId,
    reviewerName: accountNameOf(a.reviewedBy),
    reviewedAt: a.reviewedAt,
    createdAt: a.createdAt,
  },
  scope: () => undefined,
  filters: {
    keyword: {
      where: (keyword) => anyContains([a.name, a.personInCharge, a.contact, a.email, a.username], keyword),
      unindexed:
        'Part of a company, person, contact, mail or username in any case: no btree serves it; applications number in the hundreds.',
    },
    type: {
      where: (type) => eq(a.type, type),
      unindexed: 'Two types over hundreds of applications: a page is found at once walking the list order.',
    },
    status: (status) => eq(a.status, status),
  },
  defaultOrder: () => ({ column: a.createdAt, direction: 'desc' }),
  count: 'exact',
  present: (row: Row): MerchantApplicationRecord => ({
    ...row,
    reviewedAt: row.reviewedAt ? row.reviewedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  }),
});

export const applicationDetail = (ctx: Ctx, id: number) => applicationList.detail(ctx, id);
