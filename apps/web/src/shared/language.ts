import { DEFAULT_LANGUAGE, isLanguage, RTL_LANGUAGES, type Language } from '@swap/contracts';
import { readCookie, writeCookie } from './cookies';

export const LANGUAGE_COOKIE = 'language';

/** The interface language: the cookie when it names one we speak, else the default. */
export function readLanguage(): Language {
  const value = readCookie(LANGUAGE_COOKIE);
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

export function storeLanguage(language: Language): void {
  writeCookie(LANGUAGE_COOKIE, language);
}

/** he and ar lay the page out right to left, whatever text set is shown. */
export function readDirection(): 'ltr' | 'rtl' {
  const value = readCookie(LANGUAGE_COOKIE);
  return (RTL_LANGUAGES as readonly string[]).includes(value ?? '') ? 'rtl' : 'ltr';
}

/** BCP 47 tag for the html lang attribute ("in" is the legacy code of Indonesian). */
export const HTML_LANG: Record<Language, string> = { en: 'en', in: 'id', th: 'th', zh: 'zh-CN' };
