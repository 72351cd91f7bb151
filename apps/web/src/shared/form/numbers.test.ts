import { describe, expect, it } from 'vitest';
import { parseCsvNumbers, parsePastedNumbers, tooManyNumbers } from './numbers';

describe('device number lists', () => {
  it('splits pasted text on lines, spaces, commas and semicolons, keeping order and repeats', () => {
    expect(parsePastedNumbers('B001\nB002, B003;B004\t B001\r\n\n "B005" ')).toEqual(['B001', 'B002', 'B003', 'B004', 'B001', 'B005']);
    expect(parsePastedNumbers('  \n ,, ')).toEqual([]);
  });

  it('keeps invalid entries for the server to name', () => {
    expect(parsePastedNumbers('B001 B#2')).toEqual(['B001', 'B#2']);
  });

  it('reads the first column of a CSV file and skips its header', () => {
    expect(parseCsvNumbers('\uFEFFNumber,Remark\r\nB001,new\r\n"B002","x, y"\n\nB003\n')).toEqual(['B001', 'B002', 'B003']);
    expect(parseCsvNumbers('number\nB001')).toEqual(['B001']);
    expect(parseCsvNumbers('B001;a\nB002;b')).toEqual(['B001', 'B002']);
    expect(parseCsvNumbers('')).toEqual([]);
  });

  it('refuses more than 1000 numbers', () => {
    const numbers = Array.from({ length: 1000 }, (_, i) => `B${i}`);
    expect(tooManyNumbers(numbers)).toBe(false);
    expect(tooManyNumbers([...numbers, 'B1000'])).toBe(true);
  });
});
