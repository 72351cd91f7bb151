import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, LANGUAGE_HEADER, isLanguage, type Language } from '@swap/contracts';

/** The language of the answer's `message`, from the Language header (default en). */
export function requestLanguage(req: FastifyRequest): Language {
  const raw = req.headers[LANGUAGE_HEADER.toLowerCase()];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim().toLowerCase();
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}
