import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../envelope.js';
import { endpoint, noAnswer } from '../endpoint.js';
import { description, id, idQuery, nameField, safeText } from '../validation.js';
import { permissionNode } from './menu.js';

export const roleRecord = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  sort: z.number(),
  merchantId: z.number().nullable(),
  merchantName: z.string().nullable(),
  menuIds: z.array(z.number()),
  resourceIds: z.array(z.number()),
  accountCount: z.number(),
  createdAt: z.string(),
});
export type RoleRecord = z.infer<typeof roleRecord>;

/** The columns the list sorts by. */
export const ROLE_SORTABLE = ['name', 'sort', 'merchantName', 'accountCount', 'createdAt'] as const;
export const roleSearch = pageQuerySchema.extend({ keyword: safeText(64).optional(), merchantId: id.optional() });
export type RoleSearch = z.infer<typeof roleSearch>;

export const roleAdd = z.object({
  name: nameField,
  description,
  sort: z.number().int().min(0).max(9999).default(0),
  /** A platform admin may create a role for a merchant; merchant accounts create their own. */
  merchantId: id.nullable().optional(),
  menuIds: z.array(id).max(1000).default([]),
  resourceIds: z.array(id).max(5000).default([]),
});
export type RoleAdd = z.infer<typeof roleAdd>;
/**
 * Edit replaces name, description and sort; menuIds and resourceIds replace the grants when sent
 * and keep them when absent (a text edit need not carry the tree). The tenant never changes.
 */
export const roleEdit = roleAdd.extend({
  id: id,
  menuIds: z.array(id).max(1000).optional(),
  resourceIds: z.array(id).max(5000).optional(),
});
export type RoleEdit = z.infer<typeof roleEdit>;

/** Changing a role's menus or resources needs this code on top of add or edit. */
export const ROLE_GRANT_CODE = 'admin.role.grant';

/** Roles (System centre → Roles); changing a role's grants also needs ROLE_GRANT_CODE. */
export const roleApi = {
  search: endpoint({
    method: 'POST',
    path: '/admin/role/search',
    access: { code: 'admin.role' },
    body: roleSearch,
    answer: pageSchema(roleRecord),
    sortable: ['name', 'sort', 'merchantName', 'accountCount', 'createdAt'],
  }),
  detail: endpoint({
    method: 'GET',
    path: '/admin/role/detail',
    access: { code: 'admin.role' },
    query: idQuery,
    answer: roleRecord,
  }),
  /** The menus and resources the caller may grant, as a tree. */
  grantable: endpoint({
    method: 'GET',
    path: '/admin/role/grantable',
    access: { code: 'admin.role' },
    answer: z.array(permissionNode),
  }),
  add: endpoint({
    method: 'POST',
    path: '/admin/role/add',
    access: { code: 'admin.role.add' },
    body: roleAdd,
    answer: roleRecord,
  }),
  edit: endpoint({
    method: 'POST',
    path: '/admin/role/edit',
    access: { code: 'admin.role.edit' },
    body: roleEdit,
    answer: roleRecord,
  }),
  remove: endpoint({
    method: 'GET',
    path: '/admin/role/remove',
    access: { code: 'admin.role.remove' },
    query: idQuery,
    answer: noAnswer,
  }),
  export: endpoint({
    method: 'POST',
    path: '/admin/role/export',
    access: { code: 'admin.role.export' },
    body: roleSearch,
    sortable: ROLE_SORTABLE,
    answer: 'csv',
  }),
} as const;
