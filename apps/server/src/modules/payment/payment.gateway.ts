import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { PAYMENT_SIGNATURE_HEADER } from '@swap/contracts';
import type { PaymentConfig } from '../../app/config.js';
import { AppError, loggableError } from '../../app/errors.js';
import { checkPaymentSignature, signPayment } from '../../app/payment-signature.js';

/** What a call to the gateway is, for its log lines: `what` names the call, `about` its order or refund. */
export interface GatewayCall {
  what: 'payment gateway' | 'payment gateway refund';
  about: Record<string, unknown>;
  log: FastifyBaseLogger;
}

/**
 * One signed call to the payment gateway (docs/orders.md, "Paying an order" and "Refunds"):
 * `POST <gateway><path>` with the body signed with the gateway's secret, outside any transaction.
 * An unreachable gateway or an error answer is 1009; an answer not signed with the same secret, not
 * of `schema`'s shape or refused by `check` is 1010. Either way the call is logged.
 */
export async function callGateway<T>(
  config: PaymentConfig,
  secret: string,
  path: '/payments' | '/refunds',
  body: Record<string, unknown>,
  schema: z.ZodType<T>,
  call: GatewayCall,
  check: (answer: T) => void = () => undefined,
): Promise<T> {
  const request = JSON.stringify(body);
  let text: string;
  let signature: string | null;
  try {
    const response = await fetch(`${config.gatewayUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [PAYMENT_SIGNATURE_HEADER]: signPayment(secret, request) },
      body: request,
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    text = await response.text();
    signature = response.headers.get(PAYMENT_SIGNATURE_HEADER);
    if (!response.ok) throw new Error(`gateway answered HTTP ${response.status}`);
  } catch (error) {
    call.log.warn({ err: loggableError(error), ...call.about }, `${call.what} request failed`);
    throw new AppError('httpException');
  }
  try {
    // Only the gateway's own answer counts: signed with its secret.
    if (checkPaymentSignature(secret, Buffer.from(text, 'utf8'), signature ?? undefined, config.windowSeconds) !== 'ok')
      throw new Error('the answer is not signed with the gateway secret');
    const answer = schema.parse(JSON.parse(text));
    check(answer);
    return answer;
  } catch (error) {
    call.log.warn({ err: loggableError(error), ...call.about, answer: text.slice(0, 200) }, `${call.what} answer refused`);
    throw new AppError('paymentParseError');
  }
}
