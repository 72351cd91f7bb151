/**
 * The languages the product speaks, and the shape of a text given in each of them. This file imports
 * nothing, so every other contracts file may import it (the contracts have no import cycle,
 * docs/architecture.md "Boundaries").
 */

/** Languages the product speaks. `zh` is the Chinese set; he/ar are only layout directions. */
export const LANGUAGES = ['en', 'in', 'th', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const RTL_LANGUAGES = ['he', 'ar'] as const;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Labels of record fields in every language, by the payload field's name. */
export type FieldLabels = Record<string, Record<Language, string>>;
