import type { FastifyInstance } from 'fastify';
import { merchantApi, merchantOptionsEndpoint, type MerchantRecord } from '@swap/contracts';
import { eq } from 'drizzle-orm';
import { answerOptions } from '../../app/options.js';
import { serve } from '../../app/route.js';
import type { CsvColumn } from '../../app/csv.js';
import { merchantList } from './merchant.query.js';
import { merchants } from './merchant.table.js';
import { addMerchant, editMerchant, removeMerchant } from './merchant.service.js';

const CSV_COLUMNS: CsvColumn<MerchantRecord>[] = [
  { field: 'id' },
  { field: 'name' },
  { field: 'type', show: 'merchant.type' },
  { field: 'personInCharge' },
  { field: 'contact' },
  { field: 'officeAddress' },
  { field: 'accountCount' },
  { field: 'createdAt' },
];

/** Merchants (System centre → Merchants, /system/merchant/list); adding and removing is platform work. */
export function registerMerchantRoutes(app: FastifyInstance): void {
  serve(app, merchantApi.search, ({ input, ctx }) => merchantList().search(ctx, input));
  serve(app, merchantApi.detail, ({ input, ctx }) => merchantList().detail(ctx, input.id));
  serve(app, merchantApi.add, ({ input, ctx }) => addMerchant(ctx, input));
  serve(app, merchantApi.edit, ({ input, ctx }) => editMerchant(ctx, input));
  serve(app, merchantApi.remove, ({ input, ctx }) => removeMerchant(ctx, input.id));
  // The merchants the caller may name: platform staff every one, a merchant's staff their own.
  serve(app, merchantOptionsEndpoint, ({ input, ctx }) => {
    const own = ctx.principal.merchantId;
    const select = { id: merchants.id, name: merchants.name };
    const scope = own === null ? undefined : eq(merchants.id, own);
    return answerOptions(ctx.db, { table: merchants, name: merchants.name, select, scope }, input);
  });
  serve(app, merchantApi.export, ({ input, ctx, reply }) =>
    merchantList().sendExport(reply, ctx, input, { filename: 'merchants.csv', columns: CSV_COLUMNS }),
  );
}
