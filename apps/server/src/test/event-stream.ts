/** One event of a live stream as a test heard it: its name, its parsed data and when it arrived. */
export interface HeardEvent<T> {
  event: string;
  data: T;
  at: number;
}

/**
 * Opens a live stream as a browser reads it (docs/api.md, "Live streams"): `fetch` with the token in
 * its header, the Server-Sent Events frames parsed from the body as they arrive. A refusal answers an
 * ordinary envelope: `response` holds it and no event is read. `next` waits for the first event of a
 * name at or after index `from`; `close` leaves as a browser does.
 */
export async function openEventStream<T = Record<string, unknown>>(url: string, token: string) {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { 'auth-token': token }, signal: controller.signal });
  const events: HeardEvent<T>[] = [];
  const waiters: (() => void)[] = [];
  if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return;
        buffer += value ?? '';
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) as T, at: Date.now() });
          for (const wake of waiters.splice(0)) wake();
        }
      }
    })();
  }
  const next = async (event: string, from = 0, timeoutMs = 3000): Promise<HeardEvent<T>> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = events.slice(from).find((e) => e.event === event);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no ${event} event within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  };
  return { response, events, next, close: () => controller.abort() };
}
