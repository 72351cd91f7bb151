import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CENTRES, LANGUAGES, MENU_TREE, MESSAGES, ROUTES, USER_TYPES, VALIDATION_KEYS } from '@swap/contracts';
import { CONTRACT_TEXTS_OF, featureTextFiles, textKeysOf } from '../../build-plugins/page-addresses';
import { listSourceFiles, readSource, SRC_DIR, withoutComments } from '../test/sourceFiles';
import { featureTextsFile, namespaceOf, SIGNED_IN_TEXTS, type Catalogue, type CatalogueModules, type FeatureTexts } from './catalogue';
import { CATALOGUE_FILES, RESOURCES } from './resources';

/** Keys the source asks for with a literal: `t('…')`, `…Key: '…'`, `…Key = '…'`. */
const KEY_USE =
  /\bt\(\s*['"`]([A-Za-z0-9_.-]+)['"`]|Key(?:s)?:\s*['"`]([a-z]+\.[A-Za-z0-9_.-]+)['"`]|Key\s*=\s*['"`]([a-z]+\.[A-Za-z0-9_.-]+)['"`]/g;

function keysUsedIn(files: string[]): Set<string> {
  const used = new Set<string>();
  for (const file of files)
    for (const match of withoutComments(readSource(file).text).matchAll(KEY_USE)) {
      const key = match[1] ?? match[2] ?? match[3];
      if (key) used.add(key);
    }
  return used;
}

const RELATIVE_IMPORT = /(?:from\s*|import\s*|import\(\s*)'(\.[^']+)'/g;

/**
 * The source files a signed-out visitor may run: the entry and what it imports, and the pages the
 * router loads outside the shell, with what they import (statically or when opened); not the shell
 * (`AuthedLayout`), which comes with the signed-in texts.
 */
function signedOutFiles(): Set<string> {
  const reached = new Set<string>();
  const visit = (file: string) => {
    if (reached.has(file)) return;
    reached.add(file);
    for (const match of readSource(file).text.matchAll(RELATIVE_IMPORT)) {
      if (match[1]!.endsWith('/AuthedLayout')) continue;
      const base = resolve(dirname(file), match[1]!);
      const found = ['.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((candidate) => existsSync(candidate));
      if (found && !found.includes('/i18n/')) visit(found);
    }
  };
  visit(resolve(SRC_DIR, 'main.tsx'));
  return reached;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** Keys built at run time from data rather than written as literals. */
function dynamicKeys(): string[] {
  const keys = ['nav.dashboard'];
  for (const centre of MENU_TREE) {
    keys.push(centre.titleKey, `dashboard.desc.${centre.code}`);
    for (const group of centre.groups) {
      keys.push(group.titleKey);
      for (const item of group.items) keys.push(item.titleKey);
    }
  }
  for (const route of ROUTES) keys.push(route.titleKey);
  for (const type of USER_TYPES) keys.push(`shell.userType.${type}`);
  for (const language of LANGUAGES) keys.push(`shell.languageName.${language}`);
  keys.push(...VALIDATION_KEYS);
  return [...new Set(keys)];
}

describe('catalogues', () => {
  const en = RESOURCES.en;

  it('has the same namespace files in every language', () => {
    const namespacesOf = (language: string) =>
      CATALOGUE_FILES.filter((f) => f.language === language)
        .map((f) => f.namespace)
        .sort();
    expect(namespacesOf('en').length).toBeGreaterThan(0);
    for (const language of LANGUAGES) expect(namespacesOf(language), language).toEqual(namespacesOf('en'));
  });

  it('keeps one export per file, named after the namespace (texts in a feature file), with keys of that namespace', () => {
    for (const file of CATALOGUE_FILES) {
      expect(file.exports, `${file.language}/${file.namespace}`).toEqual([file.kind === 'feature' ? 'texts' : file.namespace]);
      for (const key of Object.keys(file.entries))
        expect(key.startsWith(`${file.namespace}.`), `${file.language}/${file.namespace}: ${key}`).toBe(true);
    }
  });

  it('hands a language bundle only its own language of a feature texts file', () => {
    const whole = import.meta.glob<FeatureTexts>('../features/*/*.texts.ts', { eager: true, import: 'texts' });
    const thai = import.meta.glob<Catalogue>('../features/*/*.texts.ts', { eager: true, query: '?lang=th', import: 'default' });
    expect(Object.keys(thai).length).toBeGreaterThan(0);
    for (const [path, texts] of Object.entries(whole)) expect(thai[`${path}?lang=th`] ?? thai[path], path).toEqual(texts.th);
  });

  // Which pages load a texts file is decided from the keys the build reads in it (featureTextFiles).
  it('reads at build time the keys every feature texts file exports, however it is laid out', () => {
    const whole = import.meta.glob<FeatureTexts>('../features/*/*.texts.ts', { eager: true, import: 'texts' });
    expect(Object.keys(whole).length).toBeGreaterThan(0);
    for (const [file, texts] of Object.entries(whole)) {
      const read = textKeysOf(readSource(`${SRC_DIR}${file.slice(3)}`).text, file);
      expect(read.sort(), file).toEqual(Object.keys(texts.en).sort());
    }
  });

  // The first import of a bundle builds its contract texts from the sources (vite.config.ts, contractTexts).
  it(
    'loads as a language bundle and its feature texts what these tests check, with only that language of the contracts',
    { timeout: 30_000 },
    async () => {
      const { catalogue, featureTexts } = await import('./bundles/th');
      const whole = { ...catalogue };
      for (const load of Object.values(featureTexts)) Object.assign(whole, await load());
      expect(whole).toEqual(RESOURCES.th);
      expect(catalogue['cabinet.detailTitle'], 'a feature text stays out of the bundle').toBeUndefined();
      expect(catalogue['nav.dashboard'], 'a text only signed-in screens show stays out of the bundle').toBeUndefined();
      expect(await featureTexts[SIGNED_IN_TEXTS]!()).toHaveProperty('nav.dashboard', RESOURCES.th['nav.dashboard']);
      expect(catalogue['field.ratedVoltage'], 'a field label only a feature shows stays out of the bundle').toBeUndefined();
      expect(await featureTexts['contract:device-type']!()).toHaveProperty('field.ratedVoltage');
      expect(catalogue['message.recordNotFound']).toBe(MESSAGES.recordNotFound.text.th);
      const { default: contractTexts } = await import('virtual:contract-texts/th');
      expect(Object.values(contractTexts)).not.toContain(MESSAGES.recordNotFound.text.en);
    },
  );

  it('has every key in every language, with text and the same placeholders', () => {
    const missing: string[] = [];
    for (const language of LANGUAGES) {
      const catalogue = RESOURCES[language];
      for (const [key, text] of Object.entries(en)) {
        const other = catalogue[key];
        if (typeof other !== 'string' || other.trim() === '') missing.push(`${language}: ${key}`);
        else if (placeholders(other).join() !== placeholders(text).join()) missing.push(`${language}: ${key} placeholders`);
      }
      for (const key of Object.keys(catalogue)) if (!(key in en)) missing.push(`${language}: ${key} is not in en`);
    }
    expect(missing).toEqual([]);
  });

  // The interpolation marks are single braces (i18n/index.ts); a doubled one shows as "{{name}}" on screen.
  it('writes every placeholder with single braces', () => {
    const doubled = LANGUAGES.flatMap((language) =>
      Object.entries(RESOURCES[language])
        .filter(([, text]) => /\{\{|\}\}/.test(text))
        .map(([key]) => `${language}: ${key}`),
    );
    expect(doubled).toEqual([]);
  });

  it('translates every menu, route, user type, language, centre and validation key', () => {
    const missing: string[] = [];
    for (const language of LANGUAGES) {
      for (const key of dynamicKeys()) {
        const text = RESOURCES[language][key];
        if (!text || text === key) missing.push(`${language}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
    expect(CENTRES.length).toBe(MENU_TREE.length);
  });

  it('keeps in the entry catalogue only texts a signed-out visitor may see', () => {
    // Every address loads the entry's catalogue (`i18n/<language>/*.ts`); a text only signed-in
    // screens show belongs in `i18n/<language>/signed-in/` (docs/web-kits.md, "Texts").
    const files = import.meta.glob<CatalogueModules[string]>('./en/*.ts', { eager: true });
    const entryKeys = Object.entries(files).flatMap(([path, module]) => Object.keys(module[namespaceOf(path)] ?? {}));
    expect(entryKeys).toContain('shell.language');
    const signedOut = [...signedOutFiles()];
    const seen = keysUsedIn(signedOut);
    // A key built at run time (`t(\`errors.${kind}\`)`) names every key it may start.
    const prefixes = signedOut.flatMap((file) =>
      [...withoutComments(readSource(file).text).matchAll(/\bt\(\s*`([a-z]+\.[\w.]*)\$\{/g)].map((match) => match[1]!),
    );
    expect(prefixes).toContain('errors.');
    const dynamic = new Set(dynamicKeys());
    const signedInOnly = entryKeys.filter(
      (key) => !seen.has(key) && !dynamic.has(key) && !prefixes.some((prefix) => key.startsWith(prefix)),
    );
    expect(signedInOnly).toEqual([]);
  });

  it('knows every key the source asks for with a literal', () => {
    const used = keysUsedIn(listSourceFiles(['.ts', '.tsx']).filter((file) => !file.includes('/i18n/')));
    expect(used.size).toBeGreaterThan(20);
    const unknown = [...used].filter((key) => !(key in en));
    expect(unknown).toEqual([]);
  });

  it(
    'has every key a screen asks for in the language bundle or in the feature texts and contract texts its page loads with it',
    { timeout: 30_000 },
    async () => {
      const { catalogue, featureTexts } = await import('./bundles/en');
      const textsOf = new Map<string, Catalogue>();
      for (const [key, load] of Object.entries(featureTexts)) textsOf.set(featureTextsFile(key), await load());
      const webRoot = `${SRC_DIR}/..`;
      const needs = featureTextFiles(webRoot);
      // Pages the router or the shell load themselves (sign-in, errors) come without feature texts.
      const shell = listSourceFiles(['.ts', '.tsx'], `${SRC_DIR}/app`).map((file) => readSource(file).text);
      const bundleOnly = new Set(shell.flatMap((text) => [...text.matchAll(/features\/([\w-]+)\//g)].map((match) => match[1])));
      expect(bundleOnly).toContain('session');
      // …unless the router loads their texts with them (the password recovery pages).
      const routerTexts = shell.flatMap((text) =>
        [...text.matchAll(/loadFeatureTexts\(\[([^\]]*)\]\)/g)].flatMap((match) =>
          [...match[1]!.matchAll(/'([^']+)'/g)].map((file) => file[1]!),
        ),
      );
      const missing: string[] = [];
      const sources = listSourceFiles(['.ts', '.tsx']).filter((file) => !file.includes('/i18n/'));
      // What a signed-out visitor may see asks for the bundle's texts only (or its page's, below).
      const signedOut = signedOutFiles();
      expect(signedOut).toContain(resolve(SRC_DIR, 'features/session/LoginPage.tsx'));
      expect(signedOut).not.toContain(resolve(SRC_DIR, 'app/shell/Sidebar.tsx'));
      for (const file of signedOut) {
        const feature = /\/features\/([\w-]+)\//.exec(file)?.[1];
        const known: Catalogue = { ...catalogue };
        for (const texts of routerTexts.filter((each) => feature && each.startsWith(`${feature}/`)))
          Object.assign(known, textsOf.get(texts));
        for (const key of keysUsedIn([file])) if (!(key in known)) missing.push(`signed out, ${readSource(file).name}: ${key}`);
      }
      // Signed in, the shell's texts are there too (app/router.tsx loads them with the shell).
      const signedIn = textsOf.get(SIGNED_IN_TEXTS);
      expect(signedIn).toHaveProperty('nav.dashboard');
      for (const feature of [...Object.keys(needs), null]) {
        const files = sources.filter((file) => (feature ? file.includes(`/features/${feature}/`) : !file.includes('/features/')));
        const known: Catalogue = { ...catalogue, ...signedIn };
        if (feature && !bundleOnly.has(feature))
          for (const texts of [...(needs[feature] ?? []), `${CONTRACT_TEXTS_OF}${feature}`]) Object.assign(known, textsOf.get(texts));
        if (feature && bundleOnly.has(feature))
          for (const texts of routerTexts.filter((file) => file.startsWith(`${feature}/`))) Object.assign(known, textsOf.get(texts));
        for (const key of keysUsedIn(files)) if (!(key in known)) missing.push(`${feature ?? 'shell and shared'}: ${key}`);
      }
      expect(Object.keys(needs)).toContain('station');
      expect(needs.station).toEqual(expect.arrayContaining(['station/station.texts.ts', 'cabinet/cabinet.texts.ts']));
      expect(missing).toEqual([]);
    },
  );
});
