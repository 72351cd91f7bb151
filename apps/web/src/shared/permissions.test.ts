import { describe, expect, it } from 'vitest';
import { gateOpen } from './permissions';

const holder = (codes: string[]) => ({
  has: (code: string) => code === '' || codes.includes(code),
  hasAny: (list: readonly string[]) => list.some((code) => codes.includes(code)),
});

describe('action gates', () => {
  const areaWriter = holder(['admin.area', 'admin.area.add', 'admin.area.edit']);

  it('a platform-only action is hidden from a merchant’s account holding its code, shown to platform staff holding it', () => {
    const add = { code: 'admin.area.add', platformOnly: true };
    expect(gateOpen(add, areaWriter, false)).toBe(false);
    expect(gateOpen(add, areaWriter, true)).toBe(true);
    expect(gateOpen(add, holder(['admin.area']), true)).toBe(false);
  });

  it('any other action needs only one of its codes, on the platform or not', () => {
    expect(gateOpen({ code: 'admin.area.edit' }, areaWriter, false)).toBe(true);
    expect(gateOpen({ code: ['admin.area.remove', 'admin.area.add'] }, areaWriter, false)).toBe(true);
    expect(gateOpen({ code: 'admin.area.remove' }, areaWriter, true)).toBe(false);
    expect(gateOpen({}, holder([]), false)).toBe(true);
  });
});
