/**
 * The client lives outside React. Two parties plug in here:
 * - the antd layer (AntdProvider) shows notifications and the session dialog with the app's theme;
 *   before it has loaded (sign-in page) a lazily loaded fallback does the same;
 * - the router layer ends the session (clears storage and caches, goes to sign-in).
 */
export interface UiPort {
  notifyError(message: string): void;
  /** Opens the blocking "Tip" dialog; `onOk` runs when the user confirms. */
  sessionDialog(onOk: () => void): void;
}

const uiPorts: UiPort[] = [];
let sessionEnder: (() => void) | null = null;

export function registerUiPort(port: UiPort): () => void {
  uiPorts.push(port);
  return () => {
    const index = uiPorts.lastIndexOf(port);
    if (index >= 0) uiPorts.splice(index, 1);
  };
}

export function registerSessionEnder(end: () => void): () => void {
  sessionEnder = end;
  return () => {
    if (sessionEnder === end) sessionEnder = null;
  };
}

async function currentPort(): Promise<UiPort> {
  const port = uiPorts[uiPorts.length - 1];
  if (port) return port;
  const { fallbackUiPort } = await import('./fallbackUi');
  return fallbackUiPort;
}

export function notifyError(message: string): void {
  void currentPort().then((port) => port.notifyError(message));
}

export function openSessionDialog(): void {
  void currentPort().then((port) => port.sessionDialog(() => sessionEnder?.()));
}

let sessionEnding = false;

/** Opens the session dialog once: later session-ending answers add none until resetSessionEnding. */
export function openSessionDialogOnce(): void {
  if (sessionEnding) return;
  sessionEnding = true;
  openSessionDialog();
}

/** Called once the user is signed in again, so a later expiry opens the dialog again. */
export function resetSessionEnding(): void {
  sessionEnding = false;
}

let lastCallAt = Date.now();

/** Every call to the server moves its idle clock (docs/security.md, "Sessions"): the client notes when it last sent one. */
export function noteServerCall(): void {
  lastCallAt = Date.now();
}

/** When the client last called the server (the idle warning counts from it). */
export function lastServerCall(): number {
  return lastCallAt;
}
