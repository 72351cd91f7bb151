/** The status colours, apart from the tag's code: the build's first-screen pictures read them too (build-plugins/prerender-sign-in.ts). */

/** The five meanings a status can have; each has one colour on every screen. */
export type StatusMeaning = 'success' | 'processing' | 'warning' | 'error' | 'default';

export interface StatusColor {
  color: string;
  background: string;
  border: string;
}

/** Text, background and border of each meaning; every pair passes WCAG AA contrast. */
export const STATUS_COLORS: Record<StatusMeaning, StatusColor> = {
  success: { color: '#135200', background: '#f6ffed', border: '#b7eb8f' },
  processing: { color: '#003eb3', background: '#e6f4ff', border: '#91caff' },
  warning: { color: '#874d00', background: '#fffbe6', border: '#ffe58f' },
  error: { color: '#a8071a', background: '#fff1f0', border: '#ffa39e' },
  default: { color: '#262626', background: '#fafafa', border: '#d9d9d9' },
};
