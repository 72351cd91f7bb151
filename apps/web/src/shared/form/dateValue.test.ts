import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { fromPickerValue, pickerFormat, toPickerValue } from './dateValue';

describe('date fields of a form', () => {
  it('keeps a calendar day as YYYY-MM-DD both ways, whatever the time zone', () => {
    const picked = toPickerValue('date', '2026-03-09');
    expect(picked?.format('YYYY-MM-DD')).toBe('2026-03-09');
    expect(fromPickerValue('date', picked)).toBe('2026-03-09');
    expect(pickerFormat('date')).toBe('YYYY-MM-DD');
  });

  it('shows an instant in the browser zone and sends it back as the same ISO-8601 UTC instant', () => {
    const picked = toPickerValue('dateTime', '2026-03-09T02:30:15.000Z');
    expect(picked?.format('YYYY-MM-DD HH:mm:ss')).toBe(dayjs('2026-03-09T02:30:15Z').format('YYYY-MM-DD HH:mm:ss'));
    expect(fromPickerValue('dateTime', picked)).toBe('2026-03-09T02:30:15.000Z');
    expect(pickerFormat('dateTime')).toBe('YYYY-MM-DD HH:mm:ss');
  });

  it('treats an empty or unreadable value as none', () => {
    expect(toPickerValue('date', null)).toBeNull();
    expect(toPickerValue('dateTime', '')).toBeNull();
    expect(toPickerValue('dateTime', 'yesterday')).toBeNull();
    expect(fromPickerValue('dateTime', null)).toBeNull();
  });
});
