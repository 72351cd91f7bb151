import { z } from 'zod';
import { ACCOUNT_STATUSES, ACCOUNT_TYPES, accountAdd, USER_TYPES, type RoleRecord } from '@swap/contracts';
import type { StatusMap } from '../../shared/StatusTag';
import type { SearchOption } from '../../shared/table';

export const STATUS_MAP: StatusMap = {
  ENABLED: { meaning: 'success', labelKey: 'account.status.ENABLED' },
  DISABLED: { meaning: 'default', labelKey: 'account.status.DISABLED' },
};

export const IDENTITY_MAP: StatusMap = {
  SUPER: { meaning: 'warning', labelKey: 'account.identity.SUPER' },
  NORMAL: { meaning: 'processing', labelKey: 'account.identity.NORMAL' },
  SON: { meaning: 'default', labelKey: 'account.identity.SON' },
};

export const identityOptions = (types: readonly string[] = USER_TYPES): SearchOption[] =>
  types.map((value) => ({ value, labelKey: `account.identity.${value}` }));
export const statusOptions: SearchOption[] = ACCOUNT_STATUSES.map((value) => ({ value, labelKey: `account.status.${value}` }));
export const accountTypeOptions: SearchOption[] = ACCOUNT_TYPES.map((value) => ({ value, labelKey: `account.accountType.${value}` }));

/**
 * The tenant whose roles an account may hold: a platform account's roles are the platform's
 * (no merchant); a merchant account's are its merchant's. Undefined while the merchant is unchosen.
 */
export function accountTenant(accountType: string | undefined, merchantId: number | null | undefined): number | null | undefined {
  if (accountType === 'PLATFORM') return null;
  return typeof merchantId === 'number' ? merchantId : undefined;
}

/** Roles of one tenant; none until the tenant is known. */
export function rolesOfTenant(roles: readonly RoleRecord[], tenant: number | null | undefined): RoleRecord[] {
  if (tenant === undefined) return [];
  return roles.filter((role) => role.merchantId === tenant);
}

/** A platform admin creating a merchant's account must choose the merchant, checked at the field. */
export const merchantAccountAdd = accountAdd.extend({ merchantId: z.number().int().positive() });
