import crypto from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { WEBHOOK_DELIVERY_HEADER, WEBHOOK_EVENT_HEADER, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from '@swap/contracts';
import { hostOf, InternalAddressError, isInternalAddress, publicLookup, webhookTarget } from './webhook-url.js';

/** The characters of an answer the delivery log keeps. */
export const ANSWER_EXCERPT = 500;
/** An answer is read up to this size; the rest is not waited for. */
const ANSWER_READ_MAX = 16 * 1024;

/** A new signing key: 32 random bytes, shown once (docs/operation-centre.md, "External systems"). */
export function newSigningKey(): string {
  return `whsec_${crypto.randomBytes(32).toString('base64url')}`;
}

/** `v1=` and the hex HMAC-SHA256, under the system's key, of the timestamp (Unix seconds), a dot and the body. */
export function webhookSignature(key: string, timestamp: number, body: string): string {
  return `v1=${crypto.createHmac('sha256', key).update(`${timestamp}.${body}`).digest('hex')}`;
}

export interface WebhookRequest {
  url: string;
  key: string;
  deliveryId: number;
  eventType: string;
  body: string;
  timeoutMs: number;
  allowPrivate: boolean;
}

/** What one attempt got: the HTTP status (null when no answer came), the answer's first characters, or the error. */
export interface AttemptOutcome {
  statusCode: number | null;
  answer: string;
  error: string | null;
  durationMs: number;
}

/** POSTs a signed webhook once; never throws (a refused address, a timeout or a reset is the outcome's error). */
export async function sendWebhook(request: WebhookRequest, now = Date.now()): Promise<AttemptOutcome> {
  const started = Date.now();
  const done = (statusCode: number | null, answer: string, error: string | null): AttemptOutcome => ({
    statusCode,
    answer: answer.slice(0, ANSWER_EXCERPT),
    error,
    durationMs: Date.now() - started,
  });
  let url: URL;
  try {
    url = webhookTarget(request.url);
  } catch {
    return done(null, '', 'refused: not an http or https address');
  }
  const host = hostOf(url);
  if (!request.allowPrivate && net.isIP(host) && isInternalAddress(host)) return done(null, '', new InternalAddressError(host).message);
  const timestamp = Math.floor(now / 1000);
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<AttemptOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: AttemptOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const req = transport.request(
      url,
      {
        method: 'POST',
        ...(request.allowPrivate ? {} : { lookup: publicLookup }),
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(request.body),
          'user-agent': 'swap-back-office-webhook/1',
          [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
          [WEBHOOK_SIGNATURE_HEADER]: webhookSignature(request.key, timestamp, request.body),
          [WEBHOOK_EVENT_HEADER]: request.eventType,
          [WEBHOOK_DELIVERY_HEADER]: String(request.deliveryId),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const answered = () => finish(done(res.statusCode ?? null, Buffer.concat(chunks).toString('utf8'), null));
        res.on('data', (chunk: Buffer) => {
          if (size >= ANSWER_READ_MAX) return;
          chunks.push(chunk);
          size += chunk.length;
          if (size >= ANSWER_READ_MAX) {
            answered();
            res.destroy();
          }
        });
        res.on('end', answered);
        res.on('error', answered);
      },
    );
    const timer = setTimeout(() => {
      req.destroy(new Error(`no answer within ${request.timeoutMs} ms`));
    }, request.timeoutMs);
    req.on('error', (error) => finish(done(null, '', error.message)));
    req.end(request.body);
  });
}
