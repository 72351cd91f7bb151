import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '@swap/contracts';
import { toFilters } from './filters';
import type { SearchField } from './types';
import { readListView } from './urlState';

/**
 * The filters a list kept in the address (its search form's values, without page and sort): what
 * another view of the same records shows (a map of the listed stations). Its own file, so only a
 * screen using it carries it.
 */
export function useListFilters(fields: SearchField[]): Record<string, unknown> {
  const [params] = useSearchParams();
  return toFilters(fields, readListView(params, fields, { size: DEFAULT_PAGE_SIZE }).values);
}
