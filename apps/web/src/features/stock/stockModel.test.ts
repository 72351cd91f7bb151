import { describe, expect, it } from 'vitest';
import { stockKindOf, stockRoutes } from './stockModel';

describe('stock routes', () => {
  it('reads the kind from the route', () => {
    expect(stockKindOf('/product/vehicle-inventory/list')).toBe('vehicle');
    expect(stockKindOf('/product/cabinet-inventory/record/detail')).toBe('cabinet');
    expect(stockKindOf('/product/battery-inventory/record')).toBe('battery');
  });

  it('builds the record detail link with the batch id as query', () => {
    expect(stockRoutes('battery').recordDetail(7)).toBe('/product/battery-inventory/record/detail?id=7');
  });
});
