import type { FastifyInstance } from 'fastify';
import {
  accountAdd,
  accountAssignRoles,
  accountEdit,
  accountResetPassword,
  accountSearch,
  accountStatusBody,
  idQuery,
  type AccountRecord,
} from '@swap/contracts';
import { SENT, omsRoute } from '../../app/route.js';
import { sendCsv, toCsv, type CsvColumn } from '../../app/csv.js';
import { columnHeader } from '../../app/policy.js';
import { accountDetail, exportAccounts, searchAccounts } from './account.query.js';
import { addAccount, assignAccountRoles, editAccount, resetAccountPassword, setAccountStatus } from './account.service.js';

const BASE = '/admin/account';

const CSV_COLUMNS: CsvColumn<AccountRecord>[] = [
  { header: columnHeader('id'), value: (row) => row.id },
  { header: columnHeader('username'), value: (row) => row.username },
  { header: columnHeader('name'), value: (row) => row.name },
  { header: columnHeader('phone'), value: (row) => row.phone },
  { header: columnHeader('accountType'), value: (row) => row.accountType },
  { header: columnHeader('type'), value: (row) => row.type },
  { header: columnHeader('status'), value: (row) => row.status },
  { header: columnHeader('merchantId'), value: (row) => row.merchantName },
  { header: columnHeader('roleIds'), value: (row) => row.roleNames.join('; ') },
  { header: columnHeader('lastLoginAt'), value: (row) => row.lastLoginAt },
  { header: columnHeader('createdAt'), value: (row) => row.createdAt },
];

/** Accounts (System centre → Accounts, /system/admin/list). */
export function registerAccountRoutes(app: FastifyInstance): void {
  omsRoute(app, { method: 'POST', url: `${BASE}/search`, access: { code: 'admin.admin' }, body: accountSearch }, ({ body, ctx }) =>
    searchAccounts(ctx, body),
  );
  omsRoute(app, { method: 'GET', url: `${BASE}/detail`, access: { code: 'admin.admin' }, querystring: idQuery }, ({ query, ctx }) =>
    accountDetail(ctx, query.id),
  );
  omsRoute(app, { method: 'POST', url: `${BASE}/add`, access: { code: 'admin.admin.add' }, body: accountAdd }, ({ body, ctx }) =>
    addAccount(ctx, body),
  );
  omsRoute(app, { method: 'POST', url: `${BASE}/edit`, access: { code: 'admin.admin.edit' }, body: accountEdit }, ({ body, ctx }) =>
    editAccount(ctx, body),
  );
  omsRoute(
    app,
    { method: 'POST', url: `${BASE}/status`, access: { code: 'admin.admin.status' }, body: accountStatusBody },
    ({ body, ctx }) => setAccountStatus(ctx, body),
  );
  omsRoute(
    app,
    { method: 'POST', url: `${BASE}/resetPassword`, access: { code: 'admin.admin.resetPassword' }, body: accountResetPassword },
    ({ body, ctx }) => resetAccountPassword(ctx, body),
  );
  omsRoute(
    app,
    { method: 'POST', url: `${BASE}/assignRoles`, access: { code: 'admin.admin.assignRoles' }, body: accountAssignRoles },
    ({ body, ctx }) => assignAccountRoles(ctx, body),
  );
  omsRoute(
    app,
    { method: 'POST', url: `${BASE}/export`, access: { code: 'admin.admin.export' }, body: accountSearch },
    async ({ body, ctx, reply }) => {
      const rows = await exportAccounts(ctx, body);
      sendCsv(reply, 'accounts.csv', toCsv(rows, CSV_COLUMNS, ctx.lang));
      return SENT;
    },
  );
}
