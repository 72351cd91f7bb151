import { z } from 'zod';
import { pageQuerySchema } from '../envelope.js';
import { description, id, nameField, safeText } from '../validation.js';

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
