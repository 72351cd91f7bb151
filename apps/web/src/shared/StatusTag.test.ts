import { describe, expect, it } from 'vitest';
import { STATUS_COLORS } from './StatusTag';

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('status colours', () => {
  it('keep AA contrast for every meaning', () => {
    for (const [meaning, { color, background }] of Object.entries(STATUS_COLORS)) {
      expect(contrast(color, background), meaning).toBeGreaterThanOrEqual(4.5);
    }
  });
});
