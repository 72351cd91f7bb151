import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE, type Page } from '@swap/contracts';
import { api } from '../api/client';
import type { SortState } from './types';

/**
 * Query key prefix of a list; invalidate it after a mutation to reload every page of that list.
 * It starts with the path, like every key, so invalidating the list's resource reaches it too.
 */
export function resourceSearchKey(searchPath: string): readonly unknown[] {
  return [searchPath];
}

export interface SearchState {
  current: number;
  size: number;
  filters: Record<string, unknown>;
  sort?: SortState;
}

/** Reads one page; the default is `POST <searchPath>`, a list answered otherwise (a GET detail) passes its own. */
export type PageFetcher<T> = (body: Record<string, unknown>, signal: AbortSignal) => Promise<Page<T>>;

/** POST <searchPath> with `{ current, size, ...filters, sort }` answering a Page (DESIGN §4). */
export function useResourceSearch<T>(
  searchPath: string,
  fixedFilters: Record<string, unknown> | undefined,
  initial: { size?: number; sort?: SortState; filters?: Record<string, unknown> },
  fetchPage?: PageFetcher<T>,
) {
  const [state, setState] = useState<SearchState>({
    current: 1,
    size: initial.size ?? DEFAULT_PAGE_SIZE,
    filters: initial.filters ?? {},
    sort: initial.sort,
  });
  // TanStack Query hashes the key, so a fresh object per render is fine.
  const body = { ...fixedFilters, ...state.filters, current: state.current, size: state.size, ...(state.sort ? { sort: state.sort } : {}) };
  const query = useQuery({
    queryKey: [...resourceSearchKey(searchPath), body],
    queryFn: ({ signal }) => (fetchPage ? fetchPage(body, signal) : api.post<Page<T>>(searchPath, body, { signal })),
    placeholderData: keepPreviousData,
    retry: false,
  });

  // After deleting the last rows of the last page, step back to the page that now exists.
  const pages = query.data?.pages;
  if (pages !== undefined && pages > 0 && state.current > pages && !query.isPlaceholderData) setState({ ...state, current: pages });

  return { state, setState, body, query };
}
