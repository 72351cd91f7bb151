import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES, containsScript, fieldLabel, messageText, validationText, type MessageKey } from '@swap/contracts';
import { AppError, isDatabaseUnavailable, isUniqueViolation, loggableError } from './errors.js';
import { requestLanguage } from './language.js';

export interface FieldError {
  field: string;
  message: string;
}

function send(
  reply: FastifyReply,
  req: FastifyRequest,
  key: MessageKey,
  data: unknown = null,
  params?: Record<string, string | number>,
  text?: string,
) {
  const entry = MESSAGES[key];
  return reply.status(entry.http).send({ code: entry.code, message: text ?? messageText(key, requestLanguage(req), params), data });
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

export function registerErrorHandling(app: FastifyInstance): void {
  // Script input is refused before any schema or handler sees it, on every route.
  app.addHook('preValidation', (req, _reply, done) => {
    done(hasScript(req.body) || hasScript(req.query) ? new AppError('invalidInput') : undefined);
  });

  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (error instanceof AppError) return send(reply, req, error.key, error.data, error.params);
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
