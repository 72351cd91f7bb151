/**
 * `npm run bench:ingest -w bench`: the device link's budgets (docs/scaling.md).
 * - Telemetry persisted per second: a load generator (its own process, one MQTT connection per
 *   device) publishes battery and vehicle telemetry at BENCH_RATE messages/s (default 12,000) for
 *   BENCH_SECONDS (default 10) through the embedded broker and, when Mosquitto is installed,
 *   through a throwaway Mosquitto. The rate persisted is counted in the history tables (rows, not
 *   messages sent); latency runs from publish to the link's change notice after the batch commits.
 * - Command round trip, as an operator sees it: the platform admin's POST
 *   /api/oms/cabinet/command/send (OPEN_DOOR) to a real HTTP listener of the app, which answers once
 *   the cabinet's final result is recorded. The cabinet is the simulator's, online with its retained
 *   state, answering ACCEPTED, its new state, then SUCCEEDED at once. Idle, and under a steady
 *   telemetry load of BENCH_LOADED_RATE messages/s (default 5,000, half the budget). Beside it the device protocol alone (publish through the device hub to the final result
 *   handled), which shows what the HTTP call adds.
 * BENCH_PUBLISHERS (default 2) splits the load generator into that many processes, each publishing
 *   for its share of the devices at its share of the rate.
 * BENCH_BROKERS=embedded or =mosquitto runs one of them only.
 * BENCH_RULES=50 runs each broker twice in the same run, without alarm rules and then with that many
 *   enabled device rules evaluated on the ingest path (docs/alarms.md), and prints the ratio of the
 *   rates persisted (the budget: at least 0.9), then once more without rules: a run adds to the
 *   history tables, so a later run may be slower by itself, and the ratio is also given against the
 *   mean of the runs before and after. Two of the rules trip on the bench's readings
 *   (a pack's charge at 5 % or less, a vehicle at 75 km/h or more), so alarms open and clear as the
 *   readings drift (each device's a slow wave of its own: load.ts); the others watch ranges the
 *   readings never reach.
 * Beside each rate, the CPU time spent per 1,000 reports persisted: the server's process (its
 *   thread, and PGlite's thread when embedded) and, on PostgreSQL, the database's backends serving
 *   the bench's database; steadier than the rates on a shared machine, where they follow the load.
 * The database is a fresh in-memory PGlite, or the PostgreSQL of DATABASE_URL (bench devices are
 * added beside whatever is there). Prints figures; asserts nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../../apps/server/src/db/client.js';
import { setDeviceSecret } from '../../../apps/server/src/modules/device-credential/index.js';
import { forgetRules } from '../../../apps/server/src/modules/alarm/alarm.evaluate.js';
import type { LoadPlan } from './load.js';
import { BENCH_ADMIN, openBenchDatabase, startBenchApp } from './bench-app.js';
import { benchTypeId, messagesSent, percentile, prepareLoadDevices, rowsOf, runLoad, startSteadyLoad } from './fleet.js';
import { startMosquitto, type Mosquitto } from './mosquitto.js';
import {
  commandCaller,
  listen,
  startBenchCabinet,
  summarize,
  timeCommandCalls,
  timeLinkRoundTrips,
  type RoundTrips,
  type Timed,
} from './round-trip.js';

const rate = Number(process.env.BENCH_RATE ?? 12_000);
/** The steady telemetry load the command round trips are timed under (a load the link absorbs). */
const loadedRate = Number(process.env.BENCH_LOADED_RATE ?? 5_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const deviceCount = Number(process.env.BENCH_DEVICES ?? 2000);
const roundTrips = Number(process.env.BENCH_ROUND_TRIPS ?? 200);
/** Load generator processes, each with its share of the devices and of the rate. */
const publishers = Number(process.env.BENCH_PUBLISHERS ?? 2);
/** Enabled device alarm rules for a second run of each broker (0: one run, no rules added). */
const ruleCount = Number(process.env.BENCH_RULES ?? 0);
/** Which brokers to run: `embedded`, `mosquitto` or both (comma-separated). */
const brokers = (process.env.BENCH_BROKERS ?? 'embedded,mosquitto').split(',').map((name) => name.trim());
const CABINET = 'CBENCH01';
/** The bench cabinet's slots: three hold bench batteries, one is empty. */
const CABINET_SLOTS = ['BBN000001', 'BBN000002', 'BBN000003', null];

/** The bench devices (BBN…, VBN…, fleet.ts) and the bench cabinet, added once; their MQTT secrets set. */
async function prepareDevices(db: Db): Promise<LoadPlan['devices']> {
  const devices = await prepareLoadDevices(db, deviceCount);
  const cabinet = await benchTypeId(db, 'cabinet');
  await db.execute(
    sql`insert into cabinet (number, type_id, compartment_count) values (${CABINET}, ${cabinet}, ${CABINET_SLOTS.length}) on conflict do nothing`,
  );
  await db.execute(sql`insert into cabinet_compartment (cabinet_id, idx)
    select c.id, g from cabinet c, generate_series(1, c.compartment_count) g where c.number = ${CABINET} on conflict do nothing`);
  await setDeviceSecret(db, { kind: 'cabinet', number: CABINET }, `bench-secret-${CABINET}`);
  return devices;
}

/**
 * `count` enabled device rules on every type: two that trip on the bench's readings (charge ≤ 5 %,
 * speed ≥ 75 km/h; the load's charge drifts over 0–100 and its speed over 0–80), the others on ranges never reached.
 */
async function addRules(db: Db, count: number): Promise<void> {
  const rules: [string, string, number | null, number | null][] = [
    ['battery', 'soc', null, 5],
    ['vehicle', 'speed', 75, null],
  ];
  const quiet: [string, string, number | null, number | null][] = [
    ['battery', 'temperature', 70, null],
    ['battery', 'voltage', null, 1],
    ['battery', 'current', 500, null],
    ['battery', 'cellVoltageSpread', 5, null],
    ['vehicle', 'soc', null, -1],
  ];
  for (let i = 0; rules.length < count; i++) {
    const [kind, parameter, from, to] = quiet[i % quiet.length]!;
    rules.push([kind, parameter, from === null ? null : from + i, to]);
  }
  for (const [i, [kind, parameter, from, to]] of rules.slice(0, count).entries()) {
    await db.execute(sql`insert into alarm_rule (kind, parameter, range_from, range_to, level, content, notifications)
      values (${kind}, ${parameter}, ${from}, ${to}, 'LOW', ${`Bench rule ${i + 1}`}, '["IN_APP"]'::jsonb)`);
  }
  forgetRules();
}

/** The label of the run without rules after the run with them. */
const AGAIN = ', again';

async function historyRows(db: Db): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(
    await db.execute(sql`select (select count(*) from battery_telemetry) + (select count(*) from vehicle_telemetry) as n`),
  );
  return Number(row?.n ?? 0);
}

interface RoundTripFigures {
  /** The operator's HTTP call. */
  command: RoundTrips;
  /** The device protocol alone. */
  link: RoundTrips;
}

interface IngestFigure {
  broker: string;
  sent: number;
  persisted: number;
  publishRate: number;
  persistedRate: number;
  p50: number;
  p99: number;
  max: number;
  /** Share of one core the load generator used while publishing, %. */
  generatorCpu: number;
  /** CPU ms per 1,000 reports persisted: the server's process, and PostgreSQL's backends (NaN on PGlite). */
  serverCpu: number;
  databaseCpu: number;
  /** The steady load's messages sent per second while the loaded round trips ran. */
  loadedRate: number;
  idle: RoundTripFigures;
  loaded: RoundTripFigures;
}

/** HTTP calls and protocol round trips by turns, `chunk` of each, so both see the same conditions. */
async function roundTripsByTurns(
  command: (n: number, enough: () => boolean) => Promise<Timed>,
  link: (n: number, enough: () => boolean) => Promise<Timed>,
  calls: number,
  enough: () => boolean = () => false,
): Promise<RoundTripFigures> {
  const all = { command: { times: [] as number[] } as Timed, link: { times: [] as number[] } as Timed };
  const chunk = 10;
  for (let done = 0; done < calls && !enough() && !all.command.stopped && !all.link.stopped; done += chunk) {
    for (const [name, run] of [
      ['command', command],
      ['link', link],
    ] as const) {
      if (all[name].stopped) continue;
      const part = await run(Math.min(chunk, calls - done), enough);
      all[name].times.push(...part.times);
      all[name].stopped = part.stopped;
    }
  }
  return { command: summarize(all.command), link: summarize(all.link) };
}

/** CPU ms of the backends serving the bench's database, by process id (PostgreSQL on this machine; empty on PGlite). */
async function backendCpu(database: Database): Promise<Map<number, number>> {
  const cpu = new Map<number, number>();
  if (database.kind !== 'postgres') return cpu;
  const rows = rowsOf<{ pid: number }>(
    await database.db.execute(sql`select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`),
  );
  const tick = 1000 / 100;
  for (const { pid } of rows) {
    try {
      // utime and stime, the 14th and 15th fields, after the command's parenthesis.
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      cpu.set(pid, (Number(fields[11]) + Number(fields[12])) * tick);
    } catch {
      // Ended meanwhile.
    }
  }
  return cpu;
}

/** One broker's figures: on `brokerUrl` (devices connect anonymously), else on the gateway's embedded broker. */
async function benchBroker(database: Database, label: string, devices: LoadPlan['devices'], brokerUrl?: string): Promise<IngestFigure> {
  const db = database.db;
  const bench = await startBenchApp(database, brokerUrl);
  const { hub, app, url } = bench;
  let cabinet: Awaited<ReturnType<typeof startBenchCabinet>> | undefined;
  try {
    cabinet = await startBenchCabinet(hub, url, CABINET, `bench-secret-${CABINET}`, CABINET_SLOTS);
    const [row] = rowsOf<{ id: number }>(await db.execute(sql`select id from cabinet where number = ${CABINET}`));
    const call = await commandCaller(await listen(app), BENCH_ADMIN.username, BENCH_ADMIN.password, row!.id);
    const command = (n: number, enough: () => boolean) => timeCommandCalls(call, n, enough);
    const link = (n: number, enough: () => boolean) => timeLinkRoundTrips(hub, CABINET, n, enough);
    // Warm-up: the first calls compile code paths and prepare statements.
    await roundTripsByTurns(command, link, 10);
    const idle = await roundTripsByTurns(command, link, roundTrips);
    const persistedAt = new Map<string, number[]>();
    hub.onChange(({ number, channel }) => {
      if (channel !== 'telemetry') return;
      let times = persistedAt.get(number);
      if (!times) persistedAt.set(number, (times = []));
      times.push(Date.now());
    });
    const plan = { url, devices: brokerUrl ? devices.map((d) => ({ ...d, password: null })) : devices, seconds };
    const before = await historyRows(db);
    const cpuBefore = process.cpuUsage();
    const backendsBefore = await backendCpu(database);
    const load = runLoad({ ...plan, rate }, publishers);
    const report = await load;
    const sent = messagesSent(report);
    const publishStart = Math.min(...Object.values(report.published).map((t) => t[0] ?? Infinity));
    // Wait until every message is a history row, or until the count stops moving.
    let persisted = 0;
    let doneAt = Date.now();
    for (let still = 0; still < 50;) {
      const count = (await historyRows(db)) - before;
      if (count !== persisted) {
        persisted = count;
        doneAt = Date.now();
        still = 0;
      } else still++;
      if (persisted >= sent) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const cpu = process.cpuUsage(cpuBefore);
    let backends = 0;
    for (const [pid, ms] of await backendCpu(database)) backends += ms - (backendsBefore.get(pid) ?? 0);
    // Each device's message is persisted at the first change notice for the device after its publish
    // (exact while a device reports less often than the latency: here every deviceCount / rate s).
    const latencies: number[] = [];
    for (const [number, times] of Object.entries(report.published)) {
      const notices = persistedAt.get(number) ?? [];
      let j = 0;
      for (const publishedAt of times) {
        while (j < notices.length && notices[j]! < publishedAt) j++;
        if (j < notices.length) latencies.push(notices[j]! - publishedAt);
      }
    }
    latencies.sort((a, b) => a - b);
    // Round trips while a steady load flows (started once the devices are publishing, stopped when they stop).
    const steady = await startSteadyLoad({ ...plan, rate: loadedRate }, publishers);
    const loaded = await roundTripsByTurns(command, link, Math.min(roundTrips, 100), () => !steady.running());
    const steadyReport = await steady.done;
    const steadySent = messagesSent(steadyReport);
    return {
      broker: label,
      sent,
      persisted,
      publishRate: sent / (report.publishMs / 1000),
      persistedRate: persisted / ((doneAt - publishStart) / 1000),
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: latencies[latencies.length - 1] ?? Number.NaN,
      generatorCpu: (report.publishCpuMs / report.publishMs) * 100,
      serverCpu: (cpu.user + cpu.system) / persisted,
      databaseCpu: database.kind === 'postgres' ? backends / (persisted / 1000) : Number.NaN,
      loadedRate: steadySent / (steadyReport.publishMs / 1000),
      idle,
      loaded,
    };
  } finally {
    await cabinet?.close();
    await bench.close();
  }
}

async function main(): Promise<void> {
  const database = await openBenchDatabase({ pgliteInServerThread: process.env.PGLITE_IN_SERVER_THREAD === '1' });
  console.log(
    `ingest bench: ${deviceCount} devices, ${rate} messages/s for ${seconds} s from ${publishers} publishers, ${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'PGlite in memory'}; ` +
      `node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
  const figures: IngestFigure[] = [];
  let mosquitto: Mosquitto | undefined;
  let alarmCounts = '';
  try {
    const devices = await prepareDevices(database.db);
    const ruled = ruleCount > 0 ? ` with ${ruleCount} rules` : '';
    if (ruleCount > 0) await database.db.execute(sql`delete from alarm_rule where content like 'Bench rule %'`);
    if (brokers.includes('mosquitto')) mosquitto = await startMosquitto();
    if (brokers.includes('mosquitto') && !mosquitto) console.log('  Mosquitto not installed (scripts/ensure-mosquitto.sh): skipped');
    const runs = async (suffix: string) => {
      if (brokers.includes('embedded')) figures.push(await benchBroker(database, `embedded broker${suffix}`, devices));
      if (mosquitto) figures.push(await benchBroker(database, `Mosquitto${suffix}`, devices, mosquitto.url));
    };
    await runs('');
    if (ruleCount > 0) {
      await addRules(database.db, ruleCount);
      await runs(ruled);
      const [alarms] = rowsOf<{ opened: number | string; open: number | string }>(
        await database.db.execute(
          sql`select count(*) filter (where state <> 'PENDING') as opened, count(*) filter (where state in ('OPEN', 'ACKNOWLEDGED')) as open from alarm`,
        ),
      );
      alarmCounts = `${Number(alarms?.opened ?? 0)} alarms opened, ${Number(alarms?.open ?? 0)} open at the end of that run`;
      // Without rules again: each run adds to the history tables, so a later run may be slower by
      // itself; the ratio is also given against the mean of the runs before and after it.
      await database.db.execute(sql`delete from alarm_rule where content like 'Bench rule %'`);
      forgetRules();
      await runs(AGAIN);
    }
  } finally {
    await mosquitto?.stop();
    await database.close();
  }
  const f = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
  console.log(
    `\n${'telemetry'.padEnd(30)}  sent   persisted  published/s  persisted/s  p50 ms  p99 ms  max ms  generator CPU  CPU ms/1000: server  database`,
  );
  for (const x of figures)
    console.log(
      `${x.broker.padEnd(30)}${String(x.sent).padStart(6)}  ${String(x.persisted).padStart(10)}  ${f(x.publishRate, 0).padStart(11)}  ${f(x.persistedRate, 0).padStart(11)}  ${f(x.p50).padStart(6)}  ${f(x.p99).padStart(6)}  ${f(x.max).padStart(6)}  ${f(x.generatorCpu, 0).padStart(12)}%  ${f(x.serverCpu, 0).padStart(19)}  ${f(x.databaseCpu, 0).padStart(8)}`,
    );
  if (ruleCount > 0) {
    console.log(`\nwith ${ruleCount} rules: ${alarmCounts}`);
    for (const label of ['embedded broker', 'Mosquitto']) {
      const without = figures.find((x) => x.broker === label);
      const after = figures.find((x) => x.broker === `${label}${AGAIN}`);
      const withRules = figures.find((x) => x.broker === `${label} with ${ruleCount} rules`);
      if (without && after && withRules)
        console.log(
          `${label}: persisted/s with ${ruleCount} rules ÷ without = ${f(withRules.persistedRate / without.persistedRate, 2)} (the run before), ` +
            `${f((2 * withRules.persistedRate) / (without.persistedRate + after.persistedRate), 2)} (the mean of the runs before and after; budget ≥ 0.9)`,
        );
    }
  }
  console.log('\ncommand round trip                         calls  p50 ms  p99 ms  max ms');
  for (const x of figures)
    for (const [when, r] of [
      ['idle', x.idle],
      [`under ${f(x.loadedRate, 0)}/s`, x.loaded],
    ] as const)
      for (const [what, t] of [
        ['HTTP call', r.command],
        ['protocol', r.link],
      ] as const)
        console.log(
          `${`${x.broker}, ${when}, ${what}`.padEnd(43)}${String(t.calls).padStart(5)}  ${f(t.p50).padStart(6)}  ${f(t.p99).padStart(6)}  ${f(t.max).padStart(6)}${t.stopped ? `  then ${t.stopped}` : ''}`,
        );
}

await main();
