import { messageText, type Language, type MessageKey } from '@swap/contracts';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { AppError } from '../../app/errors.js';

/** zxcvbn scores 0 to 4; 3 is "safely unguessable" (about 10^8 guesses or more). */
const MIN_SCORE = 3;
/** Warnings that name a common password, a breached-list word or a well-known pattern. */
const PATTERN_WARNINGS = new Set([
  'topTen',
  'topHundred',
  'common',
  'similarToCommon',
  'pwned',
  'straightRow',
  'keyPattern',
  'simpleRepeat',
  'extendedRepeat',
  'sequences',
  'recentYears',
  'dates',
  'wordByItself',
  'namesByThemselves',
  'commonNames',
]);

/** The dictionaries are large: they load on the first password set, never with the server's start. */
let checker: Promise<ZxcvbnFactory> | undefined;
function loadChecker(): Promise<ZxcvbnFactory> {
  checker ??= (async () => {
    const [{ ZxcvbnFactory: Factory }, common] = await Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]);
    return new Factory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });
  })();
  return checker;
}

/** Why a new password is refused, or undefined when it is strong enough. */
export async function passwordWeakness(password: string, username: string): Promise<MessageKey | undefined> {
  const name = username.trim().toLowerCase();
  if (name && password.toLowerCase().includes(name)) return 'passwordHasUsername';
  const result = (await loadChecker()).check(password, name ? [name] : []);
  if (result.score >= MIN_SCORE) return undefined;
  if (result.feedback.warning === 'userInputs') return 'passwordHasUsername';
  return result.feedback.warning && PATTERN_WARNINGS.has(result.feedback.warning) ? 'passwordCommon' : 'passwordGuessable';
}

/** Refuses a weak new password with its reason, shown at the password field of the form. */
export async function assertStrongPassword(lang: Language, password: string, username: string, field = 'password'): Promise<void> {
  const weakness = await passwordWeakness(password, username);
  if (!weakness) return;
  const message = messageText(weakness, lang);
  throw new AppError(weakness, undefined, { fields: [{ field, message }] });
}
