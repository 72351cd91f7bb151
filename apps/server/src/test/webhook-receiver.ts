import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from '@swap/contracts';

/** A partner's receiver on 127.0.0.1: it keeps what it was sent and answers the statuses it is told, then 200. */
export class WebhookReceiver {
  readonly received: { headers: http.IncomingHttpHeaders; body: string; at: number }[] = [];
  statuses: number[] = [];
  private server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      this.received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      const status = this.statuses.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : `failed with ${status}`);
    });
  });
  url = '';
  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }
  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
  /** Waits until `count` requests came, at most `ms`. */
  async waitFor(count: number, ms = 10_000): Promise<void> {
    const until = Date.now() + ms;
    while (this.received.length < count) {
      if (Date.now() > until) throw new Error(`receiver got ${this.received.length} of ${count} requests`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

/** Whether a request carries the signature of its timestamp and body under `key` (docs/operation-centre.md, "External systems"). */
export const signedWith = (key: string, request: { headers: http.IncomingHttpHeaders; body: string }): boolean => {
  const timestamp = String(request.headers[WEBHOOK_TIMESTAMP_HEADER]);
  const expected = `v1=${crypto.createHmac('sha256', key).update(`${timestamp}.${request.body}`).digest('hex')}`;
  return request.headers[WEBHOOK_SIGNATURE_HEADER] === expected;
};
