/**
 * `npm run bench`: latency figures (p50/p95) of sign-in and list calls against a server started
 * here on a fresh PGlite with demo data (BENCH_DATABASE_URL: on that PostgreSQL instead; or BENCH_URL,
 * a server you started). Prints figures; asserts nothing. BENCH_ITERATIONS sets the number of timed
 * calls per figure (default 200).
 * Then throughput: BENCH_CONCURRENCY callers (default 50) each call the battery, cabinet and vehicle
 * lists' first pages in turn, a new call as soon as the last answers, for BENCH_THROUGHPUT_SECONDS
 * (default 10): answers per second and their latency (docs/scaling.md, "The embedded database in its
 * own thread"). PGLITE_IN_SERVER_THREAD=1 starts the server with the embedded database in its own
 * thread, as before.
 */
import os from 'node:os';
import path from 'node:path';
import { AUTH_BASE, DEMO_PASSWORD, OMS_BASE, TOKEN_HEADER } from '@swap/contracts';
import { repoRoot, startBenchServer, type BenchServer } from './server.js';

const iterations = Number(process.env.BENCH_ITERATIONS ?? 200);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 50);
const throughputSeconds = Number(process.env.BENCH_THROUGHPUT_SECONDS ?? 10);

interface Envelope {
  code: number;
  message: string;
  data: unknown;
}

/** A fresh server on demo data, run from the sources through tsx so the figures are always of the current code (no build needed). */
function startServer(): Promise<BenchServer> {
  return startBenchServer({
    command: path.join(repoRoot, 'node_modules/.bin/tsx'),
    args: [path.join(repoRoot, 'apps/server/src/main.ts')],
    env: { DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '', DEMO: '1', RATE_LIMIT_PER_MINUTE: '1000000' },
    label: 'bench:http',
    timeoutSeconds: 120,
  });
}

async function call(url: string, method: 'GET' | 'POST', body?: unknown, token?: string): Promise<Envelope> {
  const headers: Record<string, string> = { Language: 'en' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers[TOKEN_HEADER] = token;
  const answer = await fetch(url, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  return (await answer.json()) as Envelope;
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

interface Figure {
  name: string;
  calls: number;
  p50: number;
  p95: number;
  max: number;
}

async function measure(name: string, calls: number, run: () => Promise<Envelope>): Promise<Figure | undefined> {
  const first = await run();
  if (first.code !== 1) {
    console.log(`  skipped ${name}: code ${first.code} ${first.message}`);
    return undefined;
  }
  for (let i = 0; i < Math.min(10, calls); i++) await run(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const start = process.hrtime.bigint();
    const answer = await run();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
    if (answer.code !== 1) throw new Error(`${name}: code ${answer.code} ${answer.message}`);
  }
  times.sort((a, b) => a - b);
  return { name, calls, p50: percentile(times, 50), p95: percentile(times, 95), max: times[times.length - 1] ?? Number.NaN };
}

/** POST .../search paths from the server's OpenAPI document. */
async function listPaths(base: string): Promise<string[]> {
  const answer = await fetch(`${base}/api/docs/json`);
  if (!answer.ok) return [`${OMS_BASE}/admin/resource/search`];
  const document = (await answer.json()) as { paths?: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths ?? {})
    .filter(([listPath, methods]) => listPath.startsWith(OMS_BASE) && listPath.endsWith('/search') && 'post' in methods)
    .map(([listPath]) => listPath)
    .sort();
}

async function main(): Promise<void> {
  const external = process.env.BENCH_URL?.replace(/\/$/, '');
  const server = external ? { url: external, stop: async () => {} } : await startServer();
  const base = server.url;
  console.log(
    `bench against ${base} (${external ? 'external server' : process.env.BENCH_DATABASE_URL ? 'PostgreSQL, demo data' : `fresh PGlite${process.env.PGLITE_IN_SERVER_THREAD === '1' ? ' in the server thread' : ''}, demo data`}), ` +
      `node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
  try {
    const login = () => call(`${base}${AUTH_BASE}/oms/login`, 'POST', { username: 'admin', password: DEMO_PASSWORD });
    const signedIn = await login();
    if (signedIn.code !== 1) throw new Error(`sign-in failed: ${signedIn.message}`);
    const token = (signedIn.data as { token: string }).token;

    // BENCH_ITERATIONS=0: the throughput only.
    if (iterations > 0) {
      const figures: (Figure | undefined)[] = [];
      // Sign-in hashes the password on purpose (scrypt): fewer calls.
      figures.push(await measure('sign-in (POST /api/auth/oms/login)', Math.max(10, Math.round(iterations / 10)), login));
      figures.push(
        await measure('menu tree (GET /api/oms/admin/menu/levels)', iterations, () =>
          call(`${base}${OMS_BASE}/admin/menu/levels`, 'GET', undefined, token),
        ),
      );
      // Every list call the server declares (OpenAPI), on the first page with no filter.
      for (const listPath of await listPaths(base)) {
        figures.push(
          await measure(`list page (POST ${listPath})`, iterations, () =>
            call(`${base}${listPath}`, 'POST', { current: 1, size: 20 }, token),
          ),
        );
      }

      const rows = figures.filter((figure): figure is Figure => figure !== undefined);
      const width = Math.max(...rows.map((row) => row.name.length));
      console.log(
        `\n${'figure'.padEnd(width)}  ${'calls'.padStart(5)}  ${'p50 ms'.padStart(8)}  ${'p95 ms'.padStart(8)}  ${'max ms'.padStart(8)}`,
      );
      for (const row of rows) {
        console.log(
          `${row.name.padEnd(width)}  ${String(row.calls).padStart(5)}  ${row.p50.toFixed(2).padStart(8)}  ${row.p95.toFixed(2).padStart(8)}  ${row.max.toFixed(2).padStart(8)}`,
        );
      }
    }
    await throughput(base, token);
  } finally {
    await server.stop();
  }
}

/** Concurrent callers on the first pages of three lists: answers per second and latency. */
async function throughput(base: string, token: string): Promise<void> {
  const paths = ['battery', 'cabinet', 'vehicle'].map((kind) => `${base}${OMS_BASE}/${kind}/search`);
  const times: number[] = [];
  let failed = 0;
  const end = Date.now() + throughputSeconds * 1000;
  const caller = async (offset: number) => {
    for (let i = offset; Date.now() < end; i++) {
      const start = process.hrtime.bigint();
      const answer = await call(paths[i % paths.length]!, 'POST', { current: 1, size: 20 }, token);
      times.push(Number(process.hrtime.bigint() - start) / 1e6);
      if (answer.code !== 1) failed++;
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: concurrency }, (_, i) => caller(i)));
  const elapsed = (Date.now() - started) / 1000;
  times.sort((a, b) => a - b);
  console.log(
    `\n${concurrency} concurrent list calls (battery, cabinet, vehicle first pages) for ${elapsed.toFixed(1)} s: ` +
      `${(times.length / elapsed).toFixed(0)} answers/s, p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms` +
      `${failed ? `, ${failed} failed` : ''}, load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
}

await main();
