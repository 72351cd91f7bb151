import { describe, expect, it } from 'vitest';
import type { RoleRecord } from '@swap/contracts';
import { accountTenant, rolesOfTenant } from './accountModel';

const role = (id: number, merchantId: number | null): RoleRecord => ({
  id,
  name: `r${id}`,
  description: '',
  sort: 0,
  merchantId,
  merchantName: null,
  menuIds: [],
  resourceIds: [],
  accountCount: 0,
  createdAt: '2026-01-01T00:00:00Z',
});

describe('account roles by tenant', () => {
  const roles = [role(1, null), role(2, 7), role(3, 8), role(4, 7)];

  it('offers platform roles to platform accounts', () => {
    expect(rolesOfTenant(roles, accountTenant('PLATFORM', 7)).map((r) => r.id)).toEqual([1]);
  });

  it('offers a merchant’s roles to its accounts', () => {
    expect(rolesOfTenant(roles, accountTenant('MERCHANT', 7)).map((r) => r.id)).toEqual([2, 4]);
  });

  it('offers nothing until the merchant is chosen', () => {
    expect(accountTenant('MERCHANT', undefined)).toBeUndefined();
    expect(rolesOfTenant(roles, accountTenant(undefined, null))).toEqual([]);
  });
});
