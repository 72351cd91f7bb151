import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signature of a payment gateway's call and of the server's calls to it (docs/orders.md, "The
 * payment callback"): `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the gateway's
 * secret>`, in the x-pay-signature header. The time is signed with the body, so a recorded call
 * cannot be replayed later with a new time.
 */
export function signPayment(secret: string, rawBody: string | Buffer, at: Date = new Date()): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${digest(secret, t, rawBody)}`;
}

function digest(secret: string, t: number, rawBody: string | Buffer): string {
  return createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest('hex');
}

const HEADER = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/;

/**
 * Checks a signature header against the body: `bad` when it is missing, malformed or not the
 * secret's (compared in constant time), `stale` when its time is more than `windowSeconds` from now.
 */
export function checkPaymentSignature(
  secret: string,
  rawBody: Buffer,
  header: string | undefined,
  windowSeconds: number,
  now: Date = new Date(),
): 'ok' | 'bad' | 'stale' {
  const match = header ? HEADER.exec(header.trim()) : null;
  if (!match) return 'bad';
  const t = Number(match[1]);
  const expected = Buffer.from(digest(secret, t, rawBody), 'hex');
  const given = Buffer.from(match[2]!, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'bad';
  return Math.abs(now.getTime() / 1000 - t) > windowSeconds ? 'stale' : 'ok';
}
