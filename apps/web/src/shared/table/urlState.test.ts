import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { toFilters } from './filters';
import type { SearchField } from './types';
import { readListView, writeListView } from './urlState';

const fields: SearchField[] = [
  { name: 'number', labelKey: 'x' },
  { name: 'status', labelKey: 'x', type: 'select', options: [{ value: 1 }, { value: 2 }] },
  { name: 'online', labelKey: 'x', type: 'select', options: [{ value: true }, { value: false }] },
  { name: 'types', labelKey: 'x', type: 'select', multiple: true, options: [{ value: 'A' }, { value: 'B' }] },
  { name: 'capacity', labelKey: 'x', type: 'number' },
  { name: 'day', labelKey: 'x', type: 'date' },
  { name: 'created', labelKey: 'x', type: 'dateRange' },
];
const defaults = { size: 10, sort: { field: 'createdAt', order: 'descend' as const } };

describe('list state in the address', () => {
  it('leaves an untouched list with a bare address', () => {
    const params = writeListView(new URLSearchParams(), { current: 1, size: 10, sort: defaults.sort, values: {} }, fields, defaults);
    expect(params.toString()).toBe('');
    expect(readListView(params, fields, defaults)).toEqual({ current: 1, size: 10, sort: defaults.sort, values: {} });
  });

  it('writes filters, page, size and sort and reads back the same search', () => {
    const from = dayjs('2026-03-01T00:00:00Z');
    const to = dayjs('2026-03-31T23:59:59Z');
    const values = {
      number: ' CAB-7 ',
      status: 2,
      online: false,
      types: ['A', 'B'],
      capacity: 60,
      day: dayjs('2026-03-09'),
      created: [from, to],
    };
    const params = writeListView(
      new URLSearchParams('tab=history'),
      { current: 3, size: 50, sort: { field: 'number', order: 'ascend' }, values },
      fields,
      defaults,
    );
    expect(params.get('tab')).toBe('history');
    expect(params.get('number')).toBe('CAB-7');
    expect(params.getAll('types')).toEqual(['A', 'B']);
    expect(params.get('createdFrom')).toBe('2026-03-01T00:00:00.000Z');
    expect(params.get('day')).toBe('2026-03-09');
    expect(params.get('page')).toBe('3');
    expect(params.get('size')).toBe('50');
    expect(params.get('sort')).toBe('number');

    const back = readListView(new URLSearchParams(params.toString()), fields, defaults);
    expect(back).toMatchObject({ current: 3, size: 50, sort: { field: 'number', order: 'ascend' } });
    // Typed back to the options' values, so the request is the one the form sent.
    expect(toFilters(fields, back.values)).toEqual(toFilters(fields, values));
    expect(back.values.status).toBe(2);
    expect(back.values.online).toBe(false);
  });

  it('keeps a descending sort and a cleared sort apart from the default', () => {
    const descending = writeListView(
      new URLSearchParams(),
      { current: 1, size: 10, sort: { field: 'id', order: 'descend' }, values: {} },
      fields,
      defaults,
    );
    expect(descending.get('sort')).toBe('-id');
    expect(readListView(descending, fields, defaults).sort).toEqual({ field: 'id', order: 'descend' });
    const cleared = writeListView(new URLSearchParams(), { current: 1, size: 10, values: {} }, fields, defaults);
    expect(cleared.get('sort')).toBe('');
    expect(readListView(cleared, fields, defaults).sort).toBeUndefined();
  });

  it('ignores a page or size that is not a positive whole number, and bad dates', () => {
    const view = readListView(new URLSearchParams('page=-2&size=abc&day=soon&createdFrom=nope'), fields, defaults);
    expect(view).toMatchObject({ current: 1, size: 10, values: {} });
  });

  it('replaces a filter the user cleared', () => {
    const params = writeListView(
      new URLSearchParams('number=CAB-7&page=4'),
      { current: 1, size: 10, sort: defaults.sort, values: {} },
      fields,
      defaults,
    );
    expect(params.toString()).toBe('');
  });
});
