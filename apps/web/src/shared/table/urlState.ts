import dayjs, { type Dayjs } from 'dayjs';
import type { SearchField, SortState, TreeOption } from './types';

/**
 * A list's search in the address bar (docs/web-kits.md, "List pages"): the search form's values
 * under their field names (a date range under the two filter names it sends), `page`, `size` and
 * `sort` (`field` ascending, `-field` descending, empty for no order). Values equal to the list's
 * defaults are left out, so an untouched list has a bare address.
 */
export const PAGE_PARAM = 'page';
export const SIZE_PARAM = 'size';
export const SORT_PARAM = 'sort';

export interface ListView {
  current: number;
  size: number;
  sort?: SortState;
  /** The search form's values (dates as dayjs). */
  values: Record<string, unknown>;
}

export interface ListDefaults {
  size: number;
  sort?: SortState;
}

function rangeKeys(field: SearchField): [string, string] {
  return field.rangeKeys ?? [`${field.name}From`, `${field.name}To`];
}

function treeValues(nodes: TreeOption[] | undefined): (string | number)[] {
  return (nodes ?? []).flatMap((node) => [node.value, ...treeValues(node.children)]);
}

/** An address value back to the option value it stands for (options may be numbers or flags). */
function optionValue(field: SearchField, text: string): unknown {
  // A select searched on the server holds ids.
  if (field.source) return /^[1-9][0-9]{0,9}$/.test(text) ? Number(text) : text;
  const known = field.type === 'treeSelect' ? treeValues(field.treeData) : (field.options ?? []).map((option) => option.value);
  return known.find((value) => String(value) === text) ?? text;
}

function sortText(sort: SortState | undefined): string {
  return sort ? `${sort.order === 'descend' ? '-' : ''}${sort.field}` : '';
}

function readSort(text: string | null, fallback: SortState | undefined): SortState | undefined {
  if (text === null) return fallback;
  if (!text) return undefined;
  return text.startsWith('-') ? { field: text.slice(1), order: 'descend' } : { field: text, order: 'ascend' };
}

function positive(text: string | null, fallback: number): number {
  const value = Number(text);
  return text && Number.isInteger(value) && value > 0 ? value : fallback;
}

function readDate(text: string | null): Dayjs | undefined {
  if (!text) return undefined;
  const value = dayjs(text);
  return value.isValid() ? value : undefined;
}

/** The list's search read from the address; unknown parameters are left alone. */
export function readListView(params: URLSearchParams, fields: SearchField[], defaults: ListDefaults): ListView {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    const type = field.type ?? 'text';
    if (type === 'dateRange') {
      const [fromKey, toKey] = rangeKeys(field);
      const from = readDate(params.get(fromKey));
      const to = readDate(params.get(toKey));
      if (from || to) values[field.name] = [from ?? null, to ?? null];
      continue;
    }
    const texts = params.getAll(field.name).filter((text) => text !== '');
    if (texts.length === 0) continue;
    if (type === 'date') values[field.name] = readDate(texts[0]!);
    else if (type === 'number') values[field.name] = Number.isFinite(Number(texts[0])) ? Number(texts[0]) : undefined;
    else if (type === 'select' || type === 'treeSelect') {
      const options = texts.map((text) => optionValue(field, text));
      values[field.name] = field.multiple ? options : options[0];
    } else values[field.name] = texts[0];
  }
  return {
    current: positive(params.get(PAGE_PARAM), 1),
    size: positive(params.get(SIZE_PARAM), defaults.size),
    sort: readSort(params.get(SORT_PARAM), defaults.sort),
    values,
  };
}

function dateText(value: unknown, format?: string): string | undefined {
  if (!dayjs.isDayjs(value) || !value.isValid()) return undefined;
  return format ? value.format(format) : value.toISOString();
}

/**
 * The address parameters of a list's search, on top of `base` (the parameters the list does not
 * own stay). Empty values and defaults are left out.
 */
export function writeListView(base: URLSearchParams, view: ListView, fields: SearchField[], defaults: ListDefaults): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const name of [PAGE_PARAM, SIZE_PARAM, SORT_PARAM]) params.delete(name);
  for (const field of fields) {
    const type = field.type ?? 'text';
    const value = view.values[field.name];
    if (type === 'dateRange') {
      const keys = rangeKeys(field);
      const pair = Array.isArray(value) ? (value as unknown[]) : [];
      keys.forEach((key, index) => {
        params.delete(key);
        const text = dateText(pair[index]);
        if (text) params.set(key, text);
      });
      continue;
    }
    params.delete(field.name);
    if (type === 'date') {
      const text = dateText(value, 'YYYY-MM-DD');
      if (text) params.set(field.name, text);
      continue;
    }
    for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) {
      if (typeof item !== 'string' && typeof item !== 'number' && typeof item !== 'boolean') continue;
      const text = String(item).trim();
      if (text) params.append(field.name, text);
    }
  }
  if (view.current > 1) params.set(PAGE_PARAM, String(view.current));
  if (view.size !== defaults.size) params.set(SIZE_PARAM, String(view.size));
  if (sortText(view.sort) !== sortText(defaults.sort)) params.set(SORT_PARAM, sortText(view.sort));
  return params;
}
