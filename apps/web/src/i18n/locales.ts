import type { Locale } from 'antd/es/locale';
import type { Language } from '@swap/contracts';

/** antd component texts (date pickers, pagination, empty states) and the dayjs locale name of one language. */
export interface AntdLocale {
  locale: Locale;
  dayjsName: string;
}

// One chunk per language, so only the language in use is downloaded.
const LOADERS: Record<Language, () => Promise<AntdLocale>> = {
  en: () => import('./antd/en'),
  in: () => import('./antd/in'),
  th: () => import('./antd/th'),
  zh: () => import('./antd/zh'),
};

const loaded = new Map<Language, AntdLocale>();
const pending = new Map<Language, Promise<AntdLocale>>();

/** The language's antd texts once loaded, else undefined (antd then shows its built-in English). */
export function loadedAntdLocale(language: Language): AntdLocale | undefined {
  return loaded.get(language);
}

export function loadAntdLocale(language: Language): Promise<AntdLocale> {
  const known = pending.get(language);
  if (known) return known;
  const promise = LOADERS[language]().then((module) => {
    const value = { locale: module.locale, dayjsName: module.dayjsName };
    loaded.set(language, value);
    return value;
  });
  // A failed download may be retried on the next render.
  promise.catch(() => pending.delete(language));
  pending.set(language, promise);
  return promise;
}
