/**
 * `npm run bench:memory -w bench`: resident memory of a server at idle, as it runs in production
 * (the built `apps/server/dist/main.js`: run `npm run build` first), beside the budgets
 * (docs/scaling.md, "Memory"):
 * - the embedded set-up (`npm start`: PGlite, the embedded broker, the demo data and its simulated
 *   fleet reporting), 1 GB;
 * - a server on PostgreSQL (DATABASE_URL; skipped without it), 250 MB, with the embedded broker
 *   and without the simulated fleet, started with the node flags of the deploy recipe, as a
 *   production server runs (BENCH_EMBEDDED=0: this one only).
 * Each server is started on a fresh database, signed in to and asked for a few lists, then left
 * idle for BENCH_IDLE_SECONDS (default 30) while its resident set is read every second
 * (/proc/<pid>/status). Prints figures; asserts nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AUTH_BASE, DEMO_PASSWORD, OMS_BASE, TOKEN_HEADER } from '@swap/contracts';
import { repoRoot, startBenchServer } from './server.js';

const main = path.join(repoRoot, 'apps/server/dist/main.js');
const idleSeconds = Number(process.env.BENCH_IDLE_SECONDS ?? 30);
const MB = 1024 * 1024;

/**
 * The node flags of the deploy recipe's ExecStart (docs/deploying.md), read from the document so the
 * bench measures what the recipe runs; BENCH_NODE_FLAGS instead (empty: none) to compare.
 */
function recipeFlags(): string[] {
  const doc = fs.readFileSync(path.join(repoRoot, 'docs/deploying.md'), 'utf8');
  const execStart = /^ExecStart=\S+ (.*) apps\/server\/dist\/main\.js$/m.exec(doc);
  if (!execStart) throw new Error('docs/deploying.md has no ExecStart=… apps/server/dist/main.js line with node flags');
  return execStart[1]!.split(/\s+/);
}
const flagsGiven = process.env.BENCH_NODE_FLAGS;
const serverFlags = flagsGiven === undefined ? recipeFlags() : flagsGiven.split(/\s+/).filter(Boolean);

/** VmRSS and VmHWM (the peak) of a process, in bytes. */
function residentOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

interface Figure {
  setup: string;
  budget: number;
  started: number;
  idleEnd: number;
  idleMax: number;
  peak: number;
}

async function measure(setup: string, budget: number, env: Record<string, string>, nodeFlags: string[] = []): Promise<Figure> {
  const server = await startBenchServer({ command: process.execPath, args: [...nodeFlags, main], env, label: setup, timeoutSeconds: 180 });
  const { url, pid } = server;
  try {
    const started = residentOf(pid).rss;
    // As a user who opened the app: sign in and read a few lists.
    const login = (await (
      await fetch(`${url}${AUTH_BASE}/oms/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
      })
    ).json()) as { data?: { token?: string } };
    const token = login.data?.token ?? '';
    for (const list of ['battery', 'vehicle', 'cabinet', 'admin/merchant', 'admin/account']) {
      await fetch(`${url}${OMS_BASE}/${list}/search`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [TOKEN_HEADER]: token, Language: 'en' },
        body: JSON.stringify({ current: 1, size: 20 }),
      });
    }
    let idleEnd = 0;
    let idleMax = 0;
    for (let s = 0; s < idleSeconds; s++) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      idleEnd = residentOf(pid).rss;
      idleMax = Math.max(idleMax, idleEnd);
    }
    const { peak } = residentOf(pid);
    return { setup, budget, started, idleEnd, idleMax, peak };
  } finally {
    await server.stop();
  }
}

if (!fs.existsSync(main)) throw new Error('apps/server/dist/main.js is missing: run `npm run build` first');
const figures: Figure[] = [];
// BENCH_EMBEDDED=0: the PostgreSQL server only.
if (process.env.BENCH_EMBEDDED !== '0')
  figures.push(await measure('embedded set-up (PGlite, broker, demo fleet)', 1024 * MB, { DATABASE_URL: '', DEMO: '1' }));
const databaseUrl = process.env.DATABASE_URL;
if (databaseUrl) {
  figures.push(
    await measure(
      `server on PostgreSQL (no simulated fleet), node ${serverFlags.join(' ') || 'without flags'}`,
      250 * MB,
      { DATABASE_URL: databaseUrl, DEMO: '1', DEMO_FLEET_CABINETS: '0', DEMO_FLEET_VEHICLES: '0' },
      serverFlags,
    ),
  );
} else console.log('DATABASE_URL not set: the PostgreSQL server is not measured');

const mb = (bytes: number) => (bytes / MB).toFixed(0).padStart(9);
const width = Math.max(...figures.map((f) => f.setup.length));
console.log(
  `\nresident memory, MB (${idleSeconds} s idle; node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)})`,
);
console.log(
  `${'setup'.padEnd(width)}  ${'started'.padStart(9)}  ${'idle end'.padStart(9)}  ${'idle max'.padStart(9)}  ${'peak'.padStart(9)}  budget`,
);
for (const f of figures) {
  const verdict = f.idleMax <= f.budget ? 'within' : 'OVER';
  console.log(
    `${f.setup.padEnd(width)}  ${mb(f.started)}  ${mb(f.idleEnd)}  ${mb(f.idleMax)}  ${mb(f.peak)}  ${(f.budget / MB).toFixed(0)} (${verdict})`,
  );
}
