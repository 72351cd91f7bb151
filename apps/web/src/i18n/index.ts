import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@swap/contracts';
import { HTML_LANG, readLanguage, storeLanguage } from '../shared/language';
import { featureTextsFile, type Catalogue, type FeatureTextLoaders } from './catalogue';
import { loadAntdLocale } from './locales';

/**
 * Keys are flat (`<namespace>.<thing>`, dots are part of the key) and placeholders are written
 * `{name}`, the same syntax as the contracts' message and validation texts. Only the language in
 * use is downloaded.
 */
export const i18n = i18next.createInstance();

interface Bundle {
  catalogue: Catalogue;
  featureTexts: FeatureTextLoaders;
}

const BUNDLES: Record<Language, () => Promise<Bundle>> = {
  en: () => import('./bundles/en'),
  in: () => import('./bundles/in'),
  th: () => import('./bundles/th'),
  zh: () => import('./bundles/zh'),
};

/** Feature texts files (`cabinet/cabinet.texts.ts`) the pages opened so far asked for. */
const wanted = new Set<string>();
/** Per language, the feature texts files added to its catalogue. */
const added = new Map<Language, Set<string>>();

/** The language's bundle and the given feature texts (by default every one asked for so far) in it. */
async function loadLanguage(language: Language, files: Iterable<string> = wanted): Promise<void> {
  const bundle = await BUNDLES[language]();
  if (!i18n.hasResourceBundle(language, 'translation')) i18n.addResourceBundle(language, 'translation', bundle.catalogue);
  const done = added.get(language) ?? new Set<string>();
  added.set(language, done);
  const loaders = new Map(Object.entries(bundle.featureTexts).map(([key, load]) => [featureTextsFile(key), load]));
  await Promise.all(
    [...files]
      .filter((file) => !done.has(file))
      .map(async (file) => {
        const load = loaders.get(file);
        if (!load) throw new Error(`No feature texts ${file}`);
        i18n.addResourceBundle(language, 'translation', await load(), true, false);
        done.add(file);
      }),
  );
}

/**
 * Adds a page's feature texts (`cabinet/cabinet.texts.ts`, …) in the language in use to the
 * catalogue; a later change of language brings them in the new language too (docs/web-kits.md, "Texts").
 */
export async function loadFeatureTexts(files: readonly string[]): Promise<void> {
  for (const file of files) wanted.add(file);
  await loadLanguage(currentLanguage(), files);
}

function applyDocumentLanguage(language: Language): void {
  document.documentElement.lang = HTML_LANG[language];
}

/** The name loadFeatureTexts takes for every text of the contracts (each page's texts list names its feature's part). */
export const EVERY_CONTRACT_TEXT = 'contract:*';

/**
 * A text no page named (a key built from data the build could not see, docs/web-kits.md "Texts"):
 * every contract text is added, and the screens asking show it once it is there.
 */
function missingText(key: string): void {
  if (wanted.has(EVERY_CONTRACT_TEXT)) return;
  if (import.meta.env.DEV) console.warn(`No page named the text ${key}: loading every contract text`);
  void loadFeatureTexts([EVERY_CONTRACT_TEXT]);
}

/** Loads the cookie's language and starts i18next; the app renders after it. */
export async function initI18n(): Promise<void> {
  const language = readLanguage();
  await i18n.use(initReactI18next).init({
    resources: {},
    partialBundledLanguages: true,
    lng: language,
    // Every key exists in every language (checked by the catalogue tests): no fallback download.
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    keySeparator: false,
    nsSeparator: false,
    interpolation: { prefix: '{', suffix: '}', escapeValue: false },
    returnNull: false,
    saveMissing: true,
    saveMissingTo: 'current',
    missingKeyHandler: (_languages, _namespace, key) => missingText(key),
    // A screen shows the texts added after it rendered (missingText).
    react: { bindI18nStore: 'added' },
  });
  await loadLanguage(language);
  applyDocumentLanguage(language);
}

/** Switches the language and keeps it in the `language` cookie so it survives a reload. */
export async function changeLanguage(language: Language): Promise<void> {
  // antd's texts too, so the switch shows no English date picker or pagination in between.
  await Promise.all([loadLanguage(language), loadAntdLocale(language).catch(() => undefined)]);
  storeLanguage(language);
  applyDocumentLanguage(language);
  await i18n.changeLanguage(language);
}

export function currentLanguage(): Language {
  const value = i18n.language;
  return (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : DEFAULT_LANGUAGE;
}
