import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSseParser, readLiveStream, type LiveStatus } from './liveStream';

function streamAnswer(frames: string[]): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const frame of frames) controller.enqueue(new TextEncoder().encode(frame));
      controller.close();
    },
  });
  return new Response(body, { headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } });
}

const envelope = (code: number, status = 200) =>
  new Response(JSON.stringify({ code, message: 'no', data: null }), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  vi.stubGlobal('document', { cookie: 'language=en' });
  vi.stubGlobal('localStorage', { getItem: () => 'token-1', setItem: () => undefined, removeItem: () => undefined });
});
afterEach(() => vi.unstubAllGlobals());

describe('live stream reader', () => {
  it('splits frames across chunks, joins data lines and skips comments', () => {
    const seen: [string, string][] = [];
    const parse = createSseParser((name, data) => seen.push([name, data]));
    parse(': ping\n\nevent: cha');
    parse('nge\ndata: {"a":1}\r\n\r\ndata: x\ndata: y\n\n');
    expect(seen).toEqual([
      ['change', '{"a":1}'],
      ['message', 'x\ny'],
    ]);
  });

  it('reconnects with a growing backoff, starts over once a stream opened, and stops on a refusal', async () => {
    const answers: (() => Promise<Response>)[] = [
      () => Promise.reject(new TypeError('network down')),
      () => Promise.resolve(new Response('bad gateway', { status: 502, headers: { 'Content-Type': 'text/html' } })),
      () =>
        Promise.resolve(
          streamAnswer(['retry: 2000\nevent: ready\ndata: {"id":3}\n\n', 'event: change\ndata: {"id":3,"channels":["state"]}\n\n']),
        ),
      () => Promise.reject(new TypeError('network down')),
      () => Promise.resolve(envelope(2003)),
    ];
    const requests: { url: string; token: string | null; accept: string | null }[] = [];
    const statuses: LiveStatus[] = [];
    const events: [string, unknown][] = [];
    const delays: number[] = [];
    const done = new Promise<void>((resolve) => {
      readLiveStream({
        path: '/cabinet/live?id=3',
        initialDelayMs: 100,
        maxDelayMs: 1000,
        fetchImpl: (input, init) => {
          const headers = new Headers(init?.headers);
          requests.push({ url: input as string, token: headers.get('auth-token'), accept: headers.get('Accept') });
          return answers.shift()!();
        },
        wait: (ms) => {
          delays.push(ms);
          return Promise.resolve();
        },
        onEvent: (name, data) => events.push([name, data]),
        onStatus: (status) => {
          statuses.push(status);
          if (status === 'refused') resolve();
        },
      });
    });
    await done;
    expect(requests).toHaveLength(5);
    expect(requests[0]).toEqual({ url: '/api/oms/cabinet/live?id=3', token: 'token-1', accept: 'text/event-stream' });
    expect(delays).toEqual([100, 200, 100, 200]);
    expect(statuses).toEqual(['connecting', 'reconnecting', 'reconnecting', 'open', 'reconnecting', 'reconnecting', 'refused']);
    expect(events).toEqual([
      ['ready', { id: 3 }],
      ['change', { id: 3, channels: ['state'] }],
    ]);
  });

  it('aborts the open request when stopped and does not reconnect', async () => {
    let seenSignal: AbortSignal | undefined;
    const statuses: LiveStatus[] = [];
    const stop = readLiveStream({
      path: '/battery/live?id=1',
      fetchImpl: (_input, init) => {
        seenSignal = init?.signal ?? undefined;
        return new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        );
      },
      onEvent: () => undefined,
      onStatus: (status) => statuses.push(status),
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    stop();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(seenSignal?.aborted).toBe(true);
    expect(statuses).toEqual(['connecting']);
  });
});
