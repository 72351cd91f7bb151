import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import { INT32_MAX, sessionApi, endpointUrl } from '@swap/contracts';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { TOPIC_HANDLERS } from '../device-link/handlers.js';
import { registerModules } from '../modules/index.js';
import { JobHandlers } from '../modules/job/index.js';
import type { Db } from '../db/client.js';
import { loadConfig } from '../app/config.js';
import { HOSTILE_NUMBERS, branchesOf, illegalString, jsonSchemaOf, leavesOf, valuesOf, withValueAt, type Leaf } from './arbitrary.js';

/**
 * Every schema the server takes input with (each route's body and query, sign-in, every device
 * uplink) refuses, in each of its fields, text the database cannot store and numbers its columns
 * cannot hold, and names that field in the refusal. Routes and channels added later are covered
 * without touching this file. FUZZ_SEED replays another run; a failure prints its seed.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_501);

const SIGN_IN = `${sessionApi.signIn.method} ${endpointUrl(sessionApi.signIn)} body`;
const inputs = new Map<z.ZodType, string>([[sessionApi.signIn.body, SIGN_IN]]);
{
  // The modules' routes as they register, on a bare app: no database needed to read their schemas.
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRoute', (route) => {
    for (const [part, schema] of [
      ['body', route.schema?.body],
      ['query', route.schema?.querystring],
    ] as const) {
      if (schema instanceof z.ZodType && !inputs.has(schema)) inputs.set(schema, `${[route.method].flat().join(',')} ${route.url} ${part}`);
    }
  });
  const config = loadConfig({});
  // No database is opened: registering routes reads none.
  registerModules(app, {
    commandTimeoutSeconds: 10,
    webhooks: config.webhooks,
    jobs: new JobHandlers(),
    payments: config.payments,
    db: undefined as unknown as Db,
    firmware: config.firmware,
    throttle: { maxFailures: config.loginMaxFailures, windowMinutes: config.loginWindowMinutes },
    mail: config.mail,
  });
  await app.ready();
  await app.close();
}
for (const [channel, handler] of Object.entries(TOPIC_HANDLERS)) if (handler) inputs.set(handler.schema, `device ${channel}`);

/** Values a number leaf must refuse: past its bounds, past any integer column, or not whole. */
function outOfRange(leaf: Leaf): number[] {
  const low = leaf.schema.minimum ?? leaf.schema.exclusiveMinimum ?? -Infinity;
  const high = leaf.schema.maximum ?? leaf.schema.exclusiveMaximum ?? Infinity;
  return HOSTILE_NUMBERS.filter((v) => v < low || v > high || (leaf.kind === 'integer' && !Number.isInteger(v)));
}

const samePath = (a: PropertyKey[], b: PropertyKey[]) => a.length === b.length && a.every((part, i) => String(part) === String(b[i]));

describe('input schemas', () => {
  it('collects the routes, sign-in and device uplinks', () => {
    const where = [...inputs.values()];
    expect(where.length).toBeGreaterThan(60);
    expect(where).toEqual(expect.arrayContaining([SIGN_IN, 'device battery/telemetry', 'device cabinet/event']));
  });

  it('bound every number by its column', () => {
    const unbounded: string[] = [];
    for (const [schema, where] of inputs) {
      for (const leaf of branchesOf(jsonSchemaOf(schema)).flatMap((branch) => leavesOf(branch))) {
        if (leaf.kind === 'string' || leaf.schema.const !== undefined) continue;
        const low = leaf.schema.minimum ?? leaf.schema.exclusiveMinimum;
        const high = leaf.schema.maximum ?? leaf.schema.exclusiveMaximum;
        const ok = low !== undefined && high !== undefined && (leaf.kind === 'number' || (low >= -INT32_MAX - 1 && high <= INT32_MAX));
        if (!ok) unbounded.push(`${where}: ${leaf.path.join('.')} (${leaf.kind} ${low}..${high})`);
      }
    }
    expect(unbounded).toEqual([]);
  });

  for (const [schema, where] of inputs) {
    it(`${where}: every field refuses NUL, unpaired surrogates and out-of-range numbers`, () => {
      const bad = (leaf: Leaf) => (leaf.kind === 'string' ? illegalString : fc.constantFrom(...outOfRange(leaf)));
      const perBranch = branchesOf(jsonSchemaOf(schema)).flatMap((branch) => {
        const leaves = leavesOf(branch).filter((leaf) => leaf.kind === 'string' || outOfRange(leaf).length > 0);
        if (leaves.length === 0) return [];
        return [
          fc.tuple(
            valuesOf(branch),
            fc.constantFrom(...leaves).chain((leaf) => fc.tuple(fc.constant(leaf), bad(leaf))),
          ),
        ];
      });
      if (perBranch.length === 0) return;
      const cases = fc.oneof(...perBranch);
      fc.assert(
        fc.property(cases, ([sample, [leaf, bad]]) => {
          // From an input the schema accepts, only the one bad field differs.
          fc.pre(schema.safeParse(sample).success);
          const result = schema.safeParse(withValueAt(sample, leaf.path, bad));
          expect(result.success).toBe(false);
          expect(result.error?.issues.some((issue) => samePath(issue.path, leaf.path))).toBe(true);
        }),
        { seed: SEED, numRuns: 60, maxSkipsPerRun: 200 },
      );
    });
  }
});
