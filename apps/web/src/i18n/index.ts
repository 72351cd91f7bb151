import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@swap/contracts';
import { HTML_LANG, readLanguage, storeLanguage } from '../shared/language';
import type { Catalogue } from './catalogue';
import { loadAntdLocale } from './locales';

/**
 * Keys are flat (`<namespace>.<thing>`, dots are part of the key) and placeholders are written
 * `{name}`, the same syntax as the contracts' message and validation texts. Only the language in
 * use is downloaded.
 */
export const i18n = i18next.createInstance();

const BUNDLES: Record<Language, () => Promise<{ catalogue: Catalogue }>> = {
  en: () => import('./bundles/en'),
  in: () => import('./bundles/in'),
  th: () => import('./bundles/th'),
  zh: () => import('./bundles/zh'),
};

async function loadLanguage(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  const { catalogue } = await BUNDLES[language]();
  i18n.addResourceBundle(language, 'translation', catalogue);
}

function applyDocumentLanguage(language: Language): void {
  document.documentElement.lang = HTML_LANG[language];
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
