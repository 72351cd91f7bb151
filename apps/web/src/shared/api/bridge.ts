/**
 * The client lives outside React; the app registers how to show a notification and how to end
 * the session (both need React context: antd's App holder, the router, the translations).
 */
export interface UiBridge {
  notifyError(message: string): void;
  endSession(): void;
}

let bridge: UiBridge | null = null;

export function registerUiBridge(next: UiBridge): () => void {
  bridge = next;
  return () => {
    if (bridge === next) bridge = null;
  };
}

export function uiBridge(): UiBridge | null {
  return bridge;
}
