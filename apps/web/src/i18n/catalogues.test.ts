import { describe, expect, it } from 'vitest';
import { CENTRES, LANGUAGES, MENU_TREE, MESSAGES, ROUTES, USER_TYPES, VALIDATION_KEYS } from '@swap/contracts';
import { listSourceFiles, readSource, withoutComments } from '../test/sourceFiles';
import type { Catalogue, FeatureTexts } from './catalogue';
import { CATALOGUE_FILES, RESOURCES } from './resources';

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

  it('loads as a language bundle what these tests check, with only that language of the contracts', async () => {
    const { catalogue } = await import('./bundles/th');
    expect(catalogue).toEqual(RESOURCES.th);
    expect(catalogue['message.recordNotFound']).toBe(MESSAGES.recordNotFound.text.th);
    const { default: contractTexts } = await import('virtual:contract-texts/th');
    expect(Object.values(contractTexts)).not.toContain(MESSAGES.recordNotFound.text.en);
  });

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

  it('knows every key the source asks for with a literal', () => {
    const used = new Set<string>();
    const pattern =
      /\bt\(\s*['"`]([A-Za-z0-9_.-]+)['"`]|Key(?:s)?:\s*['"`]([a-z]+\.[A-Za-z0-9_.-]+)['"`]|Key\s*=\s*['"`]([a-z]+\.[A-Za-z0-9_.-]+)['"`]/g;
    for (const file of listSourceFiles(['.ts', '.tsx'])) {
      if (file.includes('/i18n/')) continue;
      for (const match of withoutComments(readSource(file).text).matchAll(pattern)) {
        const key = match[1] ?? match[2] ?? match[3];
        if (key) used.add(key);
      }
    }
    expect(used.size).toBeGreaterThan(20);
    const unknown = [...used].filter((key) => !(key in en));
    expect(unknown).toEqual([]);
  });
});
