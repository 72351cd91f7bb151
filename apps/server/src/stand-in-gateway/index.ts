import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { PAYMENT_SIGNATURE_HEADER, type PaymentResult } from '@swap/contracts';
import { checkPaymentSignature, signPayment } from '../app/payment-signature.js';
import { standInUrl, type PaymentConfig } from '../app/config.js';

/**
 * The stand-in payment gateway (docs/orders.md, "The stand-in gateway"): a small gateway on
 * 127.0.0.1 that takes the server's signed payment requests (POST /payments) and, after a delay,
 * reports each payment to the callback URL the request named, signed with the same secret, as a real
 * gateway would; a report the server did not take (no answer, or 5xx) is sent again a few times.
 * Signed refund requests (POST /refunds) are answered at once, signed, by refund number. The
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
  /**
   * What every refund comes to (REFUNDED unless told; UNAVAILABLE: answered 503, not taken; FORGED:
   * refunded, but the answer is signed with another secret, as a forged answer would be).
   */
  refundResult?: StandInRefundResult;
  /**
   * How payment requests are answered (SIGNED unless told; FORGED: signed with another secret and
   * never reported, as a forged answer would be).
   */
  paymentAnswer?: StandInPaymentAnswer;
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

export type StandInRefundResult = 'REFUNDED' | 'FAILED' | 'UNAVAILABLE' | 'FORGED';
export type StandInPaymentAnswer = 'SIGNED' | 'FORGED';

/** A refund the stand-in took, as it answered it (the same refund number again gets the same answer). */
export interface StandInRefund {
  refundNo: string;
  orderNo: string;
  transactionId: string;
  amount: string;
  currency: string;
  refundId: string;
  status: 'REFUNDED' | 'FAILED';
  reason?: string;
}

export interface StandInGateway {
  url: string;
  /** Every report delivered or given up, in order. */
  reports: StandInReport[];
  /** Every refund taken, once each, in order. */
  refunds: StandInRefund[];
  /** What the refunds asked from now on come to (a refund already taken keeps its answer). */
  setRefundResult(result: StandInRefundResult): void;
  /** How the payment requests asked from now on are answered. */
  setPaymentAnswer(answer: StandInPaymentAnswer): void;
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

function parseRefund(text: string, gateway: string): Omit<StandInRefund, 'refundId' | 'status' | 'reason'> | null {
  try {
    const value = JSON.parse(text) as Record<string, unknown>;
    const { paymentGateway, refundNo, orderNo, transactionId, amount, currency } = value;
    if (paymentGateway !== gateway) return null;
    const texts = [refundNo, orderNo, transactionId, amount, currency];
    if (!texts.every((v) => typeof v === 'string' && v.length > 0 && v.length <= 64)) return null;
    if (!/^\d{1,11}\.\d{2}$/.test(amount as string) || Number(amount) <= 0) return null;
    return { refundNo, orderNo, transactionId, amount, currency } as Omit<StandInRefund, 'refundId' | 'status' | 'reason'>;
  } catch {
    return null;
  }
}

export async function startStandInGateway(options: StandInGatewayOptions): Promise<StandInGateway> {
  const gateway = options.gateway ?? 'STANDIN';
  const attempts = options.attempts ?? 5;
  const log = options.log ?? (() => {});
  const reports: StandInReport[] = [];
  const refunds: StandInRefund[] = [];
  const refundsByNo = new Map<string, StandInRefund>();
  let refundResult = options.refundResult ?? 'REFUNDED';
  let paymentAnswer = options.paymentAnswer ?? 'SIGNED';
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
    const reply = (status: number, value: unknown, secret = options.secret) => {
      const text = JSON.stringify(value);
      res.writeHead(status, { 'content-type': 'application/json', [PAYMENT_SIGNATURE_HEADER]: signPayment(secret, text) });
      res.end(text);
    };
    if (req.method !== 'POST' || (req.url !== '/payments' && req.url !== '/refunds')) return reply(404, { error: 'not found' });
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
      if (req.url === '/refunds') {
        // A refund is answered at once, signed; the same refund number again gets the first answer.
        const asked = parseRefund(raw.toString('utf8'), gateway);
        if (!asked) return reply(400, { error: 'not a refund request' });
        let refund = refundsByNo.get(asked.refundNo);
        if (!refund && refundResult === 'UNAVAILABLE') return reply(503, { error: 'unavailable' });
        if (!refund) {
          const status = refundResult === 'FAILED' ? 'FAILED' : 'REFUNDED';
          refund = {
            ...asked,
            refundId: `SR${Date.now()}${String(++serial).padStart(4, '0')}${randomBytes(3).toString('hex')}`,
            status,
            ...(status === 'FAILED' ? { reason: 'the payment can no longer be refunded' } : {}),
          };
          refundsByNo.set(asked.refundNo, refund);
          refunds.push(refund);
          log(`stand-in gateway ${status === 'REFUNDED' ? 'refunded' : 'refused to refund'} ${asked.orderNo} (${asked.refundNo})`);
        }
        const answer = { refundNo: refund.refundNo, refundId: refund.refundId, status: refund.status, reason: refund.reason };
        return reply(200, answer, refundResult === 'FORGED' ? `${options.secret}-forged` : options.secret);
      }
      const request = parseRequest(raw.toString('utf8'), gateway);
      if (!request) return reply(400, { error: 'not a payment request' });
      const transactionId = `SI${Date.now()}${String(++serial).padStart(4, '0')}${randomBytes(3).toString('hex')}`;
      // A forged answer: not the gateway's signature, and no payment behind it.
      if (paymentAnswer === 'FORGED') return reply(200, { transactionId, status: 'PENDING' }, `${options.secret}-forged`);
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
    refunds,
    setRefundResult: (result) => {
      refundResult = result;
    },
    setPaymentAnswer: (answer) => {
      paymentAnswer = answer;
    },
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

/**
 * Starts the stand-in gateway the settings ask for (demo mode: docs/orders.md, "The stand-in
 * gateway"). Its port taken (another server on this machine runs one), it starts on a free port and
 * the payments go to it, unless PAYMENT_GATEWAY_URL names a gateway of its own; any other failure is
 * logged and the server runs without it. Call it before the server listens: the payment routes read
 * the same settings object, whose gateway address this may change.
 */
export async function startConfiguredStandIn(
  payments: PaymentConfig,
  log: { info(message: string): void; warn(message: string): void; error(message: string): void },
): Promise<StandInGateway | undefined> {
  const { standIn, gateway, secrets } = payments;
  const secret = gateway ? secrets[gateway] : undefined;
  if (!standIn || !gateway || !secret) return undefined;
  const start = (port: number) => startStandInGateway({ port, secret, gateway, delayMs: standIn.delayMs, log: (m) => log.info(m) });
  try {
    let started: StandInGateway;
    try {
      started = await start(standIn.port);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      started = await start(0);
      log.warn(`port ${standIn.port} of the stand-in payment gateway is taken (another server runs one): it runs on ${started.url}`);
    }
    if (payments.gatewayUrl === standInUrl(standIn.port)) payments.gatewayUrl = started.url;
    log.info(`stand-in payment gateway ${gateway} on ${started.url}`);
    return started;
  } catch (error) {
    log.error(`stand-in payment gateway not started: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}
