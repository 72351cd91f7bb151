import type { FastifyInstance } from 'fastify';
import { roleApi, type RoleRecord } from '@swap/contracts';
import { serve } from '../../app/route.js';
import type { CsvColumn } from '../../app/csv.js';
import { columnHeader } from '../../app/policy.js';
import { roleList } from './role.query.js';
import { addRole, editRole, grantableTree, removeRole } from './role.service.js';

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
  serve(app, roleApi.search, ({ input, ctx }) => roleList.search(ctx, input));
  serve(app, roleApi.detail, ({ input, ctx }) => roleList.detail(ctx, input.id));
  serve(app, roleApi.grantable, ({ ctx }) => grantableTree(ctx));
  serve(app, roleApi.add, ({ input, ctx }) => addRole(ctx, input));
  serve(app, roleApi.edit, ({ input, ctx }) => editRole(ctx, input));
  serve(app, roleApi.remove, ({ input, ctx }) => removeRole(ctx, input.id));
  serve(app, roleApi.export, ({ input, ctx, reply }) =>
    roleList.sendExport(reply, ctx, input, { filename: 'roles.csv', columns: CSV_COLUMNS }),
  );
}
