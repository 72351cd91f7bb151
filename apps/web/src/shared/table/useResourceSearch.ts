import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE, type Page } from '@swap/contracts';
import { api } from '../api/client';
import { toFilters } from './filters';
import type { SearchField, SortState } from './types';
import { readListView, writeListView, type ListView } from './urlState';

/**
 * Query key prefix of a list; invalidate it after a mutation to reload every page of that list.
 * It starts with the path, like every key, so invalidating the list's resource reaches it too.
 */
export function resourceSearchKey(searchPath: string): readonly unknown[] {
  return [searchPath];
}

export type SearchState = ListView;

/** Reads one page; the default is `POST <searchPath>`, a list answered otherwise (a GET detail) passes its own. */
export type PageFetcher<T> = (body: Record<string, unknown>, signal: AbortSignal) => Promise<Page<T>>;

export interface SearchOptions<T> {
  fields: SearchField[];
  /** Filters always sent (the parent record), under the form's. */
  fixedFilters?: Record<string, unknown>;
  size?: number;
  sort?: SortState;
  /** Keep page, sort and filters in the address (replacing the history entry, so Back leaves the list at once). */
  inUrl: boolean;
  fetchPage?: PageFetcher<T>;
  /** Reads the page again after so many milliseconds while the shown records call for it (a task under way); false: not. */
  refreshEvery?: (records: T[]) => number | false;
}

/** POST <searchPath> with `{ current, size, ...filters, sort }` answering a Page (docs/api.md). */
export function useResourceSearch<T>(searchPath: string, options: SearchOptions<T>) {
  const { fields, fixedFilters, inUrl, fetchPage } = options;
  const defaults = { size: options.size ?? DEFAULT_PAGE_SIZE, sort: options.sort };
  const [params, setParams] = useSearchParams();
  const [local, setLocal] = useState<ListView>({ current: 1, size: defaults.size, sort: defaults.sort, values: {} });
  const state = inUrl ? readListView(params, fields, defaults) : local;

  // An address this list did not write (a link, Back, the sidebar) opens the search form afresh.
  const search = params.toString();
  const [form, setForm] = useState({ search, written: search, key: 0 });
  if (inUrl && search !== form.search) setForm({ search, written: form.written, key: search === form.written ? form.key : form.key + 1 });

  // Read from the address itself: antd's table may call back through a handler of an earlier render.
  const setState = (update: (view: ListView) => ListView) => {
    if (!inUrl) return setLocal(update);
    const current = new URLSearchParams(window.location.search);
    const next = writeListView(current, update(readListView(current, fields, defaults)), fields, defaults);
    setForm((form) => ({ ...form, written: next.toString() }));
    setParams(next, { replace: true });
  };

  const filters = toFilters(fields, state.values);
  // TanStack Query hashes the key, so a fresh object per render is fine.
  const body = { ...fixedFilters, ...filters, current: state.current, size: state.size, ...(state.sort ? { sort: state.sort } : {}) };
  const query = useQuery({
    queryKey: [...resourceSearchKey(searchPath), body],
    queryFn: ({ signal }) => (fetchPage ? fetchPage(body, signal) : api.post<Page<T>>(searchPath, body, { signal })),
    placeholderData: keepPreviousData,
    retry: false,
    refetchInterval: (current) => (options.refreshEvery && current.state.data ? options.refreshEvery(current.state.data.records) : false),
  });

  // After deleting the last rows of the last page, step back to the page that now exists.
  const pages = query.data?.pages;
  const beyond = pages !== undefined && pages > 0 && state.current > pages && !query.isPlaceholderData;
  if (beyond && !inUrl) setLocal({ ...local, current: pages });
  useEffect(() => {
    if (beyond && inUrl) setParams(writeListView(params, { ...state, current: pages }, fields, defaults), { replace: true });
  });

  return { state, setState, body, query, formKey: form.key };
}
