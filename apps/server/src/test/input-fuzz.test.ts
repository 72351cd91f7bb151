import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  sessionApi,
  batteryApi,
  cabinetApi,
  DEMO_PASSWORD,
  endpointUrl,
  fileApi,
  loginBody,
  menuApi,
  SESSION_ENDING_CODES,
  vehicleApi,
} from '@swap/contracts';
import { declaredRoutes } from '../app/route.js';
import { startTestServer } from './harness.js';
import { PNG, multipart } from './upload.js';
import { numbers, createDeviceTypes } from './factories.js';
import {
  branchesOf,
  hostileNumber,
  hostileString,
  hostileValue,
  illegalString,
  jsonSchemaOf,
  leavesOf,
  valuesOf,
  withValueAt,
  type JsonSchema,
  type Leaf,
} from './arbitrary.js';

/**
 * Every route, fed values generated from its own contract schema with hostile ones mixed in
 * (numbers past every column, NUL and unpaired surrogates, very long text, odd JSON types, deep
 * nesting, prototype keys), as a platform super administrator who may call all of them: no answer
 * is a 500, and a refused request leaves every table as it was. Runs are bounded and seeded (the
 * seed is printed with any failure; FUZZ_SEED replays another one).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_501);
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
/** Tables a refused request may write by design: the audit trail, sessions' idle clock, sign-in failures. */
const UNWATCHED = new Set(['audit_log', 'session', 'login_throttle']);
/** One field in this many is hostile. */
const HOSTILITY = 4;

const server = await startTestServer({ DEMO: '0', RATE_LIMIT_PER_MINUTE: '10000000' });
afterAll(() => server.close());

const login = async () => {
  const answer = await server.request(sessionApi.signIn, { username: 'admin', password: DEMO_PASSWORD });
  return { token: answer.data.token, id: answer.data.admin.id };
};
let caller = await login();
// A few devices of each kind, so generated ids reach real rows (a small database keeps each check cheap).
{
  const types = await createDeviceTypes(server, caller.token);
  for (const [kind, typeId] of [
    ['battery', types.battery],
    ['vehicle', types.vehicle1],
    ['cabinet', types.cabinet],
  ] as const) {
    for (const number of numbers(`FZ${kind[0]!.toUpperCase()}`, 3)) {
      const added = await server.request(
        { battery: batteryApi, vehicle: vehicleApi, cabinet: cabinetApi }[kind].add,
        { number, typeId },
        { token: caller.token },
      );
      expect(added.code).toBe(1);
    }
  }
}

// The live streams stay open on a valid id; they are fed only refused queries in their own test.
const routes = declaredRoutes(server.app).filter((route) => !route.url.endsWith('/live'));

/** The rows of a raw statement's answer (both drivers answer `rows`). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const tables = rowsOf<{ tablename: string }>(
  await server.db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`),
)
  .map((row) => row.tablename)
  .filter((name) => !UNWATCHED.has(name));

/** Every watched table's row count and a digest of its rows (order-free), in one statement. */
const STATE = sql.raw(
  `select string_agg(t || '=' || n || ':' || h, ' ' order by t) as state from (${tables
    .map((name) => `select '${name}' as t, count(*) as n, coalesce(sum(hashtext(x::text)::bigint), 0) as h from "${name}" x`)
    .join(' union all ')}) s`,
);
const snapshot = async () => rowsOf<{ state: string }>(await server.db.execute(STATE))[0]!.state;

/** Percent-encodes any text, unpaired surrogates included (as their three bytes, which are not UTF-8). */
function encode(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const pair = unit >= 0xd800 && unit <= 0xdbff && /[\udc00-\udfff]/.test(text[i + 1] ?? '');
    if (pair) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i++;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(text[i]!);
    }
  }
  return out;
}

const asText = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : (JSON.stringify(value) ?? '');

/**
 * Inputs of a schema: plausible ones (they reach the service and the database), plausible ones
 * with one field made hostile (the sharpest test of what reaches the database), ones hostile
 * anywhere, and hostile values in place of the whole input.
 */
function inputsOf(shape: JsonSchema): fc.Arbitrary<unknown> {
  const plausible = valuesOf(shape);
  const leaves = branchesOf(shape).flatMap((branch) => leavesOf(branch));
  const badFor = (leaf: Leaf) =>
    fc.oneof({ arbitrary: leaf.kind === 'string' ? hostileString : hostileNumber, weight: 3 }, { arbitrary: hostileValue, weight: 1 });
  const oneBad =
    leaves.length > 0
      ? fc
          .tuple(
            plausible,
            fc.constantFrom(...leaves).chain((leaf) => fc.tuple(fc.constant(leaf), badFor(leaf))),
          )
          .map(([value, [leaf, bad]]) => withValueAt(value, leaf.path, bad))
      : plausible;
  return fc.oneof(
    { arbitrary: plausible, weight: 2 },
    { arbitrary: oneBad, weight: 5 },
    { arbitrary: valuesOf(shape, HOSTILITY), weight: 2 },
    { arbitrary: hostileValue, weight: 1 },
  );
}

/** A query string: the schema's fields (or a stray one) as text, hostile or not. */
function queryOf(schema: unknown): fc.Arbitrary<string> {
  const values =
    schema instanceof z.ZodType
      ? inputsOf(jsonSchemaOf(schema))
      : fc.dictionary(fc.constantFrom('id', '__proto__', 'a\u0000', 'current'), hostileString, { maxKeys: 2 });
  return values.map((value) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? Object.entries(value)
          .map(([key, inner]) => `${encode(key)}=${encode(asText(inner))}`)
          .join('&')
      : `id=${encode(asText(value))}`,
  );
}

/** Whatever the body: one generated from the schema, or hostile through and through. */
function bodyOf(schema: unknown): fc.Arbitrary<unknown> {
  const shape: JsonSchema = schema instanceof z.ZodType ? jsonSchemaOf(schema) : { type: 'object', properties: {} };
  return inputsOf(shape);
}

/** The caller's own account stays out of reach, so no run signs the fuzzer out or demotes it. */
function sparingCaller(value: unknown): unknown {
  if (value === caller.id) return caller.id + 1_000;
  if (Array.isArray(value)) return value.map(sparingCaller);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, sparingCaller(inner)]));
  }
  return value;
}

interface Sent {
  status: number;
  code: number;
  text: string;
}

async function send(method: string, url: string, payload: unknown, headers: Record<string, string> = {}): Promise<Sent> {
  const raw = await server.app.inject({
    method: method as 'GET' | 'POST',
    url,
    headers: { 'auth-token': caller.token, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(method === 'POST' && payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
  });
  let code = -1;
  try {
    code = raw.json<{ code: number }>().code;
  } catch {
    // CSV and file answers are not envelopes.
  }
  return { status: raw.statusCode, code, text: raw.body.slice(0, 300) };
}

let state = await snapshot();

/**
 * Routes that only read (lists, details, exports, trees, options): only "never a 500" is checked
 * there. Any other route, one added later included, is also checked for writes on refusal.
 */
const READS = /\/(search|detail|export|options|levels|tree|grantable|summary|trajectory|trend|download)$/;

/** Sends one request and checks the two promises: never a 500, and a refusal writes nothing. */
async function check(label: string, request: () => Promise<Sent>, watch = true): Promise<void> {
  const answer = await request();
  expect(answer.status, `${label} → ${answer.text}`).toBeLessThan(500);
  if (watch) {
    const after = await snapshot();
    if (answer.status >= 400) expect(after, `${label} was refused (${answer.status}) but changed the database`).toBe(state);
    state = after;
  }
  if ((SESSION_ENDING_CODES as readonly number[]).includes(answer.code)) {
    caller = await login();
    state = await snapshot();
  }
}

const runOptions = { seed: SEED, numRuns: RUNS };

describe('input fuzzing through the API', () => {
  it('walks every declared route', () => {
    expect(routes.length).toBeGreaterThan(100);
  });

  for (const route of routes) {
    it(`${route.method} ${route.url}`, async () => {
      const input = route.method === 'GET' ? queryOf(route.querystring) : bodyOf(route.body);
      const watched = !READS.test(route.url);
      await fc.assert(
        fc.asyncProperty(input, async (value) =>
          route.method === 'GET'
            ? check(`GET ${route.url}?${value as string}`, () => send('GET', `${route.url}?${value as string}`, undefined), watched)
            : check(
                `POST ${route.url} ${JSON.stringify(value)?.slice(0, 200)}`,
                () => send('POST', route.url, sparingCaller(value)),
                watched,
              ),
        ),
        runOptions,
      );
    });
  }

  it('POST /api/auth/oms/login, signed out, from many addresses', async () => {
    let address = 0;
    await fc.assert(
      fc.asyncProperty(bodyOf(loginBody), async (body) =>
        check(`login ${JSON.stringify(body)?.slice(0, 200)}`, async () => {
          address++;
          const raw = await server.app.inject({
            method: 'POST',
            url: endpointUrl(sessionApi.signIn),
            remoteAddress: `10.77.${address >> 8}.${address & 255}`,
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify(body),
          });
          return { status: raw.statusCode, code: -1, text: raw.body.slice(0, 300) };
        }),
      ),
      { ...runOptions, numRuns: RUNS * 3 },
    );
  });

  it('the live streams, with refused ids', async () => {
    const live = declaredRoutes(server.app).filter((route) => route.url.endsWith('/live'));
    expect(live.length).toBeGreaterThan(0);
    for (const route of live) {
      for (const id of ['2147483648', '-1', '1.5', 'NaN', '%00', '%ED%A0%80', '9223372036854775808']) {
        await check(`GET ${route.url}?id=${id}`, () => send('GET', `${route.url}?id=${id}`, undefined));
      }
    }
  });

  it('headers the server reads: token, language, request time', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('auth-token', 'language', 'request-time', 'x-forwarded-for'), hostileString, async (name, value) =>
        check(`header ${name}: ${JSON.stringify(value).slice(0, 80)}`, () =>
          send('GET', endpointUrl(menuApi.levels), undefined, { [name]: value }).catch((error: unknown) => {
            // A header Node itself cannot carry never reaches any server.
            if (error instanceof TypeError) return { status: 400, code: -1, text: error.message };
            throw error;
          }),
        ),
      ),
      runOptions,
    );
  });

  it('multipart uploads: field names, file names and types', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(illegalString, hostileString), fc.constantFrom('file', 'field', 'type'), async (text, where) => {
        const upload =
          where === 'file'
            ? multipart(text, 'image/png', PNG)
            : where === 'type'
              ? multipart('a.png', text, PNG)
              : multipart('a.png', 'image/png', PNG, 'note');
        const [head = '', tail = ''] = upload.body.toString('latin1').split('name="note"');
        const body =
          where === 'field'
            ? Buffer.concat([Buffer.from(head, 'latin1'), Buffer.from(`name="${text}"`), Buffer.from(tail, 'latin1')])
            : upload.body;
        await check(`upload ${where} ${JSON.stringify(text).slice(0, 80)}`, async () => {
          const raw = await server.app.inject({
            method: 'POST',
            url: endpointUrl(fileApi.upload),
            headers: { 'auth-token': caller.token, ...upload.headers },
            payload: body,
          });
          return { status: raw.statusCode, code: -1, text: raw.body.slice(0, 300) };
        });
      }),
      runOptions,
    );
  });
});
