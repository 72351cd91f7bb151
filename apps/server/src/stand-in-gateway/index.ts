import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { PAYMENT_SIGNATURE_HEADER, type PaymentResult } from '@swap/contracts';
import { checkPaymentSignature, signPayment } from '../app/payment-signature.js';

/**
 * The stand-in payment gateway (docs/orders.md, "The stand-in gateway"): a small gateway on
 * 127.0.0.1 that takes the server's signed payment requests (POST /payments) and, after a delay,
 * reports each payment to the callback URL the request named, signed with the same secret, as a real
 * gateway would; a report the server did not take (no answer, or 5xx) is sent again a few times. The
 * tests use it, and `npm start` runs it in demo mode, so a demo order can be paid end to end.
 */
export interface StandInGatewayOptions {
  /** 0: any free port. */
  port: number;
  /** The secret the server knows this gateway by. */
  secret: string;
  /** The gateway's name in the server's configuration (STANDIN). */
  gateway?: string;
  /** How long after a request the payment is reported. */
  delayMs: number;
  /** What every payment comes to (PAID unless told). */
  result?: PaymentResult;
  /** How many times a report is sent at most. */
  attempts?: number;
  log?: (message: string) => void;
}

export interface StandInReport {
  orderNo: string;
  transactionId: string;
  /** The HTTP status of the last delivery, 0 when none was answered. */
  httpStatus: number;
  /** The server's answer to it. */
  answer: unknown;
}

export interface StandInGateway {
  url: string;
  /** Every report delivered or given up, in order. */
  reports: StandInReport[];
  /** Waits until every report asked for so far was delivered or given up. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

const BODY_LIMIT = 16 * 1024;
const WINDOW_SECONDS = 300;

interface PaymentRequest {
  orderNo: string;
  amount: string;
  currency: string;
  callbackUrl: string;
}

function parseRequest(text: string, gateway: string): PaymentRequest | null {
  try {
    const value = JSON.parse(text) as Record<string, unknown>;
    const { paymentGateway, orderNo, amount, currency, callbackUrl } = value;
    if (paymentGateway !== gateway) return null;
    if (typeof orderNo !== 'string' || typeof amount !== 'string' || typeof currency !== 'string' || typeof callbackUrl !== 'string')
      return null;
    const url = new URL(callbackUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return { orderNo, amount, currency, callbackUrl };
  } catch {
    return null;
  }
}

export async function startStandInGateway(options: StandInGatewayOptions): Promise<StandInGateway> {
  const gateway = options.gateway ?? 'STANDIN';
  const attempts = options.attempts ?? 5;
  const log = options.log ?? (() => {});
  const reports: StandInReport[] = [];
  const pending = new Set<Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  let serial = 0;

  const deliver = async (request: PaymentRequest, transactionId: string) => {
    const body = JSON.stringify({
      paymentGateway: gateway,
      orderNo: request.orderNo,
      transactionId,
      amount: request.amount,
      currency: request.currency,
      status: options.result ?? 'PAID',
    });
    let httpStatus = 0;
    let answer: unknown = null;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      try {
        const response = await fetch(request.callbackUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [PAYMENT_SIGNATURE_HEADER]: signPayment(options.secret, body) },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        httpStatus = response.status;
        answer = await response.json().catch(() => null);
        // A refusal is final; only an unanswered report or a server error is sent again.
        if (response.status < 500) break;
      } catch {
        httpStatus = 0;
      }
      if (attempt < attempts) await new Promise((resolve) => setTimeout(resolve, options.delayMs * attempt));
    }
    log(`stand-in gateway reported ${request.orderNo} (${transactionId}): HTTP ${httpStatus}`);
    reports.push({ orderNo: request.orderNo, transactionId, httpStatus, answer });
  };

  const server = http.createServer((req, res) => {
    const reply = (status: number, value: unknown) => {
      const text = JSON.stringify(value);
      res.writeHead(status, { 'content-type': 'application/json', [PAYMENT_SIGNATURE_HEADER]: signPayment(options.secret, text) });
      res.end(text);
    };
    if (req.method !== 'POST' || req.url !== '/payments') return reply(404, { error: 'not found' });
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_LIMIT) {
        reply(413, { error: 'too large' });
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => {
      if (res.headersSent) return;
      const raw = Buffer.concat(chunks);
      const header = req.headers[PAYMENT_SIGNATURE_HEADER];
      if (checkPaymentSignature(options.secret, raw, Array.isArray(header) ? header[0] : header, WINDOW_SECONDS) !== 'ok')
        return reply(401, { error: 'signature' });
      const request = parseRequest(raw.toString('utf8'), gateway);
      if (!request) return reply(400, { error: 'not a payment request' });
      const transactionId = `SI${Date.now()}${String(++serial).padStart(4, '0')}${randomBytes(3).toString('hex')}`;
      // Counted as pending from now, so settle() waits for a report not yet due.
      let done!: () => void;
      const settled = new Promise<void>((resolve) => (done = resolve));
      pending.add(settled);
      const timer = setTimeout(() => {
        timers.delete(timer);
        void deliver(request, transactionId).finally(() => {
          pending.delete(settled);
          done();
        });
      }, options.delayMs);
      timers.add(timer);
      reply(200, { transactionId, status: 'PENDING' });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    reports,
    settle: async () => {
      while (pending.size) await Promise.all([...pending]);
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
