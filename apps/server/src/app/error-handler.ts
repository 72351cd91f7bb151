import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  MESSAGES,
  containsScript,
  fieldLabel,
  findIllegalText,
  hasIllegalText,
  messageText,
  validationText,
  type MessageKey,
} from '@swap/contracts';
import {
  AppError,
  IllegalTextError,
  paramsIn,
  type MessageParams,
  isBadInputError,
  isDatabaseUnavailable,
  isUniqueViolation,
  loggableError,
} from './errors.js';
import { requestLanguage } from './language.js';

export interface FieldError {
  field: string;
  message: string;
}

function send(reply: FastifyReply, req: FastifyRequest, key: MessageKey, data: unknown = null, params?: MessageParams, text?: string) {
  const entry = MESSAGES[key];
  const lang = requestLanguage(req);
  return reply.status(entry.http).send({ code: entry.code, message: text ?? messageText(key, lang, paramsIn(params, lang)), data });
}

/** Turns zod issues into field errors with the field named in the caller's language. */
function fieldErrors(req: FastifyRequest, issues: { instancePath: string; message: string; params?: unknown }[]): FieldError[] {
  const lang = requestLanguage(req);
  return issues.map((issue) => {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
    const key = issue.message.startsWith('validation.') ? issue.message : 'validation.invalid';
    return { field, message: validationText(key, lang, fieldLabel(field, lang)) };
  });
}

function hasScript(value: unknown, depth = 0): boolean {
  if (depth > 8) return false;
  if (typeof value === 'string') return containsScript(value);
  if (Array.isArray(value)) return value.some((inner) => hasScript(inner, depth + 1));
  if (value && typeof value === 'object') return Object.values(value).some((inner) => hasScript(inner, depth + 1));
  return false;
}

/** The first request header holding text the database cannot store (only NUL can reach a header). */
function illegalHeader(req: FastifyRequest): string | undefined {
  for (const [name, value] of Object.entries(req.headers)) {
    if ([value].flat().some((v) => typeof v === 'string' && hasIllegalText(v))) return name;
  }
  return undefined;
}

/** Where the body, query or path parameters hold NUL or an unpaired surrogate, as a field path. */
function illegalInput(req: FastifyRequest): string | undefined {
  for (const part of [req.body, req.query, req.params]) {
    const path = findIllegalText(part);
    if (path !== undefined) return path || 'body';
  }
  return undefined;
}

/** Input that is not what the route takes: not JSON, not its shape, unknown fields, text that cannot be stored. */
function isUnparsable(error: FastifyError): boolean {
  if (error instanceof AppError)
    return ['unknownField', 'unknownFilter', 'illegalParameter', 'invalidInput', 'jsonParseError'].includes(error.key);
  return (
    error instanceof IllegalTextError ||
    error instanceof SyntaxError ||
    hasZodFastifySchemaValidationErrors(error) ||
    [
      'FST_ERR_CTP_INVALID_JSON_BODY',
      'FST_ERR_CTP_EMPTY_JSON_BODY',
      'FST_ERR_CTP_INVALID_MEDIA_TYPE',
      'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
    ].includes(error.code)
  );
}

export function registerErrorHandling(app: FastifyInstance): void {
  // Text the database cannot store is refused on every route, schema or not (sign-in included),
  // before the caller is even looked up: the contracts refuse it too, this is the safety net.
  app.addHook('onRequest', (req, _reply, done) => {
    const header = illegalHeader(req);
    done(header === undefined ? undefined : new IllegalTextError(header));
  });
  // Script input is refused before any schema or handler sees it, on every route.
  app.addHook('preValidation', (req, _reply, done) => {
    const field = illegalInput(req);
    if (field !== undefined) return done(new IllegalTextError(field));
    done(hasScript(req.body) || hasScript(req.query) ? new AppError('invalidInput') : undefined);
  });

  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (req.routeOptions.config?.endpoint?.base === 'pay' && isUnparsable(error)) {
      // A payment gateway's call that is not a payment result (docs/orders.md, "The payment callback").
      req.log.warn({ err: loggableError(error) }, 'payment result could not be parsed');
      const fields = hasZodFastifySchemaValidationErrors(error)
        ? fieldErrors(req, error.validation as { instancePath: string; message: string }[])
        : error instanceof AppError
          ? ((error.data as { fields?: FieldError[] } | null)?.fields ?? [])
          : [];
      return send(reply, req, 'paymentParseError', { fields });
    }
    if (error instanceof AppError) return send(reply, req, error.key, error.data, error.params);
    if (error instanceof IllegalTextError) {
      const lang = requestLanguage(req);
      const message = validationText('validation.illegalChars', lang, fieldLabel(error.field, lang));
      return send(reply, req, 'illegalParameter', { fields: [{ field: error.field, message }] }, undefined, message);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(req, error.validation as { instancePath: string; message: string }[]);
      const first = errors[0];
      return send(reply, req, 'illegalParameter', { fields: errors }, undefined, first?.message);
    }
    if (isUniqueViolation(error)) return send(reply, req, 'recordExists');
    if (isDatabaseUnavailable(error)) {
      req.log.warn({ err: loggableError(error) }, 'database unavailable');
      return send(reply, req, 'databaseUnavailable');
    }
    if (isBadInputError(error)) {
      // A contract that let bad input through: visible in the log, never a 500 for the caller.
      req.log.warn({ err: loggableError(error) }, 'database refused the input');
      return send(reply, req, 'illegalParameter');
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send(reply, req, 'payloadTooLarge');
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(reply, req, 'jsonParseError');
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send(reply, req, 'illegalParameter');
      case 'FST_REQ_FILE_TOO_LARGE':
        return send(reply, req, 'payloadTooLarge');
      case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
        return send(reply, req, 'noFileUploaded');
    }
    if (error instanceof SyntaxError) return send(reply, req, 'jsonParseError');
    if (error.statusCode === 429) return send(reply, req, 'tooManyAttempts');
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return send(reply, req, 'illegalParameter');
    req.log.error({ err: loggableError(error) }, 'unhandled error');
    return send(reply, req, 'systemException');
  });
}
