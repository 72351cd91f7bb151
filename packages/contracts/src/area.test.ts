import { describe, expect, it } from 'vitest';
import { AREA_MAX_POINTS, areaAdd, areaEdit, ringProblem, type RingPoint } from './domains/area.js';

const square: RingPoint[] = [
  [106.8, -6.3],
  [106.9, -6.3],
  [106.9, -6.2],
  [106.8, -6.2],
  [106.8, -6.3],
];

describe('area outlines', () => {
  it('take a closed ring that encloses a surface without crossing itself', () => {
    expect(ringProblem(square)).toBeNull();
    expect(areaAdd.safeParse({ code: 'JK-1', name: 'Central', type: 'PROVINCE', polygon: square }).success).toBe(true);
  });

  it('refuse an open ring, fewer than three points, a crossing, a flat ring', () => {
    expect(ringProblem(square.slice(0, 4))).toBe('validation.polygon');
    expect(ringProblem([square[0]!, square[1]!, square[0]!])).toBe('validation.polygon');
    const bow: RingPoint[] = [square[0]!, square[2]!, square[1]!, square[3]!, square[0]!];
    expect(ringProblem(bow)).toBe('validation.polygon');
    const flat: RingPoint[] = [
      [100, 10],
      [101, 10],
      [102, 10],
      [100, 10],
    ];
    expect(ringProblem(flat)).toBe('validation.polygon');
  });

  it('bound the size: at most 500 points, 20 degrees across', () => {
    const round = (n: number): RingPoint[] => {
      const ring: RingPoint[] = Array.from({ length: n - 1 }, (_, i) => [
        100 + Math.cos((2 * Math.PI * i) / (n - 1)),
        10 + Math.sin((2 * Math.PI * i) / (n - 1)),
      ]);
      return [...ring, ring[0]!];
    };
    expect(ringProblem(round(AREA_MAX_POINTS))).toBeNull();
    expect(ringProblem(round(AREA_MAX_POINTS + 1))).toBe('validation.polygonSize');
    const wide: RingPoint[] = [
      [90, 0],
      [111, 0],
      [111, 1],
      [90, 0],
    ];
    expect(ringProblem(wide)).toBe('validation.polygonSize');
  });

  it('refuse coordinates that are not finite numbers within the globe, as the outline’s fault', () => {
    for (const bad of [
      [
        [181, 0],
        [181, 1],
        [182, 1],
        [181, 0],
      ],
      [
        [0, 91],
        [1, 91],
        [1, 92],
        [0, 91],
      ],
      [
        [0, 0],
        [Number.NaN, 1],
        [1, 1],
        [0, 0],
      ],
      [
        [0, 0],
        [Infinity, 1],
        [1, 1],
        [0, 0],
      ],
      [
        [0, 0, 0],
        [1, 1, 1],
        [1, 0, 0],
        [0, 0, 0],
      ],
    ]) {
      const parsed = areaAdd.safeParse({ code: 'X', name: 'X', type: 'PROVINCE', polygon: bad });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.path[0]).toBe('polygon');
    }
  });
});

describe('a city and its province', () => {
  it('a city without a province is refused at the province field, when added and when edited', () => {
    for (const [schema, extra] of [
      [areaAdd, {}],
      [areaEdit, { id: 7 }],
    ] as const) {
      for (const provinceId of [undefined, null]) {
        const parsed = schema.safeParse({ code: 'JK-S', name: 'South', type: 'CITY', provinceId, ...extra });
        expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['provinceId', 'validation.required']]);
      }
      expect(schema.safeParse({ code: 'JK-S', name: 'South', type: 'CITY', provinceId: 3, ...extra }).success).toBe(true);
      expect(schema.safeParse({ code: 'JK', name: 'Jakarta', type: 'PROVINCE', provinceId: null, ...extra }).success).toBe(true);
    }
  });
});
