/** Client settings kept in localStorage (the tour-finished flag). */
export const TOUR_FINISHED_KEY = 'tourFinished';

/** Client timings: the start-up screen, the tour, the scroll reset and the pause after sign-in. */
export const LOADING_SCREEN_MS = 2000;
export const TOUR_DELAY_MS = 1000;
export const SCROLL_RESET_MS = 200;
export const LOGIN_SUCCESS_DELAY_MS = 1500;

export function tourFinished(): boolean {
  return localStorage.getItem(TOUR_FINISHED_KEY) === '1';
}

export function markTourFinished(): void {
  localStorage.setItem(TOUR_FINISHED_KEY, '1');
}
