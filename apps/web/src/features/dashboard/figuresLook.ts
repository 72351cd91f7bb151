import { STATUS_COLORS, type StatusMeaning } from '../../shared/statusColors';

/** A counter's change is drawn over this long (the spec's dashboard counter animation). */
export const COUNTER_MS = 5000;

/**
 * Each alarm level of the figures card in the status colours that pass contrast
 * (shared/statusColors.ts); the card's picture drawn before the page's code uses them too
 * (docs/dashboard.md, "First paint").
 */
export const LEVEL_MEANINGS = { LOW: 'processing', MEDIUM: 'warning', HIGH: 'error' } as const satisfies Record<string, StatusMeaning>;

export const levelStyle = (level: keyof typeof LEVEL_MEANINGS) => {
  const { color, background, border } = STATUS_COLORS[LEVEL_MEANINGS[level]];
  return { color, background, borderColor: border };
};
