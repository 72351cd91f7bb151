/**
 * The telemetry load of the device benches (bench:ingest, bench:alarms): the bench's batteries and
 * vehicles, and the load generator (load.ts) run as several processes.
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../apps/server/src/db/client.js';
import { setDeviceSecret } from '../../../apps/server/src/modules/device-credential/index.js';
import type { LoadPlan, LoadProgress, LoadReport } from './load.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const BATTERY_SHARE = 0.8;

export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export { percentile } from '../maps/common.js';

/** The bench's device type of a kind (code BENCH), added once. */
export async function benchTypeId(db: Db, kind: string): Promise<number> {
  await db.execute(
    sql`insert into device_type (kind, code, name, description) values (${kind}, 'BENCH', 'Bench', 'Ingest bench') on conflict do nothing`,
  );
  return rowsOf<{ id: number }>(await db.execute(sql`select id from device_type where kind = ${kind} and lower(code) = 'bench'`))[0]!.id;
}

/** `count` bench devices (80 % batteries BBN…, the rest vehicles VBN…), added once; their MQTT secrets set. */
export async function prepareLoadDevices(db: Db, count: number): Promise<LoadPlan['devices']> {
  const batteries = Math.round(count * BATTERY_SHARE);
  const vehicles = count - batteries;
  const [battery, vehicle] = [await benchTypeId(db, 'battery'), await benchTypeId(db, 'vehicle')];
  await db.execute(sql`insert into battery (number, type_id) select 'BBN' || lpad(g::text, 6, '0'), ${battery}
    from generate_series(1, ${batteries}) g on conflict do nothing`);
  await db.execute(sql`insert into vehicle (number, type_id) select 'VBN' || lpad(g::text, 6, '0'), ${vehicle}
    from generate_series(1, ${vehicles}) g on conflict do nothing`);
  const devices: LoadPlan['devices'] = [
    ...Array.from({ length: batteries }, (_, i) => ({
      kind: 'battery' as const,
      number: `BBN${String(i + 1).padStart(6, '0')}`,
      password: '',
    })),
    ...Array.from({ length: vehicles }, (_, i) => ({
      kind: 'vehicle' as const,
      number: `VBN${String(i + 1).padStart(6, '0')}`,
      password: '',
    })),
  ];
  for (const device of devices) {
    device.password = `bench-secret-${device.number}`;
    await setDeviceSecret(db, { kind: device.kind, number: device.number }, device.password);
  }
  return devices;
}

/** One load generator process over its share of the devices; `onPublishing` once they are connected and publishing. */
function runPublisher(plan: LoadPlan, onPublishing: () => void): Promise<LoadReport> {
  const child = fork(path.join(here, 'load.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.on('message', (message: LoadReport | LoadProgress) => {
      if (message.type === 'publishing') onPublishing();
      else resolve(message);
    });
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load generator exited with code ${code}`));
    });
    child.send(plan);
  });
}

/**
 * Runs the load generator as `publishers` processes, each publishing for its own share of the
 * devices at its share of the rate (one process alone could not offer 5,000 messages/s on a loaded
 * machine); `onPublishing` once every one is connected and publishing. The report joins theirs:
 * the publishing time of the longest, the CPU time of all.
 */
export async function runLoad(plan: LoadPlan, publishers: number, onPublishing: () => void = () => undefined): Promise<LoadReport> {
  const count = Math.max(1, Math.min(publishers, plan.devices.length));
  let waiting = count;
  const reports = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      runPublisher(
        { ...plan, devices: plan.devices.filter((_, d) => d % count === i), rate: plan.rate / count },
        () => --waiting === 0 && onPublishing(),
      ),
    ),
  );
  return {
    type: 'done',
    published: Object.assign({}, ...reports.map((r) => r.published)) as LoadReport['published'],
    connectMs: Math.max(...reports.map((r) => r.connectMs)),
    publishMs: Math.max(...reports.map((r) => r.publishMs)),
    publishCpuMs: reports.reduce((sum, r) => sum + r.publishCpuMs, 0),
  };
}

/** Messages a load sent, over every device. */
export const messagesSent = (report: LoadReport): number => Object.values(report.published).reduce((sum, times) => sum + times.length, 0);

/**
 * Starts a steady load (runLoad) and answers once every publisher is publishing and a second more
 * has passed, the link settled into the load: `running()` says whether it still flows, `done` is its report.
 */
export async function startSteadyLoad(plan: LoadPlan, publishers: number): Promise<{ running: () => boolean; done: Promise<LoadReport> }> {
  let loading = true;
  let publishing!: () => void;
  const started = new Promise<void>((resolve) => (publishing = resolve));
  const done = runLoad(plan, publishers, publishing).finally(() => (loading = false));
  await Promise.race([started, done]);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return { running: () => loading, done };
}
