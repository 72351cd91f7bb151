import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** A comment line this often keeps proxies and load balancers from closing an idle stream. */
const HEARTBEAT_MS = 15_000;
/** Streams end after this long; the browser reconnects at once, so a revoked session stops being served. */
const MAX_STREAM_MS = 10 * 60_000;
/** How long the browser waits before it reconnects a stream that ended. */
const RETRY_MS = 2000;

/** One open Server-Sent Events stream: what a live route writes to, and how it learns the stream ended. */
export interface EventStream {
  /** Writes one event; nothing once the stream has closed. */
  send(event: string, data: unknown): void;
  /** Whether the stream has ended (the browser left, its lifetime ran out, the server is closing). */
  readonly closed: boolean;
  /** Runs once when the stream ends: a route stops its timers and subscriptions here. */
  onClose(cleanup: () => void): void;
}

/** Opens a stream on a route's reply, its first event `ready` carrying `ready`. */
export type OpenEventStream = (req: FastifyRequest, reply: FastifyReply, ready: unknown) => EventStream;

const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * The life cycle every live stream shares (docs/api.md, "Live streams"): the headers, a
 * `ready` event, a heartbeat, an end after MAX_STREAM_MS, closing when the browser goes away, and a
 * registry of the open streams so the server's close ends them (an open stream would keep the HTTP
 * server from closing). A route checks access before it opens one, so a refusal is an ordinary error
 * envelope; what it sends and when is its own.
 */
export function eventStreams(app: FastifyInstance): OpenEventStream {
  const streams = new Set<() => void>();
  app.addHook('preClose', (done) => {
    for (const close of [...streams]) close();
    done();
  });
  return (req, reply, ready) => {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      connection: 'keep-alive',
      'x-content-type-options': 'nosniff',
      // nginx would otherwise buffer the stream.
      'x-accel-buffering': 'no',
    });
    res.write(`retry: ${RETRY_MS}\n${frame('ready', ready)}`);
    const cleanups: (() => void)[] = [];
    let closed = false;
    const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
    const lifetime = setTimeout(() => close(), MAX_STREAM_MS);
    const close = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      clearTimeout(lifetime);
      streams.delete(close);
      for (const cleanup of cleanups.splice(0)) cleanup();
      res.end();
    };
    streams.add(close);
    // The browser went away (navigation, lost network) or the response was ended.
    res.once('close', close);
    req.raw.socket.once('close', close);
    res.once('error', close);
    return {
      send: (event, data) => {
        if (!closed) res.write(frame(event, data));
      },
      get closed() {
        return closed;
      },
      onClose: (cleanup) => {
        if (closed) cleanup();
        else cleanups.push(cleanup);
      },
    };
  };
}
