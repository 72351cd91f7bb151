import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { ALL_ENDPOINTS, AUTH_BASE, OMS_BASE, TOKEN_HEADER } from '@swap/contracts';
import type { Config } from './config.js';
import type { Database, Db } from '../db/client.js';
import { registerErrorHandling } from './error-handler.js';
import { assertEndpointsServed, registerAccessControl } from './route.js';
import { AppError } from './errors.js';
import { authenticate, registerSessionRoutes } from '../modules/session/index.js';
import { configurePasswordHashing, grantsOf } from '../modules/account/index.js';
import { registerModules } from '../modules/index.js';
import { startWebhookWorker } from '../modules/external-system/index.js';
import { JobHandlers, startJobWorker, type JobWorker } from '../modules/job/index.js';
import { startOverdueJob } from '../modules/product-order/index.js';
import { startSwapOrderJob } from '../modules/swap-order/index.js';
import { startCustomerReferenceBackfill } from '../modules/swap/index.js';
import { DeviceHub } from './device-hub.js';

export const VERSION = '0.1.0';

/** JSON bodies over 1 MB are refused with 413 (uploads go through multipart with their own limit). */
export const BODY_LIMIT = 1024 * 1024;

/**
 * Only the app's own scripts run (no inline script, no eval); inline styles stay allowed because
 * antd writes its CSS-in-JS into style tags. Same on API answers, so an answer opened as a page runs nothing.
 */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy(undefined);

/**
 * The policy, letting images come from the map tile server as well when MAP_TILE_URL names one
 * (its origin; a `{s}` subdomain becomes `*`).
 */
export function contentSecurityPolicy(mapTileUrl: string | undefined): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${mapTileUrl ? ` ${tileOrigin(mapTileUrl)}` : ''}`,
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** `https://{s}.tile.example.org/{z}/{x}/{y}.png` → `https://*.tile.example.org`. */
export function tileOrigin(mapTileUrl: string): string {
  const origin = new URL(mapTileUrl.replaceAll('{s}', 'subdomain-placeholder')).origin;
  return origin.replace('subdomain-placeholder', '*');
}

export interface BuildOptions {
  logger?: boolean;
  /** Shared with the device gateway; a fresh one (no link attached) when absent. */
  deviceHub?: DeviceHub;
}

/**
 * Fastify's trust for X-Forwarded-For. A hop count trusts the nearest that many proxies, counted from
 * the socket (Fastify itself refuses a bare number), so the client address is the entry the last of
 * them appended, never one the client wrote.
 */
function proxyTrust(trust: Config['trustProxy']): false | string | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

export async function buildApp(config: Config, database: Database, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel, redact: ['req.headers["auth-token"]', 'req.headers.auth_token'] },
    bodyLimit: BODY_LIMIT,
    trustProxy: proxyTrust(config.trustProxy),
  });
  app.decorate('deviceHub', options.deviceHub ?? new DeviceHub());
  // For the few public routes that read the database without a session (a device's firmware download).
  app.decorate('db', database.db);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  const policy = contentSecurityPolicy(config.mapTileUrl);
  // Baseline browser protections on every answer; API answers (tokens, personal data) are never cached.
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'same-origin');
    reply.header('content-security-policy', policy);
    if (req.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });

  // A coarse per-address flood guard; sign-in has its own stricter, shared throttle in the database.
  await app.register(fastifyRateLimit, { max: config.rateLimitPerMinute, timeWindow: 60_000 });
  await app.register(fastifyMultipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1 } });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Battery-swap back-office API', version: VERSION },
      components: { securitySchemes: { authToken: { type: 'apiKey', in: 'header', name: TOKEN_HEADER } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  configurePasswordHashing({ concurrency: config.passwordHashConcurrency });
  const sessionPolicy = { idleMinutes: config.tokenIdleMinutes, absoluteHours: config.tokenAbsoluteHours };
  registerAccessControl(app, {
    db: database.db,
    authenticate: (token) => authenticate(database.db, token, sessionPolicy),
    grantsOf: (principal) => grantsOf(database.db, principal),
  });
  const throttle = { maxFailures: config.loginMaxFailures, windowMinutes: config.loginWindowMinutes };
  registerSessionRoutes(app, {
    db: database.db,
    session: sessionPolicy,
    throttle,
    demo: config.demo,
    version: VERSION,
    map: { tileUrl: config.mapTileUrl ?? null, tileAttribution: config.mapTileAttribution ?? null },
    mail: config.mail,
    sso: config.sso,
  });
  const jobs = new JobHandlers();
  registerModules(app, {
    commandTimeoutSeconds: config.commandTimeoutSeconds,
    webhooks: config.webhooks,
    jobs,
    payments: config.payments,
    db: database.db,
    firmware: config.firmware,
    listen: (channel, handler) => database.listen(channel, handler),
    throttle,
    mail: config.mail,
    ssoIssuer: config.sso?.issuer,
  });
  assertEndpointsServed(app, ALL_ENDPOINTS);
  // External systems' webhooks go out from the server that serves the back-office (docs/operation-centre.md).
  const webhooks = startWebhookWorker(database.db, config.webhooks, app.log);
  app.addHook('onClose', () => webhooks.stop());
  // Product orders' overdue days, cycles and expiry (docs/orders.md, "Overdue and expiry").
  const orderJob = startOverdueJob(database.db, config.orderJobIntervalMs, app.log);
  app.addHook('onClose', () => orderJob.stop());
  // Paced background work: rollouts, commands to many cabinets (docs/firmware.md, "Job queue").
  if (config.jobPollMs > 0) {
    const worker = startJobWorker(
      database.db,
      jobs,
      { pollMs: config.jobPollMs, leaseMs: config.jobLeaseSeconds * 1000, batch: 20 },
      app.log,
    );
    app.decorate('jobWorker', worker);
    app.addHook('onClose', () => worker.stop());
  }
  // Transfer and energy orders: unpaid ones time out, paid ones complete (docs/orders.md).
  const swapOrderJob = startSwapOrderJob(database.db, config.orderJobIntervalMs, app.log);
  app.addHook('onClose', () => swapOrderJob.stop());
  // Swaps and reservations stored before they referred to their customer get the reference, in batches (docs/customers.md).
  if (config.referenceBackfillPauseMs > 0) {
    const backfill = startCustomerReferenceBackfill(database.db, app.log, config.referenceBackfillPauseMs);
    app.addHook('onClose', () => backfill.stop());
  }

  // 503 while the database is out (the back-office cannot serve); the device link's state is told, not judged.
  app.get('/api/health', { schema: { tags: ['health'] } }, async (_req, reply) => {
    const deviceLink = app.deviceHub.connected ? 'up' : 'down';
    try {
      await database.ping();
      return { status: 'ok', database: database.kind, databaseStatus: 'up', deviceLink, version: VERSION };
    } catch {
      return reply
        .status(503)
        .send({ status: 'unavailable', database: database.kind, databaseStatus: 'down', deviceLink, version: VERSION });
    }
  });

  const webDist = config.webDist ?? path.resolve(import.meta.dirname, '../../../web/dist');
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });

  // Unknown API paths answer the catalogue's "interface missing"; every other path is a page of the app.
  app.setNotFoundHandler(async (req, reply) => {
    if (req.url.startsWith('/api/') || req.url.startsWith(OMS_BASE) || req.url.startsWith(AUTH_BASE))
      throw new AppError('interfaceMissing');
    if (!hasWeb || (req.method !== 'GET' && req.method !== 'HEAD')) throw new AppError('interfaceMissing');
    return reply.type('text/html').sendFile('index.html');
  });

  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue's worker of this server; absent with JOB_POLL_MS=0. */
    jobWorker?: JobWorker;
    /** The server's database, for public routes that have no request context. */
    db: Db;
  }
}
