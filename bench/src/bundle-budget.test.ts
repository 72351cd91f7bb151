import { describe, expect, it } from 'vitest';
import { BUDGET_KB, NOT_YET_WITHIN, overBudget, type AddressFigure, type BundleFigures, type LoadedFile } from './bundle-budget.js';

const entryFiles: LoadedFile[] = [
  { name: 'index.html', kb: 93.3, entry: true },
  { name: 'src/i18n/bundles/en.ts', kb: 7.5, entry: true },
];
const route = (path: string, kb: number, signedOut = false, files: LoadedFile[] = []): AddressFigure => ({
  route: path,
  signedOut,
  kb,
  files: [...entryFiles, ...files],
});
const figures = (routes: AddressFigure[], entry = 140.2): BundleFigures => ({ entry: { kb: entry, files: entryFiles }, routes });

describe('the bundle check', () => {
  it('passes when the entry and every address are within their budgets, at the budget too', () => {
    expect(
      overBudget(
        figures([
          route('/session/login', BUDGET_KB.signedOut, true),
          route('/system/role/list', BUDGET_KB.signedIn),
          route('/dashboard', 120),
        ]),
      ),
    ).toEqual([]);
  });

  it('fails a signed-in route over 400 KB, naming it and the largest files it loads beside the entry', () => {
    const failures = overBudget(
      figures([
        route('/system/role/list', 400.1, false, [
          { name: '_table-GNKhXUOo.js', kb: 35.2, entry: false },
          { name: 'src/features/role/RoleListPage.tsx', kb: 4.1, entry: false },
          { name: '_useShowArrow-B7TDvCRb.js', kb: 20.8, entry: false },
        ]),
        route('/system/area/list', 390),
      ]),
    );
    expect(failures).toHaveLength(1);
    expect(failures[0]).toContain('route /system/role/list loads 400.1 KB, over its budget of 400 KB');
    // Largest first; the entry's files are named once, by the entry's figure.
    expect(failures[0]).toMatch(
      /35\.2 _table-GNKhXUOo\.js, 20\.8 _useShowArrow-B7TDvCRb\.js, 4\.1 src\/features\/role\/RoleListPage\.tsx$/,
    );
    expect(failures[0]).not.toContain('index.html');
  });

  it('holds a signed-out address to 200 KB, not to the signed-in budget', () => {
    const failures = overBudget(figures([route('/session/login', 200.1, true), route('/session/forgot-password', 150, true)]));
    expect(failures).toEqual([expect.stringMatching(/^signed-out address \/session\/login loads 200\.1 KB, over its budget of 200 KB/)]);
  });

  it('fails an entry over its budget and names its largest files', () => {
    const failures = overBudget(figures([route('/session/login', 160, true)], 150.1));
    expect(failures).toEqual([
      expect.stringMatching(/^the entry loads 150\.1 KB, over its budget of 150 KB; largest files: 93\.3 index\.html, 7\.5/),
    ]);
  });

  it('holds every signed-out address to 200 KB, sign-up too: none is held at a figure of its own any more', () => {
    expect(NOT_YET_WITHIN).toEqual({});
    expect(overBudget(figures([route('/session/sign-up', 200, true)]))).toEqual([]);
    expect(overBudget(figures([route('/session/sign-up', 200.1, true)]))).toEqual([
      expect.stringMatching(/^signed-out address \/session\/sign-up loads 200\.1 KB, over its budget of 200 KB/),
    ]);
  });
});
