import { useState } from 'react';

/** Row height of a list: antd's table sizes, from roomy to compact. */
export type Density = 'large' | 'middle' | 'small';
export const DENSITIES: readonly Density[] = ['large', 'middle', 'small'];

/** How one list is shown, kept in this browser per list (docs/web-kits.md, "List pages"). */
export interface TablePrefs {
  /** Keys of the columns the user hid. */
  hidden: string[];
  density: Density;
}

const DEFAULT_PREFS: TablePrefs = { hidden: [], density: 'large' };

/** The localStorage key of a list's view: its search path without the query. */
export function prefsKey(listPath: string): string {
  return `list-view:${listPath.split('?')[0]}`;
}

export function readPrefs(key: string): TablePrefs {
  try {
    const stored = JSON.parse(localStorage.getItem(key) ?? '{}') as Partial<TablePrefs>;
    return {
      hidden: Array.isArray(stored.hidden) ? stored.hidden.filter((name) => typeof name === 'string') : [],
      density: DENSITIES.includes(stored.density as Density) ? (stored.density as Density) : DEFAULT_PREFS.density,
    };
  } catch {
    return DEFAULT_PREFS;
  }
}

export function useTablePrefs(listPath: string): [TablePrefs, (prefs: TablePrefs) => void] {
  const key = prefsKey(listPath);
  const [prefs, setPrefs] = useState(() => readPrefs(key));
  return [
    prefs,
    (next) => {
      setPrefs(next);
      try {
        localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // Storage full or blocked: the choice holds until the page is left.
      }
    },
  ];
}
