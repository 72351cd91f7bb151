import type { FastifyInstance } from 'fastify';
import { merchantApi, type MerchantRecord } from '@swap/contracts';
import { serve } from '../../app/route.js';
import type { CsvColumn } from '../../app/csv.js';
import { columnHeader } from '../../app/policy.js';
import { merchantList } from './merchant.query.js';
import { addMerchant, editMerchant, removeMerchant } from './merchant.service.js';

const CSV_COLUMNS: CsvColumn<MerchantRecord>[] = [
  { header: columnHeader('id'), value: (row) => row.id },
  { header: columnHeader('name'), value: (row) => row.name },
  { header: columnHeader('type'), value: (row) => row.type },
  { header: columnHeader('personInCharge'), value: (row) => row.personInCharge },
  { header: columnHeader('contact'), value: (row) => row.contact },
  { header: columnHeader('officeAddress'), value: (row) => row.officeAddress },
  { header: columnHeader('accountCount'), value: (row) => row.accountCount },
  { header: columnHeader('createdAt'), value: (row) => row.createdAt },
];

/** Merchants (System centre → Merchants, /system/merchant/list); adding and removing is platform work. */
export function registerMerchantRoutes(app: FastifyInstance): void {
  serve(app, merchantApi.search, ({ input, ctx }) => merchantList.search(ctx, input));
  serve(app, merchantApi.detail, ({ input, ctx }) => merchantList.detail(ctx, input.id));
  serve(app, merchantApi.add, ({ input, ctx }) => addMerchant(ctx, input));
  serve(app, merchantApi.edit, ({ input, ctx }) => editMerchant(ctx, input));
  serve(app, merchantApi.remove, ({ input, ctx }) => removeMerchant(ctx, input.id));
  serve(app, merchantApi.export, ({ input, ctx, reply }) =>
    merchantList.sendExport(reply, ctx, input, { filename: 'merchants.csv', columns: CSV_COLUMNS }),
  );
}
