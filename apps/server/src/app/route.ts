import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { z } from 'zod';
import { OMS_BASE, REQUEST_TIME_HEADER, SUCCESS_CODE, TOKEN_HEADER, TOKEN_HEADER_ALT, messageText } from '@swap/contracts';
import type { Db } from '../db/client.js';
import { authenticate, type SessionPolicy } from '../modules/auth/session.service.js';
import { grantsOf } from '../modules/menu/permissions.js';
import { holds, type Ctx } from './context.js';
import { AppError } from './errors.js';
import { permissionDenied } from './policy.js';
import { requestLanguage } from './language.js';

/**
 * Who may call a route. `code` is the permission code ('' = any signed-in account);
 * `scope` narrows it further: 'platform' for platform staff only, 'super' for SUPER only.
 * Every /api/oms route must declare one: a route without it refuses to start (deny by default).
 */
export interface Access {
  code: string;
  scope?: 'any' | 'platform' | 'super';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    ctx?: Ctx;
  }
}

export interface RouteDeps {
  db: Db;
  policy: SessionPolicy;
}

function tokenOf(req: FastifyRequest): string | undefined {
  const raw = req.headers[TOKEN_HEADER] ?? req.headers[TOKEN_HEADER_ALT.toLowerCase()];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value?.trim() || undefined;
}

function requestTimeOf(req: FastifyRequest): Date | null {
  const raw = req.headers[REQUEST_TIME_HEADER];
  const ms = Number(Array.isArray(raw) ? raw[0] : raw);
  return Number.isFinite(ms) && ms > 0 ? new Date(ms) : null;
}

/** A /api/oms route as declared: method, full path and access (HEAD twins of GET routes left out). */
export interface DeclaredRoute {
  method: string;
  url: string;
  access: Access;
  /** The route's zod schemas, if any (the input fuzz test feeds them). */
  body?: unknown;
  querystring?: unknown;
}

const declaredByApp = new WeakMap<FastifyInstance, DeclaredRoute[]>();

/** Every /api/oms route the app declared, in registration order (the permission matrix test walks it). */
export function declaredRoutes(app: FastifyInstance): readonly DeclaredRoute[] {
  return declaredByApp.get(app) ?? [];
}

const NO_CODES: ReadonlySet<string> = new Set();

/** Signs the caller in and checks the route's access before validation or the handler run. */
export function registerAccessControl(app: FastifyInstance, deps: RouteDeps): void {
  const declared: DeclaredRoute[] = [];
  declaredByApp.set(app, declared);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(OMS_BASE)) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${[route.method].flat().join(',')} ${route.url} declares no access`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        declared.push({ method, url: route.url, access, body: route.schema?.body, querystring: route.schema?.querystring });
    }
  });
  app.addHook('onRequest', async (req) => {
    const access = req.routeOptions.config?.access;
    if (!access) return;
    const { principal, sessionId } = await authenticate(deps.db, tokenOf(req), deps.policy);
    // A SUPER passes every check: their grants (every code there is) are not loaded per request.
    const codes = principal.type === 'SUPER' ? NO_CODES : (await grantsOf(deps.db, principal)).codes;
    req.ctx = {
      db: deps.db,
      principal,
      codes,
      lang: requestLanguage(req),
      ip: req.ip,
      requestTime: requestTimeOf(req),
      sessionId,
    };
    if (access.scope === 'super' && principal.type !== 'SUPER') throw new AppError('noAuthority');
    if (access.scope === 'platform' && principal.merchantId !== null) throw new AppError('noAuthority');
    if (access.code && !holds(req.ctx, access.code)) {
      throw permissionDenied(req.ctx);
    }
  });
}

/** A reply the handler has already sent itself (files, CSV); the envelope is skipped. */
export const SENT = Symbol('sent');

export function ok<T>(req: FastifyRequest, data: T) {
  return { code: SUCCESS_CODE, message: messageText('success', requestLanguage(req)), data };
}

interface OmsRouteDef<B extends z.ZodType | undefined, Q extends z.ZodType | undefined> {
  method: HTTPMethods;
  url: string;
  access: Access;
  body?: B;
  querystring?: Q;
  summary?: string;
  tags?: string[];
}

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;

/**
 * Declares one /api/oms route: access first, then the zod schemas, then the handler, whose return
 * value is wrapped in the success envelope. The handler gets the caller's Ctx.
 */
export function omsRoute<B extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined>(
  app: FastifyInstance,
  def: OmsRouteDef<B, Q>,
  handler: (input: { body: Infer<B>; query: Infer<Q>; ctx: Ctx; req: FastifyRequest; reply: FastifyReply }) => Promise<unknown>,
): void {
  app.route({
    method: def.method,
    url: `${OMS_BASE}${def.url}`,
    config: { access: def.access },
    schema: {
      ...(def.body ? { body: def.body } : {}),
      ...(def.querystring ? { querystring: def.querystring } : {}),
      ...(def.summary ? { summary: def.summary } : {}),
      tags: def.tags ?? [def.url.split('/')[1] ?? 'oms'],
      security: [{ authToken: [] }],
    },
    handler: async (req, reply) => {
      const ctx = req.ctx;
      if (!ctx) throw new AppError('notLoggedIn');
      const result = await handler({ body: req.body as Infer<B>, query: req.query as Infer<Q>, ctx, req, reply });
      if (result === SENT) return reply;
      return ok(req, result ?? null);
    },
  });
}
