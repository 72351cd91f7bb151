import type { Language } from './envelope.js';
import { FIELD_LABELS } from './fields.js';
import { MESSAGES, type MessageKey } from './messages.js';
import { VALIDATION_KEYS, VALIDATION_TEXT } from './validation.js';
import { ENUM_WORDS, enumCatalogue } from './words/index.js';

/**
 * Every text the contracts hold, of one language, as flat catalogue keys (docs/web-kits.md,
 * "Texts"):
 * - `message.<key>`: the server's messages (MESSAGES), e.g. `message.recordNotFound`;
 * - `validation.<rule>`: the validation texts (VALIDATION_TEXT), `{field}` left in place;
 * - `field.<name>`: the record-field labels (FIELD_LABELS);
 * - `<group>.<VALUE>`: the words of enumeration values (ENUM_WORDS).
 * The web build emits one language's catalogue per language bundle (apps/web/vite.config.ts,
 * contractTexts), so a screen reads these through i18n and no route carries the four languages;
 * the server words its exports and audit lines with the same catalogue (wordsIn).
 */
export function textCatalogue(language: Language): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of Object.keys(MESSAGES) as MessageKey[]) out[`message.${key}`] = MESSAGES[key].text[language];
  for (const key of VALIDATION_KEYS) out[key] = VALIDATION_TEXT[key][language];
  for (const [field, labels] of Object.entries(FIELD_LABELS)) out[`field.${field}`] = labels[language];
  return Object.assign(out, enumCatalogue(ENUM_WORDS[language]));
}

const catalogues = new Map<Language, Record<string, string>>();

/**
 * A key's text in one language, or undefined: what the screens read from their loaded catalogue
 * (`<group>.<value>`: `message.<key>`, `field.<name>`, an enumeration value), for the server.
 */
export function wordsIn(language: Language): (group: string, value: string) => string | undefined {
  let catalogue = catalogues.get(language);
  if (!catalogue) catalogues.set(language, (catalogue = textCatalogue(language)));
  const texts = catalogue;
  return (group, value) => {
    const key = `${group}.${value}`;
    return Object.hasOwn(texts, key) ? texts[key] : undefined;
  };
}
