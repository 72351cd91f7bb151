import { useEffect, useSyncExternalStore } from 'react';
import { removePictures } from '../shared/firstScreen';
import { LOADING_SCREEN_MS } from '../shared/settings';

/**
 * Whether the start-up loading screen has finished: it covers the app only while its first screen
 * loads — until the app has rendered with no page code or grants still loading (each `PageLoading`
 * shown holds it) — and never longer than LOADING_SCREEN_MS. It runs once per page load.
 */
let done = false;
let holds = 0;
let rendered = false;
const listeners = new Set<() => void>();

function finish(): void {
  if (done) return;
  done = true;
  // The page's picture painted before the code arrived (build-plugins/prerender-sign-in.ts); the
  // dashboard's stays until its figures card is drawn (docs/dashboard.md, "First paint").
  removePictures({ keepFigures: true });
  for (const listener of listeners) listener();
}

setTimeout(finish, LOADING_SCREEN_MS);

/** After the effects of the commit that released a hold (another loader may have just taken one). */
function finishWhenIdle(): void {
  setTimeout(() => {
    if (rendered && holds === 0) finish();
  }, 0);
}

/** Called once the app has rendered (the loading screen itself mounted). */
export function useStartupRendered(): void {
  useEffect(() => {
    rendered = true;
    finishWhenIdle();
  }, []);
}

/** Keeps the loading screen up while the calling loader is shown during start-up. */
export function useStartupHold(): void {
  useEffect(() => {
    if (done) return;
    holds += 1;
    return () => {
      holds -= 1;
      finishWhenIdle();
    };
  }, []);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useStartupDone(): boolean {
  return useSyncExternalStore(subscribe, () => done);
}
