import type { FastifyInstance } from 'fastify';
import { roleApi, type RoleRecord } from '@swap/contracts';
import { serve } from '../../app/route.js';
import type { CsvColumn } from '../../app/csv.js';
import { roleList } from './role.query.js';
import { addRole, editRole, grantableTree, removeRole } from './role.service.js';

const CSV_COLUMNS: CsvColumn<RoleRecord>[] = [
  { field: 'id' },
  { field: 'name' },
  { field: 'description' },
  { field: 'sort' },
  { field: 'merchantId', value: (row) => row.merchantName },
  { field: 'menuIds', value: (row) => row.menuIds.length },
  { field: 'resourceIds', value: (row) => row.resourceIds.length },
  { field: 'accountCount' },
  { field: 'createdAt' },
];

/** Roles (System centre → Roles, /system/role/list). Changing a role's grants also needs admin.role.grant. */
export function registerRoleRoutes(app: FastifyInstance): void {
  serve(app, roleApi.search, ({ input, ctx }) => roleList().search(ctx, input));
  serve(app, roleApi.detail, ({ input, ctx }) => roleList().detail(ctx, input.id));
  serve(app, roleApi.grantable, ({ ctx }) => grantableTree(ctx));
  serve(app, roleApi.add, ({ input, ctx }) => addRole(ctx, input));
  serve(app, roleApi.edit, ({ input, ctx }) => editRole(ctx, input));
  serve(app, roleApi.remove, ({ input, ctx }) => removeRole(ctx, input.id));
  serve(app, roleApi.export, ({ input, ctx, reply }) =>
    roleList().sendExport(reply, ctx, input, { filename: 'roles.csv', columns: CSV_COLUMNS }),
  );
}
