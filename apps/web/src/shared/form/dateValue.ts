import dayjs, { type Dayjs } from 'dayjs';
import { DATE_TIME_FORMAT } from '../format';

/** The two date field types of a form: a calendar day, or an instant shown in the browser's zone. */
export type DateFieldType = 'date' | 'dateTime';

export const DATE_FORMAT = 'YYYY-MM-DD';

/** What the picker shows for a form value: the API's `YYYY-MM-DD` day, or its ISO-8601 UTC instant in local time. */
export function toPickerValue(type: DateFieldType, value: unknown): Dayjs | null {
  if (typeof value !== 'string' || value === '') return null;
  const parsed = type === 'date' ? dayjs(value, DATE_FORMAT) : dayjs(value);
  return parsed.isValid() ? parsed : null;
}

/** What the form holds (and the API receives) for a picked value: the day as `YYYY-MM-DD`, an instant as ISO-8601 UTC. */
export function fromPickerValue(type: DateFieldType, picked: Dayjs | null | undefined): string | null {
  if (!picked) return null;
  return type === 'date' ? picked.format(DATE_FORMAT) : picked.millisecond(0).toISOString();
}

export function pickerFormat(type: DateFieldType): string {
  return type === 'date' ? DATE_FORMAT : DATE_TIME_FORMAT;
}
