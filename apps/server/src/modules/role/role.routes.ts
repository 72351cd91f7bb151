import type { FastifyInstance } from 'fastify';
import { idQuery, roleAdd, roleEdit, roleSearch, type RoleRecord } from '@swap/contracts';
import { SENT, omsRoute } from '../../app/route.js';
import { sendCsv, toCsv, type CsvColumn } from '../../app/csv.js';
import { columnHeader } from '../../app/policy.js';
import { exportRoles, roleDetail, searchRoles } from './role.query.js';
import { addRole, editRole, grantableTree, removeRole } from './role.service.js';

const BASE = '/admin/role';

const CSV_COLUMNS: CsvColumn<RoleRecord>[] = [
  { header: columnHeader('id'), value: (row) => row.id },
  { header: columnHeader('name'), value: (row) => row.name },
  { header: columnHeader('description'), value: (row) => row.description },
  { header: columnHeader('sort'), value: (row) => row.sort },
  { header: columnHeader('merchantId'), value: (row) => row.merchantName },
  { header: columnHeader('menuIds'), value: (row) => row.menuIds.length },
  { header: columnHeader('resourceIds'), value: (row) => row.resourceIds.length },
  { header: columnHeader('accountCount'), value: (row) => row.accountCount },
  { header: columnHeader('createdAt'), value: (row) => row.createdAt },
];

/** Roles (System centre → Roles, /system/role/list). Changing a role's grants also needs admin.role.grant. */
export function registerRoleRoutes(app: FastifyInstance): void {
  omsRoute(app, { method: 'POST', url: `${BASE}/search`, access: { code: 'admin.role' }, body: roleSearch }, ({ body, ctx }) =>
    searchRoles(ctx, body),
  );
  omsRoute(app, { method: 'GET', url: `${BASE}/detail`, access: { code: 'admin.role' }, querystring: idQuery }, ({ query, ctx }) =>
    roleDetail(ctx, query.id),
  );
  omsRoute(app, { method: 'GET', url: `${BASE}/grantable`, access: { code: 'admin.role' } }, ({ ctx }) => grantableTree(ctx));
  omsRoute(app, { method: 'POST', url: `${BASE}/add`, access: { code: 'admin.role.add' }, body: roleAdd }, ({ body, ctx }) =>
    addRole(ctx, body),
  );
  omsRoute(app, { method: 'POST', url: `${BASE}/edit`, access: { code: 'admin.role.edit' }, body: roleEdit }, ({ body, ctx }) =>
    editRole(ctx, body),
  );
  omsRoute(app, { method: 'GET', url: `${BASE}/remove`, access: { code: 'admin.role.remove' }, querystring: idQuery }, ({ query, ctx }) =>
    removeRole(ctx, query.id),
  );
  omsRoute(
    app,
    { method: 'POST', url: `${BASE}/export`, access: { code: 'admin.role.export' }, body: roleSearch },
    async ({ body, ctx, reply }) => {
      const rows = await exportRoles(ctx, body);
      sendCsv(reply, 'roles.csv', toCsv(rows, CSV_COLUMNS, ctx.lang));
      return SENT;
    },
  );
}
