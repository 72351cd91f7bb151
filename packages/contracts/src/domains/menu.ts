import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../envelope.js';
import { endpoint, noAnswer } from '../endpoint.js';
import { cleanString, id, idQuery, int32, requiredText, safeText } from '../validation.js';

export const RESOURCE_TYPES = ['BUTTON', 'LINK'] as const;

/** Permission codes: letters, digits, dot, hyphen and underscore. */
export const permissionCode = cleanString()
  .trim()
  .min(1, { message: 'validation.required' })
  .max(80, { message: 'validation.tooLong' })
  .regex(/^[A-Za-z0-9._-]+$/, { message: 'validation.illegalChars' });

export const urlPath = cleanString()
  .trim()
  .max(200, { message: 'validation.tooLong' })
  .regex(/^(\/[A-Za-z0-9_\-./:{}]*)?$/, { message: 'validation.url' });

export const resourceRecord = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  type: z.enum(RESOURCE_TYPES),
  url: z.string(),
});
export type ResourceRecord = z.infer<typeof resourceRecord>;

/** Resource list filters: the web sends every filter field, null when unset. */
/** The columns the list sorts by. */
export const RESOURCE_SORTABLE = ['id', 'name', 'code', 'type'] as const;
export const resourceSearch = pageQuerySchema.extend({
  name: safeText(64).nullish(),
  code: safeText(80).nullish(),
  type: z.enum(RESOURCE_TYPES).nullish(),
});
export type ResourceSearch = z.infer<typeof resourceSearch>;
export const resourceAdd = z.object({
  name: requiredText(40),
  code: permissionCode,
  type: z.enum(RESOURCE_TYPES),
  url: urlPath.default(''),
});
export type ResourceAdd = z.infer<typeof resourceAdd>;
export const resourceEdit = resourceAdd.extend({ id: id });
export type ResourceEdit = z.infer<typeof resourceEdit>;

/** A node of the permission tree: code, iconfont, id, name, url, children and resources. */
export interface PermissionNode {
  id: number;
  parentId: number;
  code: string;
  name: string;
  url: string;
  iconfont: string;
  sort: number;
  children: PermissionNode[];
  resources: ResourceRecord[];
}
export const permissionNode: z.ZodType<PermissionNode> = z.lazy(() =>
  z.object({
    id: z.number(),
    parentId: z.number(),
    code: z.string(),
    name: z.string(),
    url: z.string(),
    iconfont: z.string(),
    sort: z.number(),
    children: z.array(permissionNode),
    resources: z.array(resourceRecord),
  }),
);

/** Menu create/edit: parentId -1 at the root. */
export const menuAdd = z.object({
  parentId: int32(-1),
  name: requiredText(40),
  code: permissionCode,
  url: urlPath.default(''),
  iconfont: safeText(60).default(''),
  sort: z.number().int().min(0).max(9999).default(0),
  resourceIds: z.array(id).max(500).default([]),
});
export type MenuAdd = z.infer<typeof menuAdd>;
export const menuEdit = menuAdd.extend({ id: id });
export type MenuEdit = z.infer<typeof menuEdit>;

/** A menu as stored (the answer of menu add/edit): the tree node without its nested parts. */
export const menuRecord = z.object({
  id: z.number(),
  parentId: z.number(),
  code: z.string(),
  name: z.string(),
  url: z.string(),
  iconfont: z.string(),
  sort: z.number(),
  resourceIds: z.array(z.number()),
});
export type MenuRecord = z.infer<typeof menuRecord>;

/** The answer of menu/levels: the caller's tree plus the flat list of codes they hold. */
export const menuLevels = z.object({ tree: z.array(permissionNode), codes: z.array(z.string()) });
export type MenuLevels = z.infer<typeof menuLevels>;

/** Export/import file of menus and resources. */
export const menuExportFile = z.object({
  version: z.literal(1),
  resources: z.array(resourceAdd),
  menus: z.array(
    z.object({
      code: permissionCode,
      parentCode: permissionCode.nullable(),
      name: requiredText(40),
      url: urlPath,
      iconfont: safeText(60),
      sort: int32(0),
      resourceCodes: z.array(permissionCode),
    }),
  ),
});
export type MenuExportFile = z.infer<typeof menuExportFile>;

/** What an import did: codes created and updated, per kind. */
export const menuImportResult = z.object({
  menusCreated: z.number(),
  menusUpdated: z.number(),
  resourcesCreated: z.number(),
  resourcesUpdated: z.number(),
});
export type MenuImportResult = z.infer<typeof menuImportResult>;

/** Menus shape every account's permissions, so only platform staff change them. */
export const menuApi = {
  /** The signed-in account's permission tree and the codes it holds. */
  levels: endpoint({
    method: 'GET',
    path: '/admin/menu/levels',
    access: { code: '' },
    answer: menuLevels,
  }),
  /** The whole tree with every resource, for the menu editor. */
  tree: endpoint({
    method: 'GET',
    path: '/admin/menu/tree',
    access: { code: 'admin.resource', scope: 'platform' },
    answer: z.array(permissionNode),
  }),
  add: endpoint({
    method: 'POST',
    path: '/admin/menu/add',
    access: { code: 'admin.resource.add', scope: 'platform' },
    body: menuAdd,
    answer: menuRecord,
  }),
  edit: endpoint({
    method: 'POST',
    path: '/admin/menu/edit',
    access: { code: 'admin.resource.edit', scope: 'platform' },
    body: menuEdit,
    answer: menuRecord,
  }),
  remove: endpoint({
    method: 'GET',
    path: '/admin/menu/remove',
    access: { code: 'admin.resource.remove', scope: 'platform' },
    query: idQuery,
    answer: noAnswer,
  }),
  /** A JSON file of every menu and resource (menuExportFile); import takes it back. */
  export: endpoint({
    method: 'GET',
    path: '/admin/menu/export',
    access: { code: 'admin.resource.export', scope: 'platform' },
    answer: 'file',
  }),
  import: endpoint({
    method: 'POST',
    path: '/admin/menu/import',
    access: { code: 'admin.resource.import', scope: 'platform' },
    body: menuExportFile,
    answer: menuImportResult,
  }),
} as const;

/** Resources (buttons and links a menu carries); platform staff only. */
export const resourceApi = {
  search: endpoint({
    method: 'POST',
    path: '/admin/resource/search',
    access: { code: 'admin.resource', scope: 'platform' },
    body: resourceSearch,
    sortable: RESOURCE_SORTABLE,
    answer: pageSchema(resourceRecord),
  }),
  add: endpoint({
    method: 'POST',
    path: '/admin/resource/add',
    access: { code: 'admin.resource.add', scope: 'platform' },
    body: resourceAdd,
    answer: resourceRecord,
  }),
  edit: endpoint({
    method: 'POST',
    path: '/admin/resource/edit',
    access: { code: 'admin.resource.edit', scope: 'platform' },
    body: resourceEdit,
    answer: resourceRecord,
  }),
  remove: endpoint({
    method: 'GET',
    path: '/admin/resource/remove',
    access: { code: 'admin.resource.remove', scope: 'platform' },
    query: idQuery,
    answer: noAnswer,
  }),
  export: endpoint({
    method: 'POST',
    path: '/admin/resource/export',
    access: { code: 'admin.resource.export', scope: 'platform' },
    body: resourceSearch,
    sortable: RESOURCE_SORTABLE,
    answer: 'csv',
  }),
} as const;
