import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contractTextNeeds, contractTextsOf, featureTextFiles, findPageAddresses, textKeysOf } from './page-addresses';

/** A web root holding the given page files (`feature/NamePage.tsx` → source; `../app/x.ts` outside the features). */
function webRootWith(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'pages-'));
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, 'src/features', file)), { recursive: true });
    writeFileSync(path.join(root, 'src/features', file), source);
  }
  return root;
}

describe('page addresses', () => {
  it('reads each exported page’s @route lines, several per page, and skips what is not a page', () => {
    const root = webRootWith({
      'stock/StockListPage.tsx': [
        '/** Not a page. */',
        'function helper() {}',
        '/**',
        ' * Stock of a kind.',
        ' * @route /product/vehicle-inventory/list',
        ' * @route /product/battery-inventory/list',
        ' */',
        'export function StockListPage() {}',
        '/** A piece without an address. */',
        'export const StockRow = () => null;',
      ].join('\n'),
      'stock/stockModel.tsx': '/** @route /not/a/page */\nexport function Model() {}',
    });
    expect(findPageAddresses(root)).toEqual([
      { route: '/product/vehicle-inventory/list', file: 'src/features/stock/StockListPage.tsx', component: 'StockListPage' },
      { route: '/product/battery-inventory/list', file: 'src/features/stock/StockListPage.tsx', component: 'StockListPage' },
    ]);
  });

  it('refuses an address two pages declare', () => {
    const root = webRootWith({
      'a/APage.tsx': '/** @route /system/area/list */\nexport function APage() {}',
      'b/BPage.tsx': '/** @route /system/area/list */\nexport function BPage() {}',
    });
    expect(() => findPageAddresses(root)).toThrow('/system/area/list is declared by two pages');
  });
});

describe('feature texts of the pages', () => {
  it('gives a feature its own texts and those whose keys it or a feature it imports names, whole or as a prefix', () => {
    const texts = (namespace: string, keys: string[]) =>
      `export const texts = { en: {\n${keys.map((key) => `    '${namespace}.${key}': 'x',`).join('\n')}\n  } };`;
    const root = webRootWith({
      'cabinet/cabinet.texts.ts': texts('cabinet', ['title']),
      'cabinet/CabinetPage.tsx': "import { SwapsCard } from '../swap';\nexport const p = [t('station.platformOwn'), t('cabinet.title')];",
      'station/station.texts.ts': texts('station', ['platformOwn', 'type.INTEGRATED']),
      'swap/swap.texts.ts': texts('swap', ['return.NONE']),
      'swap/SwapsCard.tsx': 'export const word = (value: string) => t(`swap.return.${value}`);',
      'swap/index.ts': "export { SwapsCard } from './SwapsCard';",
      'area/area.texts.ts': texts('area', ['title']),
      // An enumeration word of the contracts shares the namespace but is not one of the file's keys.
      'area/AreaPage.tsx': "export const p = t('station.nature.OWN');",
      'session/LoginPage.tsx': "export const p = t('session.title');",
    });
    expect(featureTextFiles(root)).toEqual({
      area: ['area/area.texts.ts'],
      cabinet: ['cabinet/cabinet.texts.ts', 'station/station.texts.ts', 'swap/swap.texts.ts'],
      session: [],
      station: ['station/station.texts.ts'],
      swap: ['swap/swap.texts.ts'],
    });
  });
});

describe('what a page reaches of another feature', () => {
  const texts = (namespace: string, keys: string[]) =>
    `export const texts = { en: {\n${keys.map((key) => `    '${namespace}.${key}': 'x',`).join('\n')}\n  } };`;
  const root = webRootWith({
    'dashboard/DashboardPage.tsx': [
      "import { FleetMapCard, type StationType } from '../station';",
      "import type { TrendSpec } from '../telemetry';",
      "export const p = t('dashboard.title');",
    ].join('\n'),
    'dashboard/dashboard.texts.ts': texts('dashboard', ['title']),
    // The entry re-exports two pieces and holds a lazy part of its own.
    'station/index.ts': [
      "import { lazy } from 'react';",
      "export { FleetMapCard } from './FleetMapCard';",
      "export { StationListPage as Stations, type StationType } from './StationListPage';",
      "export const StationDrawer = lazy(() => import('./StationDrawer'));",
    ].join('\n'),
    'station/FleetMapCard.tsx': "const FleetMap = lazy(() => import('./FleetMap'));",
    'station/FleetMap.tsx': "import { legend } from './legend';\nexport default () => t('station.map');",
    'station/legend.ts': 'export const legend = (state: string) => t(`station.state.${state}`);',
    'station/StationListPage.tsx': "import { SUPPLY } from '../cabinet';\nexport const p = t('station.list');",
    'station/StationDrawer.tsx': "export default () => t('station.drawer');",
    'station/station.texts.ts': texts('station', ['map', 'state.ONLINE', 'list', 'drawer']),
    'cabinet/index.ts': "export { SUPPLY } from './cabinetModel';",
    'cabinet/cabinetModel.ts': "export const SUPPLY = { MAINS: 'cabinet.supply.MAINS' };",
    'cabinet/cabinet.texts.ts': texts('cabinet', ['supply.MAINS']),
    'telemetry/index.ts': "export { trendSummary, type TrendSpec } from './trendModel';",
    'telemetry/trendModel.ts': "export const trendSummary = () => t('telemetry.summary');",
    'telemetry/telemetry.texts.ts': texts('telemetry', ['summary']),
    'alarm/AlarmPage.tsx': "import { StationDrawer } from '../station';",
  });

  it('reaches the files a name imported through an entry comes from and what they import, lazily too, not the whole feature', () => {
    const needs = featureTextFiles(root);
    // The fleet map names station texts; the station list page (and the cabinet texts it reaches)
    // and the type-only import of telemetry load nothing.
    expect(needs.dashboard).toEqual(['dashboard/dashboard.texts.ts', 'station/station.texts.ts']);
    expect(
      contractTextsOf(
        ['station.map', 'station.list', 'station.state.ONLINE', 'cabinet.supply.MAINS'],
        contractTextNeeds(root).features.dashboard!,
      ),
    ).toEqual(['station.map', 'station.state.ONLINE']);
    // A name the entry defines itself reaches the entry and what it loads.
    expect(needs.alarm).toEqual(['station/station.texts.ts']);
    expect(needs.station).toEqual(['cabinet/cabinet.texts.ts', 'station/station.texts.ts']);
  });
});

describe('texts files as the build reads them', () => {
  it('reads the keys of a file that writes each language on one line, and gives its texts to a feature naming one', () => {
    const root = webRootWith({
      // As prettier leaves a file whose languages fit on one line each.
      'station/station.texts.ts': [
        "import type { FeatureTexts } from '../../i18n/catalogue';",
        "export const texts = { en: { 'station.platformOwn': 'Platform', 'station.far': 'Far' }, in: { 'station.platformOwn': 'Platform', 'station.far': 'Jauh' } } satisfies FeatureTexts;",
      ].join('\n'),
      'cabinet/CabinetPage.tsx': "export const p = t('station.far');",
    });
    expect(featureTextFiles(root)).toEqual({ cabinet: ['station/station.texts.ts'], station: ['station/station.texts.ts'] });
  });

  it('stops at a texts file it cannot read whole, naming the file', () => {
    const unreadable = {
      'a spread': "export const texts = { en: { 'area.map': 'Map', ...more } };",
      'a computed key': "export const texts = { en: { [`area.${name}`]: 'Map' } };",
      'languages naming different keys': "export const texts = { en: { 'area.map': 'Map' }, th: { 'area.mapp': 'แผนที่' } };",
      'no texts': "export const words = { en: { 'area.map': 'Map' } };",
      'an empty language': 'export const texts = { en: {} };',
    };
    for (const [what, source] of Object.entries(unreadable))
      expect(() => textKeysOf(source, 'area/area.texts.ts'), what).toThrow('The texts file area/area.texts.ts cannot be read');
    const root = webRootWith({ 'area/area.texts.ts': unreadable['a spread'], 'area/AreaPage.tsx': "t('area.map');" });
    expect(() => featureTextFiles(root)).toThrow('area/area.texts.ts cannot be read');
  });
});

describe('contract texts of the pages', () => {
  const keys = [
    'field.name',
    'field.ratedVoltage',
    'field.stationName',
    'field.lastLoginAt',
    'message.recordNotFound',
    'message.stationHasCabinets',
    'swap.return.NONE',
    'swap.returnedAt',
    'station.type.INTEGRATED',
  ];
  const root = webRootWith({
    '../app/App.tsx': "import { LoginPage } from '../features/session/LoginPage';\nexport const a = [t('message.recordNotFound'), 'name'];",
    '../shared/devices.ts': 'export const fieldKey = (field: string) => `field.${field}`;',
    'session/LoginPage.tsx': "export const p = [fieldKey('lastLoginAt')];",
    'device-type/TypePage.tsx': "export const columns = [{ key: 'ratedVoltage' }, { key: 'name' }];",
    'station/StationPage.tsx':
      "import { Swaps } from '../swap';\nexport const p = [t('station.type.INTEGRATED'), { field: \"stationName\" }];",
    'swap/Swaps.tsx': 'export const word = (value: string) => t(`swap.return.${value}`);',
    'swap/index.ts': "export { Swaps } from './Swaps';",
  });
  const needs = contractTextNeeds(root);

  it('counts a feature as loaded by the app only when the app imports it, not when a comment, a string or a type names it', () => {
    const withMentions = webRootWith({
      '../app/App.tsx':
        "import { LoginPage } from '../features/session/LoginPage';\nexport const a = [t('message.recordNotFound'), 'name'];",
      '../app/Shell.tsx': [
        '// The station page (features/station/StationPage.tsx) draws its own swaps.',
        "/** Not `import('../features/swap/Swaps')`: the swaps come with the page. */",
        "import type { Columns } from '../features/device-type/TypePage';",
        "export const where = 'features/station/';",
        'export type Shown = Columns;',
      ].join('\n'),
      'session/LoginPage.tsx': "export const p = [fieldKey('lastLoginAt')];",
      'device-type/TypePage.tsx': "export const columns = [{ key: 'ratedVoltage' }, { key: 'name' }];",
      'station/StationPage.tsx':
        "// import { Swaps } from '../swap';\nexport const p = [t('station.type.INTEGRATED'), { field: \"stationName\" }];",
      'swap/Swaps.tsx': 'export const word = (value: string) => t(`swap.return.${value}`);',
    });
    const mentioned = contractTextNeeds(withMentions);
    expect(contractTextsOf(keys, mentioned.core)).toEqual(['field.name', 'field.lastLoginAt', 'message.recordNotFound']);
    // A feature's comment naming another feature's import does not bring that feature's texts either.
    expect(contractTextsOf(keys, mentioned.features.station!)).toEqual(['field.stationName', 'station.type.INTEGRATED']);
  });

  it('gives the bundle what the code outside the features, and the pages the app loads itself, name', () => {
    expect(contractTextsOf(keys, needs.core)).toEqual(['field.name', 'field.lastLoginAt', 'message.recordNotFound']);
  });

  it('gives a feature the field labels of the names it writes and the keys it or a feature it imports names, whole or as a prefix', () => {
    expect(contractTextsOf(keys, needs.features['device-type']!)).toEqual(['field.name', 'field.ratedVoltage']);
    expect(contractTextsOf(keys, needs.features.station!)).toEqual(['field.stationName', 'swap.return.NONE', 'station.type.INTEGRATED']);
    // `field.${field}` builds any field's key: it names none by itself.
    expect(contractTextsOf(keys, needs.features.swap!)).toEqual(['swap.return.NONE']);
  });
});
