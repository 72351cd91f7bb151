import { describe, expect, it } from 'vitest';
import { describeChanges } from './changes';

describe('audit changes', () => {
  it('shows an edit as before and after per field', () => {
    expect(describeChanges({ name: ['Old', 'New'], sort: [0, 3] })).toEqual([
      { field: 'name', before: 'Old', after: 'New', edited: true },
      { field: 'sort', before: '0', after: '3', edited: true },
    ]);
  });

  it('shows a created object field by field, lists joined and empties marked', () => {
    expect(describeChanges({ menuIds: [1, 2], merchantId: null, password: '***' })).toEqual([
      { field: 'menuIds', after: '1, 2', edited: false },
      { field: 'merchantId', after: '∅', edited: false },
      { field: 'password', after: '***', edited: false },
    ]);
  });

  it('shows nothing for no changes and a bare value as it is', () => {
    expect(describeChanges(null)).toEqual([]);
    expect(describeChanges('reset')).toEqual([{ field: '', after: 'reset', edited: false }]);
  });
});
