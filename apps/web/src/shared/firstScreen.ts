/**
 * What public/first-screen.js leaves for the app when it opens on the dashboard with a session
 * (docs/dashboard.md, "First paint"): the figures' answer it asked for, for the app to take
 * instead of asking again, and the picture of the page it drew from it (build-plugins/
 * prerender-sign-in.ts), which the figures card replaces.
 */
interface FirstScreen {
  /** Calls already made, by address: each taken once. */
  calls?: Map<string, Promise<Response>>;
  /** When the picture's counters began counting (performance.now()). */
  figuresSince?: number;
}

const firstScreen = (): FirstScreen => (typeof window === 'undefined' ? {} : ((window as { firstScreen?: FirstScreen }).firstScreen ?? {}));

/** The answer to a GET of this address that first-screen.js asked for, taken once (shared/api/client.ts). */
export function takeFirstScreenCall(url: string): Promise<Response> | undefined {
  const calls = firstScreen().calls;
  const call = calls?.get(url);
  calls?.delete(url);
  return call;
}

/** The dashboard's picture, while shown. */
const figuresPicture = () =>
  typeof document === 'undefined' ? null : document.querySelector('#prerender > [data-page="dashboard"]:not([hidden])');

/** When the shown picture's counters began (performance.now()), for the figures card's to go on from there. */
export function figuresPictureSince(): number | undefined {
  return figuresPicture() ? firstScreen().figuresSince : undefined;
}

/**
 * Removes the pictures painted before the code (the layer `#prerender`). `keepFigures`: not the
 * dashboard's when shown: the figures card replaces that one once drawn (removeFiguresPicture).
 */
export function removePictures({ keepFigures = false } = {}): void {
  if (typeof document === 'undefined' || (keepFigures && figuresPicture())) return;
  document.getElementById('prerender')?.remove();
}

/** Removes the dashboard's picture if it is shown: the figures card is drawn, or the page is left or failed. */
export function removeFiguresPicture(): void {
  if (figuresPicture()) removePictures();
}
