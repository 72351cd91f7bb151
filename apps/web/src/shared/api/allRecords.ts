import { useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, type AnswerOf, type EndpointDef, type FilterOf, type Page } from '@swap/contracts';
import { resourceSearchKey } from '../table/useResourceSearch';
import { api, type CallOptions } from './client';

/** Upper bound on pages read for a choice list, so a runaway total cannot loop for ever. */
const MAX_PAGES = 20;

/** Every record of a search (POST <path> page by page), for select options such as merchants or roles. */
export async function fetchAllRecords<T>(path: string, filters: Record<string, unknown> = {}, options?: CallOptions): Promise<T[]> {
  const out: T[] = [];
  for (let current = 1; current <= MAX_PAGES; current++) {
    const page = await api.post<Page<T>>(path, { ...filters, current, size: MAX_PAGE_SIZE }, options);
    out.push(...page.records);
    if (page.records.length === 0 || out.length >= page.total || current >= page.pages) break;
  }
  return out;
}

/**
 * The same as a query; it shares the list's key prefix, so saving in that list refreshes the choices.
 */
export function useAllRecords<T>(path: string, filters: Record<string, unknown> = {}, enabled = true) {
  return useQuery({
    queryKey: [...resourceSearchKey(path), 'all', filters],
    queryFn: ({ signal }) => fetchAllRecords<T>(path, filters, { signal }),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}

/** The record type of a declared search endpoint (its answer is a Page of them). */
export type RecordOf<E extends EndpointDef> = AnswerOf<E> extends Page<infer R> ? R : never;

/** useAllRecords for a declared search endpoint: the records' type comes from its answer. */
export function useAllRecordsOf<E extends EndpointDef>(search: E, filters: Partial<Record<FilterOf<E>, unknown>> = {}, enabled = true) {
  return useAllRecords<RecordOf<E>>(search.path, filters, enabled);
}
