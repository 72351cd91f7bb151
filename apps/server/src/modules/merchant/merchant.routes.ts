import type { FastifyInstance } from 'fastify';
import { idQuery, merchantAdd, merchantEdit, merchantSearch, type MerchantRecord } from '@swap/contracts';
import { SENT, omsRoute } from '../../app/route.js';
import { sendCsv, toCsv, type CsvColumn } from '../../app/csv.js';
import { columnHeader } from '../../app/policy.js';
import { exportMerchants, merchantDetail, searchMerchants } from './merchant.query.js';
import { addMerchant, editMerchant, removeMerchant } from './merchant.service.js';

const BASE = '/admin/merchant';

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
  omsRoute(app, { method: 'POST', url: `${BASE}/search`, access: { code: 'admin.merchant' }, body: merchantSearch }, ({ body, ctx }) =>
    searchMerchants(ctx, body),
  );
  omsRoute(
    app,
    { method: 'GET', url: `${BASE}/detail`, access: { code: 'admin.merchant.detail' }, querystring: idQuery },
    ({ query, ctx }) => merchantDetail(ctx, query.id),
  );
  omsRoute(
    app,
    { method: 'POST', url: `${BASE}/add`, access: { code: 'admin.merchant.add', scope: 'platform' }, body: merchantAdd },
    ({ body, ctx }) => addMerchant(ctx, body),
  );
  omsRoute(app, { method: 'POST', url: `${BASE}/edit`, access: { code: 'admin.merchant.edit' }, body: merchantEdit }, ({ body, ctx }) =>
    editMerchant(ctx, body),
  );
  omsRoute(
    app,
    { method: 'GET', url: `${BASE}/remove`, access: { code: 'admin.merchant.remove', scope: 'platform' }, querystring: idQuery },
    ({ query, ctx }) => removeMerchant(ctx, query.id),
  );
  omsRoute(
    app,
    { method: 'POST', url: `${BASE}/export`, access: { code: 'admin.merchant.export' }, body: merchantSearch },
    async ({ body, ctx, reply }) => {
      const rows = await exportMerchants(ctx, body);
      sendCsv(reply, 'merchants.csv', toCsv(rows, CSV_COLUMNS, ctx.lang));
      return SENT;
    },
  );
}
