import { useSyncExternalStore } from 'react';
import { LOADING_SCREEN_MS } from '../shared/settings';

/** Whether the start-up loading screen has finished: it runs once per page load. */
let done = false;
const listeners = new Set<() => void>();

setTimeout(() => {
  done = true;
  for (const listener of listeners) listener();
}, LOADING_SCREEN_MS);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useStartupDone(): boolean {
  return useSyncExternalStore(subscribe, () => done);
}
