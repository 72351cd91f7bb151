import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { merchantApi } from '@swap/contracts';
import { endpointKey, invalidateResources } from './endpoints';
import { resourceSearchKey } from '../table/useResourceSearch';

describe('query keys from endpoint declarations', () => {
  it('makes every cached answer of a resource stale after a change through any of its endpoints, and nothing else', async () => {
    const client = new QueryClient();
    const keys = {
      list: [...resourceSearchKey(merchantApi.search.path), { current: 1 }],
      detail: endpointKey(merchantApi.detail, { id: 3 }),
      choices: [...resourceSearchKey(merchantApi.search.path), 'all', {}],
      accounts: ['/admin/account/search', { current: 1 }],
      menu: ['/admin/menu/levels'],
    };
    for (const key of Object.values(keys)) client.setQueryData(key, { cached: true });
    await invalidateResources(client, [merchantApi.edit]);
    const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(stale(keys.list)).toBe(true);
    expect(stale(keys.detail)).toBe(true);
    expect(stale(keys.choices)).toBe(true);
    expect(stale(keys.accounts)).toBe(false);
    expect(stale(keys.menu)).toBe(false);
  });

  it('keys a call by its path and input', () => {
    expect(endpointKey(merchantApi.detail, { id: 3 })).toEqual(['/admin/merchant/detail', { id: 3 }]);
    expect(endpointKey(merchantApi.search)).toEqual(['/admin/merchant/search']);
  });
});
