import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  AUTH_BASE,
  OMS_BASE,
  PAY_BASE,
  REQUEST_TIME_HEADER,
  SUCCESS_CODE,
  TIME_ZONE_HEADER,
  TOKEN_HEADER,
  TOKEN_HEADER_ALT,
  accessCodes,
  endpointUrl,
  envelopeSchema,
  isTimeZone,
  messageText,
  type Access,
  type EndpointDef,
  type HandlerAnswerOf,
  type ParsedInputOf,
} from '@swap/contracts';
import type { Db } from '../db/client.js';
import { holds, type Ctx, type Grants, type Principal } from './context.js';
import { AppError } from './errors.js';
import { permissionDenied } from './policy.js';
import { requestLanguage } from './language.js';
import { checkStrictInput } from './strict-input.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The declaration a route serves (set by `serve`/`servePublic`); every /api route but health has one. */
    endpoint?: EndpointDef;
  }
  interface FastifyRequest {
    ctx?: Ctx;
    /** The body as it arrived, on /api/pay routes: a gateway signs these bytes. */
    rawBody?: Buffer;
  }
}

/**
 * What access control needs of the modules, handed over by build-app.ts: modules import this file
 * (they serve their routes through it), so it imports no module (docs/architecture.md, "Boundaries").
 */
export interface RouteDeps {
  db: Db;
  /** The account behind a token, or the session-ending refusal (the session module's `authenticate`). */
  authenticate(token: string | undefined): Promise<{ principal: Principal; sessionId: number }>;
  /** What an account holds (the account module's `grantsOf`). */
  grantsOf(principal: Principal): Promise<Grants>;
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

/**
 * The zone a CSV export writes its times in: the `Time-Zone` header (the web sends the browser's),
 * UTC without one; a zone the runtime does not know is refused by name (1027).
 */
function exportTimeZone(req: FastifyRequest): string {
  const raw = req.headers[TIME_ZONE_HEADER.toLowerCase()];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!value) return 'UTC';
  if (!isTimeZone(value)) throw new AppError('unknownTimeZone', { field: value.slice(0, 64) });
  return value;
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
    const name = `Route ${[route.method].flat().join(',')} ${route.url}`;
    if ((route.url.startsWith(AUTH_BASE) || route.url.startsWith(PAY_BASE)) && !route.config?.endpoint)
      throw new Error(`${name} serves no declared endpoint`);
    if (route.url.startsWith(PAY_BASE) && route.config?.endpoint?.access !== 'public')
      throw new Error(`${name}: a payment gateway's call is public (it is signed instead)`);
    if (!route.url.startsWith(OMS_BASE)) return;
    const access = route.config?.access;
    if (!access) throw new Error(`${name} declares no access`);
    // A handler without a declaration in the contracts is refused: nothing is served that the
    // declarations (and so the web client, the tests and the docs) do not know.
    if (!route.config?.endpoint) throw new Error(`${name} serves no declared endpoint`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        declared.push({ method, url: route.url, access, body: route.schema?.body, querystring: route.schema?.querystring });
    }
  });
  app.addHook('onRequest', async (req) => {
    const access = req.routeOptions.config?.access;
    if (!access) return;
    const { principal, sessionId } = await deps.authenticate(tokenOf(req));
    // A SUPER passes every check: their grants (every code there is) are not loaded per request.
    const grants = principal.type === 'SUPER' ? null : await deps.grantsOf(principal);
    const ctx: Ctx = {
      db: deps.db,
      principal,
      codes: grants?.codes ?? NO_CODES,
      grants,
      lang: requestLanguage(req),
      timeZone: 'UTC',
      ip: req.ip,
      requestTime: requestTimeOf(req),
      sessionId,
    };
    req.ctx = ctx;
    if (access.scope === 'super' && principal.type !== 'SUPER') throw new AppError('noAuthority');
    if (access.scope === 'platform' && principal.merchantId !== null) throw new AppError('noAuthority');
    // Any one of the endpoint's codes lets the caller in (docs/api.md, "Resources").
    const codes = accessCodes(access);
    if (codes.length > 0 && !codes.some((code) => holds(ctx, code))) throw permissionDenied(ctx);
  });
}

/** The largest body a payment gateway's call may have: a payment result is a few hundred bytes. */
export const PAY_BODY_LIMIT = 16 * 1024;

/**
 * Keeps the body of a payment gateway's call as it arrived (its signature covers these bytes) and
 * hands the same bytes on to the JSON parser; a body over PAY_BODY_LIMIT is refused (413) as it arrives.
 */
async function keepRawBody(req: FastifyRequest, _reply: FastifyReply, payload: NodeJS.ReadableStream) {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += bytes.length;
    if (size > PAY_BODY_LIMIT)
      throw Object.assign(new Error('payment call too large'), { code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 });
    chunks.push(bytes);
  }
  req.rawBody = Buffer.concat(chunks);
  return Object.assign(Readable.from([req.rawBody]), { receivedEncodedLength: req.rawBody.length });
}

/** A reply the handler has already sent itself (files, CSV); the envelope is skipped. */
export const SENT: unique symbol = Symbol('sent');

export function ok<T>(req: FastifyRequest, data: T) {
  return { code: SUCCESS_CODE, message: messageText('success', requestLanguage(req)), data };
}

/** The endpoints an app serves through `serve`, to check them against the declarations at start-up. */
const servedByApp = new WeakMap<FastifyInstance, Set<EndpointDef>>();

type Handler<E extends EndpointDef> = (input: {
  input: ParsedInputOf<E>;
  ctx: Ctx;
  req: FastifyRequest;
  reply: FastifyReply;
}) => Promise<E['answer'] extends z.ZodType ? HandlerAnswerOf<E> : symbol>;

type PublicHandler<E extends EndpointDef> = (input: {
  input: ParsedInputOf<E>;
  req: FastifyRequest;
  reply: FastifyReply;
}) => Promise<E['answer'] extends z.ZodType ? HandlerAnswerOf<E> : symbol>;

/**
 * Registers a declared endpoint's route: input and answer schemas from the declaration; input it
 * does not declare is refused by name (./strict-input.ts).
 */
function register<E extends EndpointDef>(
  app: FastifyInstance,
  def: E,
  handler: (req: FastifyRequest, reply: FastifyReply, input: ParsedInputOf<E>) => Promise<unknown>,
): void {
  let served = servedByApp.get(app);
  if (!served) servedByApp.set(app, (served = new Set()));
  if (served.has(def)) throw new Error(`${def.method} ${def.path} is served twice`);
  served.add(def);
  const answer = def.answer;
  app.route({
    method: def.method,
    url: endpointUrl(def),
    config: { ...(def.access === 'public' ? {} : { access: def.access }), endpoint: def },
    ...(def.base === 'pay' ? { bodyLimit: PAY_BODY_LIMIT, preParsing: keepRawBody } : {}),
    schema: {
      ...(def.body ? { body: def.body } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(typeof answer === 'string' ? {} : { response: { 200: envelopeSchema(answer) } }),
      ...(def.summary ? { summary: def.summary } : {}),
      tags: [def.base === 'auth' || def.base === 'pay' ? def.base : (def.path.split('/')[1] ?? 'oms')],
      security: def.access === 'public' ? [] : [{ authToken: [] }],
    },
    // After sign-in and access (a caller who may not call the endpoint learns nothing of its input).
    preValidation: (req, _reply, done) => {
      try {
        checkStrictInput(def, req);
        if (def.answer === 'csv' && req.ctx) req.ctx.timeZone = exportTimeZone(req);
        done();
      } catch (error) {
        done(error as Error);
      }
    },
    handler: async (req, reply) => {
      const input = (def.body ? req.body : def.query ? req.query : undefined) as ParsedInputOf<E>;
      const result = await handler(req, reply, input);
      if (result === SENT) return reply;
      return ok(req, result ?? null);
    },
  });
}

/**
 * Serves one declared endpoint that needs a session: access, input schema and answer schema come
 * from the declaration. A JSON answer is serialised through its schema, so a field the declaration
 * does not name never leaves the server, and an answer that does not match it fails instead of leaking.
 */
export function serve<E extends EndpointDef>(app: FastifyInstance, def: E, handler: Handler<E>): void {
  if (def.access === 'public') throw new Error(`${def.path}: a public endpoint is served by servePublic()`);
  register(app, def, async (req, reply, input) => {
    const ctx = req.ctx;
    if (!ctx) throw new AppError('notLoggedIn');
    return handler({ input, ctx, req, reply });
  });
}

/** Serves one declared public endpoint (sign-in, the login page's settings): no session is read. */
export function servePublic<E extends EndpointDef>(app: FastifyInstance, def: E, handler: PublicHandler<E>): void {
  if (def.access !== 'public') throw new Error(`${def.path}: an endpoint that needs a session is served by serve()`);
  register(app, def, async (req, reply, input) => handler({ input, req, reply }));
}

/**
 * Start-up check: every declared endpoint has exactly one handler and no handler serves an
 * undeclared endpoint (an endpoint object that is not in the declarations).
 */
export function assertEndpointsServed(app: FastifyInstance, declared: readonly EndpointDef[]): void {
  const served = servedByApp.get(app) ?? new Set<EndpointDef>();
  const known = new Set(declared);
  const missing = declared.filter((def) => !served.has(def));
  const unknown = [...served].filter((def) => !known.has(def));
  const describe = (defs: EndpointDef[]) => defs.map((def) => `${def.method} ${endpointUrl(def)}`).join(', ');
  if (missing.length) throw new Error(`Declared endpoints without a handler: ${describe(missing)}`);
  if (unknown.length) throw new Error(`Handlers for undeclared endpoints: ${describe(unknown)}`);
}
