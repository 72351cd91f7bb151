import dayjs, { type Dayjs } from 'dayjs';
import type { SearchField } from './types';

function isDayjs(value: unknown): value is Dayjs {
  return dayjs.isDayjs(value);
}

/** Search form values → request filters: empty values dropped, text trimmed, dates as ISO-8601 UTC. */
export function toFilters(fields: SearchField[], values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    const type = field.type ?? 'text';
    if (type === 'dateRange' && Array.isArray(value)) {
      const [from, to] = value as unknown[];
      const [fromKey, toKey] = field.rangeKeys ?? [`${field.name}From`, `${field.name}To`];
      if (isDayjs(from)) out[fromKey] = from.startOf('second').toISOString();
      if (isDayjs(to)) out[toKey] = to.endOf('second').toISOString();
      continue;
    }
    if (type === 'date' && isDayjs(value)) {
      out[field.name] = value.format('YYYY-MM-DD');
      continue;
    }
    if (typeof value === 'string') {
      const trimmed = value.trim();
      if (trimmed) out[field.name] = trimmed;
      continue;
    }
    out[field.name] = value;
  }
  return out;
}
