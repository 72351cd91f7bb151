import type { CsvColumn } from '../../app/csv.js';
import { columnHeader } from '../../app/policy.js';

type Cell = string | number | boolean | null | undefined;

/** CSV columns of a device export, one per record field, headed by the shared field labels. */
export function deviceCsvColumns<T extends object>(fields: (keyof T & string)[]): CsvColumn<T>[] {
  return fields.map((field) => ({
    header: columnHeader(field),
    value: (row: T) => {
      const value: unknown = row[field];
      if (Array.isArray(value)) return value.join('; ');
      return value as Cell;
    },
  }));
}
