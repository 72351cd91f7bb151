import { OMS_BASE } from '@swap/contracts';
import { omsHeaders } from './client';

/** Where a live stream stands: the screen shows it beside the values it keeps fresh. */
export type LiveStatus = 'connecting' | 'open' | 'reconnecting' | 'refused';

export interface LiveStreamOptions {
  /** Path under /api/oms with its query, e.g. `/cabinet/live?id=3`. */
  path: string;
  onEvent(name: string, data: unknown): void;
  onStatus(status: LiveStatus): void;
  /** First wait before reconnecting, doubled after each failure up to maxDelayMs; reset once a stream opens. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** For tests: the transport and the clock. */
  fetchImpl?: typeof fetch;
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/** Splits SSE text into events: `event:` names it (default `message`), `data:` lines join; comments are dropped. */
export function createSseParser(emit: (name: string, data: string) => void): (chunk: string) => void {
  let buffer = '';
  return (chunk) => {
    buffer += chunk.replace(/\r\n?/g, '\n');
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let name = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') name = value;
        else if (field === 'data') data.push(value);
      }
      if (data.length > 0) emit(name, data.join('\n'));
    }
  };
}

/**
 * Reads a Server-Sent Events stream with fetch (the session token travels in its header, which
 * EventSource cannot send) and reconnects with backoff when the network or the server drops it.
 * A refusal (a JSON envelope instead of a stream: signed out, no permission, not your device) ends it.
 * Returns the function that stops it.
 */
export function readLiveStream(options: LiveStreamOptions): () => void {
  const { path, initialDelayMs = 1000, maxDelayMs = 30_000 } = options;
  const onEvent = (name: string, data: unknown) => options.onEvent(name, data);
  const onStatus = (status: LiveStatus) => options.onStatus(status);
  const doFetch = options.fetchImpl ?? ((input, init) => fetch(input, init));
  const wait = options.wait ?? sleep;
  const stopper = new AbortController();
  const { signal } = stopper;

  let opened = false;
  /** One connection: 'retry' when it should be tried again, 'refused' when the server said no. */
  const readOnce = async (): Promise<'retry' | 'refused'> => {
    const headers = omsHeaders();
    headers.set('Accept', 'text/event-stream');
    const response = await doFetch(`${OMS_BASE}${path}`, { headers, credentials: 'include', signal });
    const type = response.headers.get('Content-Type') ?? '';
    if (!type.startsWith('text/event-stream') || !response.body) {
      await response.body?.cancel().catch(() => undefined);
      // Refusals are envelopes (the detail query shows them); gateways failing are worth retrying.
      return response.status >= 500 || response.status === 429 ? 'retry' : 'refused';
    }
    opened = true;
    onStatus('open');
    const parse = createSseParser((name, data) => {
      try {
        onEvent(name, JSON.parse(data));
      } catch {
        // A frame that is not JSON is not ours: skip it.
      }
    });
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return 'retry';
      parse(value);
    }
  };

  void (async () => {
    let delay = initialDelayMs;
    onStatus('connecting');
    while (!signal.aborted) {
      opened = false;
      try {
        if ((await readOnce()) === 'refused') {
          onStatus('refused');
          return;
        }
      } catch {
        // Network down, server restarting, stream cut: try again.
      }
      if (signal.aborted) return;
      onStatus('reconnecting');
      // A stream that was open starts the backoff over; repeated failures wait longer each time.
      if (opened) delay = initialDelayMs;
      await wait(delay, signal);
      delay = Math.min(maxDelayMs, delay * 2);
    }
  })();
  return () => stopper.abort();
}
