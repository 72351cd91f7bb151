import { describe, expect, it } from 'vitest';
import { ROUTES } from '@swap/contracts';
import { PAGES } from './pages';

describe('PAGES registry', () => {
  it('registers only paths of ROUTES', () => {
    const paths = new Set(ROUTES.map((route) => route.path));
    expect(Object.keys(PAGES).filter((path) => !paths.has(path))).toEqual([]);
    expect(PAGES['/dashboard']).toBeDefined();
  });
});
