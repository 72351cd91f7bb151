import type { ReactNode } from 'react';

/**
 * Stands in for antd Table's column-filter dropdown: the `slimTable` plugin in vite.config.ts
 * resolves antd's `./FilterDropdown` to this file. Lists filter through the search form above the
 * table, and the real dropdown (antd Tree, Menu, Checkbox group) adds about 7 KB
 * gzipped to every list page.
 */
interface ColumnFilterProps {
  children?: ReactNode;
  column?: { filters?: unknown; filterDropdown?: unknown };
}

export default function ColumnFilter({ children, column }: ColumnFilterProps) {
  if (import.meta.env.DEV && (column?.filters !== undefined || column?.filterDropdown !== undefined)) {
    console.error('Column filters are not available: declare the filter as a search field of ResourceTable.');
  }
  return <>{children}</>;
}

interface FilterItem {
  value: unknown;
  children?: FilterItem[];
}

/** Same as antd's: the table still uses it to read `filteredValue`. */
export function flattenKeys(filters: FilterItem[] | undefined): unknown[] {
  const keys: unknown[] = [];
  for (const { value, children } of filters ?? []) {
    keys.push(value);
    if (children) keys.push(...flattenKeys(children));
  }
  return keys;
}
