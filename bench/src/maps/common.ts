/**
 * What the map benches share (and the export and device benches use): the database (PostgreSQL when
 * DATABASE_URL is set, else the embedded database in memory), a caller's context, timing with
 * p50/p95, an export streamed as the route writes it, and the figure table.
 */
import os from 'node:os';
import { openDatabase, type Database, type Db } from '../../../apps/server/src/db/client.js';
import type { Ctx } from '../../../apps/server/src/app/context.js';

export interface Figure {
  name: string;
  calls: number;
  p50: number;
  p95: number;
  detail: string;
}

/** The p-th percentile of sorted times (NaN when there are none). */
export function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

/** Times `calls` runs after one untimed run and a short warm-up (plans and buffers; `warm: false`: none); answers the last run's detail. */
export async function measure(name: string, calls: number, run: () => Promise<string>, options: { warm?: boolean } = {}): Promise<Figure> {
  let detail = '';
  if (options.warm !== false) {
    detail = await run();
    for (let i = 0; i < Math.min(3, calls); i++) await run();
  }
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const start = process.hrtime.bigint();
    detail = await run();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { name, calls, p50: percentile(times, 50), p95: percentile(times, 95), detail };
}

/**
 * Reads an export's CSV pieces as the route writes them, none kept after it is written: answers the
 * bytes written and the largest heap growth meanwhile.
 */
export async function streamExport(pieces: AsyncIterable<string>): Promise<{ bytes: number; peakHeap: number }> {
  let bytes = 0;
  let peakHeap = 0;
  const baseHeap = process.memoryUsage().heapUsed;
  for await (const piece of pieces) {
    bytes += Buffer.byteLength(piece);
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed - baseHeap);
  }
  return { bytes, peakHeap };
}

/** An export figure's answer: its rows, megabytes and largest heap growth. */
export const exportDetail = (rows: number, { bytes, peakHeap }: { bytes: number; peakHeap: number }): string =>
  `${rows} rows, ${(bytes / 1e6).toFixed(1)} MB, heap +${(peakHeap / 1e6).toFixed(0)} MB at most`;

export function printFigures(figures: Figure[]): void {
  const width = Math.max(6, ...figures.map((f) => f.name.length));
  console.log(`\n${'figure'.padEnd(width)}  ${'calls'.padStart(5)}  ${'p50 ms'.padStart(8)}  ${'p95 ms'.padStart(8)}  answer`);
  for (const f of figures) {
    console.log(
      `${f.name.padEnd(width)}  ${String(f.calls).padStart(5)}  ${f.p50.toFixed(1).padStart(8)}  ${f.p95.toFixed(1).padStart(8)}  ${f.detail}`,
    );
  }
}

/** The database under test, migrated: DATABASE_URL's PostgreSQL, or the embedded one in memory. */
export async function benchDatabase(): Promise<{ database: Database; engine: string }> {
  const url = process.env.DATABASE_URL;
  const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
  await database.migrate();
  return { database, engine: `${url ? 'PostgreSQL' : 'PGlite in memory'}, node ${process.version}, ${os.cpus().length} cores` };
}

export function ctxOf(db: Db, merchantId: number | null): Ctx {
  return {
    db,
    principal: {
      id: 0,
      username: 'bench',
      name: 'bench',
      type: merchantId === null ? 'SUPER' : 'NORMAL',
      accountType: merchantId === null ? 'PLATFORM' : 'MERCHANT',
      merchantId,
    },
    codes: new Set(),
    grants: null,
    lang: 'en',
    ip: '127.0.0.1',
    requestTime: null,
    timeZone: 'Asia/Jakarta',
    sessionId: 0,
  };
}

export const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? [];

export { timed } from '../bulk-load.js';
