import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ALL_ENDPOINTS, sessionApi, endpoint, endpointUrl, merchantApi } from '@swap/contracts';
import { startTestServer, type TestServer } from '../test/harness.js';
import { createMerchant, platformAdmin } from '../test/factories.js';
import type { Ctx } from './context.js';
import { registerErrorHandling } from './error-handler.js';
import { assertEndpointsServed, registerAccessControl, serve, servePublic } from './route.js';

const account = z.object({ id: z.number(), username: z.string() });
const probe = {
  detail: endpoint({ method: 'GET', path: '/probe/detail', access: { code: '' }, answer: account }),
  wrong: endpoint({ method: 'GET', path: '/probe/wrong', access: { code: '' }, answer: account }),
};

/** A bare app with the product's compilers and error handling, where every caller is signed in. */
async function probeApp(register: (app: FastifyInstance) => void): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.addHook('onRequest', (req, _reply, done) => {
    req.ctx = { lang: 'en' } as Ctx;
    done();
  });
  register(app);
  await app.ready();
  return app;
}

describe('declared endpoints', () => {
  it('never lets a field the declaration does not name leave the server', async () => {
    const app = await probeApp((a) => {
      // The handler returns more than it declares, as a careless query selecting a whole row would.
      serve(a, probe.detail, () =>
        Promise.resolve({ id: 7, username: 'ops', passwordHash: 'scrypt$secret' } as { id: number; username: string }),
      );
    });
    const answer = await app.inject({ method: 'GET', url: endpointUrl(probe.detail) });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ code: 1, message: 'Success', data: { id: 7, username: 'ops' } });
    expect(answer.body).not.toContain('secret');
    await app.close();
  });

  it('fails an answer that does not match its declaration instead of sending it', async () => {
    const app = await probeApp((a) => {
      serve(a, probe.wrong, () => Promise.resolve({ id: 'seven', username: 'ops' } as unknown as { id: number; username: string }));
    });
    const answer = await app.inject({ method: 'GET', url: endpointUrl(probe.wrong) });
    expect(answer.statusCode).toBe(500);
    expect(answer.body).not.toContain('seven');
    await app.close();
  });

  it('refuses to start with a declared endpoint that has no handler, or a handler for an undeclared one', async () => {
    const app = await probeApp((a) => serve(a, probe.detail, () => Promise.resolve({ id: 1, username: 'x' })));
    expect(() => assertEndpointsServed(app, [probe.detail, probe.wrong])).toThrow(/without a handler: GET \/api\/oms\/probe\/wrong/);
    expect(() => assertEndpointsServed(app, [])).toThrow(/undeclared endpoints: GET \/api\/oms\/probe\/detail/);
    expect(() => serve(app, probe.detail, () => Promise.resolve({ id: 1, username: 'x' }))).toThrow(/served twice/);
    await app.close();
  });

  it('refuses a back-office route that serves no declared endpoint', async () => {
    const app = Fastify({ logger: false });
    registerAccessControl(app, {
      db: undefined as never,
      authenticate: () => Promise.reject(new Error('no sign-in here')),
      grantsOf: () => Promise.reject(new Error('no grants here')),
    });
    expect(() =>
      app.route({
        method: 'GET',
        url: endpointUrl({ path: '/probe/undeclared' }),
        config: { access: { code: '' } },
        handler: () => Promise.resolve(null),
      }),
    ).toThrow(/serves no declared endpoint/);
    expect(() => app.get(endpointUrl({ base: 'auth', path: '/probe' }), () => Promise.resolve(null))).toThrow(
      /serves no declared endpoint/,
    );
    await app.close();
  });

  it('serves a public endpoint only through servePublic, and one that needs a session only through serve', async () => {
    const app = Fastify({ logger: false });
    expect(() => serve(app, sessionApi.config as never, () => Promise.resolve(null as never))).toThrow(/servePublic/);
    expect(() => servePublic(app, sessionApi.signOut as never, () => Promise.resolve(null as never))).toThrow(/serve\(\)/);
    await app.close();
  });

  describe('on the product', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ DEMO: '0' });
    });
    afterAll(() => server.close());

    it('serves every declared endpoint, with its answer schema in the OpenAPI document', async () => {
      const document = (await server.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
        paths: Record<string, Record<string, { responses?: Record<string, { content?: unknown }> }>>;
      }>();
      for (const declared of ALL_ENDPOINTS) {
        const operation = document.paths[endpointUrl(declared)]?.[declared.method.toLowerCase()];
        expect(operation, declared.path).toBeDefined();
        if (typeof declared.answer !== 'string') expect(operation?.responses?.['200']?.content, declared.path).toBeDefined();
      }
      const platform = (await platformAdmin(server)).token;
      const merchant = await createMerchant(server, platform);
      await createMerchant(server, platform);
      const own = await server.request(merchantApi.search, {}, { token: merchant.admin.token });
      expect(own.data.records.map((record) => record.name)).toEqual([merchant.name]);
    });
  });
});
