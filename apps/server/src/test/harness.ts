import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  DEMO_PASSWORD,
  ENUM_WORDS_EN,
  FIELD_LABELS,
  sessionApi,
  endpointUrl,
  type AnswerOf,
  type EndpointDef,
  type InputOf,
  type Language,
} from '@swap/contracts';
import { loadConfig, type Config } from '../app/config.js';
import { buildApp } from '../app/build-app.js';
import { type Database, type Db } from '../db/client.js';
import { freshDatabase } from './fresh-database.js';
import { seed } from '../db/seed.js';
import { useFastPasswordHashing } from '../modules/account/index.js';
import { auditChangeKeys } from '../modules/audit-log/index.js';

/**
 * A real server on a fresh database for one test file: in-memory PGlite by default, or a new
 * database on the PostgreSQL server named by TEST_DATABASE_URL (the same suite runs on both);
 * see fresh-database.ts for how a fresh database is made quickly.
 */
export interface TestServer {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** The PostgreSQL database of this server (TEST_DATABASE_URL runs); undefined on PGlite. */
  databaseUrl: string | undefined;
  close(): Promise<void>;
  /** Signs in and returns the token. */
  login(username: string, password?: string): Promise<string>;
  call(
    method: 'GET' | 'POST',
    url: string,
    options?: {
      token?: string | undefined;
      body?: unknown;
      query?: Record<string, string>;
      lang?: Language;
      headers?: Record<string, string>;
    },
  ): Promise<ApiAnswer>;
  /** Calls a declared endpoint: the path comes from the declaration, the input and answer are typed. */
  request<E extends EndpointDef>(endpoint: E, input: InputOf<E>, options?: RequestOptions): Promise<TypedAnswer<E>>;
}

export interface RequestOptions {
  token?: string | undefined;
  lang?: Language;
  headers?: Record<string, string>;
}

/** An answer of a declared endpoint: `data` has the declared type when `code` is 1. */
export interface TypedAnswer<E extends EndpointDef> extends Omit<ApiAnswer, 'data'> {
  data: AnswerOf<E>;
}

export interface ApiAnswer {
  status: number;
  code: number;
  message: string;
  data: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read answers loosely
  raw: LightMyRequestResponse;
}

export interface TestServerOptions {
  /** The URL the server connects to, given its PostgreSQL database's (to route it through a relay the test cuts). */
  connectVia?: (databaseUrl: string) => string;
}

/**
 * The time of a test that starts a server of its own: as long as the hooks' (vitest.config.ts), since
 * a start takes most of a minute on a busy two-core machine.
 */
export const OWN_SERVER_TEST_TIMEOUT = 120_000;

export async function startTestServer(env: Record<string, string> = {}, serverOptions: TestServerOptions = {}): Promise<TestServer> {
  useFastPasswordHashing(true);
  // Demo devices only for the files that ask (DEMO_DEVICES: '1'): the others keep a lean database.
  // DEMO: '0' leaves out the demo merchants and accounts too: the super administrator `admin`
  // (password DEMO_PASSWORD) is then the only account (docs/testing.md).
  const withoutDemo = env.DEMO === '0' ? { ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: DEMO_PASSWORD } : {};
  const config = loadConfig({ DEMO: '1', DEMO_DEVICES: '0', LOG_LEVEL: 'silent', FAST_PASSWORD_HASHING: '1', ...withoutDemo, ...env });
  const fresh = await freshDatabase({ postgresUrl: process.env.TEST_DATABASE_URL, connectVia: serverOptions.connectVia });
  const database: Database = fresh.database;
  await seed(database.db, {
    demo: config.demo,
    demoDevices: config.demoDevices,
    adminUsername: config.adminUsername,
    adminPassword: config.adminPassword,
    deviceDemoSecret: config.deviceDemoSecret,
  });
  const app = await buildApp(config, database, { logger: false });
  await app.ready();

  const call: TestServer['call'] = async (method, url, options = {}) => {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.token) headers['auth-token'] = options.token;
    if (options.lang) headers.Language = options.lang;
    const raw = await app.inject({
      method,
      url,
      headers,
      ...(options.query ? { query: options.query } : {}),
      ...(options.body !== undefined ? { payload: options.body as object } : {}),
    });
    let parsed: { code?: number; message?: string; data?: unknown };
    try {
      parsed = raw.json();
    } catch {
      parsed = {}; // CSV and file downloads are not envelopes
    }
    return { status: raw.statusCode, code: parsed.code ?? -1, message: parsed.message ?? '', data: parsed.data, raw };
  };

  const request: TestServer['request'] = async (endpoint, input, options = {}) => {
    const url = endpointUrl(endpoint);
    const answer =
      endpoint.method === 'GET'
        ? await call('GET', url, { ...options, query: queryOf(input) })
        : await call('POST', url, { ...options, body: input ?? {} });
    return answer;
  };

  return {
    app,
    db: database.db,
    config,
    databaseUrl: fresh.url,
    call,
    request,
    async login(username, password = DEMO_PASSWORD) {
      const answer = await request(sessionApi.signIn, { username, password });
      if (answer.code !== 1) throw new Error(`login ${username} failed: ${answer.message}`);
      return answer.data.token;
    },
    async close() {
      const keys = await auditChangeKeys(database.db);
      await app.close();
      await database.close();
      await fresh.release();
      // The audit log names each key of what changed in the reader's language: a record field by
      // FIELD_LABELS, a key of its own by the word tables (auditLog.field; four languages by type).
      const unlabelled = keys.filter(
        (key) => !Object.hasOwn(FIELD_LABELS, key.split('.')[0]!) && !Object.hasOwn(ENUM_WORDS_EN['auditLog.field'], key),
      );
      if (unlabelled.length > 0)
        throw new Error(
          `Audit rows hold keys without a label in FIELD_LABELS or the auditLog.field words (packages/contracts): ${unlabelled.join(', ')}`,
        );
    },
  };
}

/** A GET endpoint's input as a query string (every value as text, absent ones left out). */
function queryOf(input: unknown): Record<string, string> | undefined {
  if (input === undefined || input === null) return undefined;
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(input as Record<string, unknown>)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') query[name] = String(value);
    else if (value !== undefined && value !== null) query[name] = JSON.stringify(value);
  }
  return query;
}

/**
 * A test's calls of declared endpoints with a token, for a server started later (`server` is read at
 * each call): `call` posts a body and answers untyped (bad input passes through), `get` reads a record
 * by id, `typed` is the typed caller.
 */
export function endpointCalls(server: () => TestServer) {
  return {
    call: (token: string, endpoint: EndpointDef, body: unknown, lang?: Language) =>
      server().call('POST', endpointUrl(endpoint), { token, body, ...(lang ? { lang } : {}) }),
    get: (token: string, endpoint: EndpointDef, id: number) =>
      server().call('GET', endpointUrl(endpoint), { token, query: { id: String(id) } }),
    typed: <E extends EndpointDef>(token: string, endpoint: E, input: InputOf<E>, lang?: Language) =>
      server().request(endpoint, input, { token, ...(lang ? { lang } : {}) }),
  };
}
