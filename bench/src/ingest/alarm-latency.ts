/**
 * `npm run bench:alarms -w bench`: how soon an operator hears of an alarm (docs/scaling.md, "Alarm
 * latency"; budget p99 ≤ 1 s). A probe battery publishes a report over the rule's threshold
 * (temperature 95 °C, a HIGH rule told in the header) to the broker; the time runs until the
 * alarm's `alarm` event arrives on the header's live stream (`GET /api/oms/alarm/live`) of a
 * platform administrator signed in on a real HTTP listener of the app. The probe then cools down
 * and its alarm clears before it is used again (BENCH_PROBES probes in turn, with a random pause
 * of up to 100 ms between samples so they fall anywhere in the link's batching).
 * BENCH_SAMPLES (default 100) samples idle, then as many under a steady telemetry load of
 * BENCH_LOADED_RATE messages/s (default 2,000) from BENCH_DEVICES (default 500) devices, published
 * by BENCH_PUBLISHERS load generator processes, for at most BENCH_SECONDS (default 60).
 * Then BENCH_SAMPLES idle again with BENCH_HEADERS (default 200) more headers open (each its own
 * stream, as many operators' screens), timing also the last of them to hear each alarm: every
 * announcement costs each open header its reads. They are the same administrator's, or with
 * BENCH_ALARM_MERCHANTS=M (default 0) the administrators' of M merchants in turn (BAM… probes, one
 * a merchant): each sample then raises one alarm of every merchant at once, so announcements of M
 * tenants arrive together and each merchant's headers read for their own (the reads are shared
 * within one tenant only, docs/alarms.md "Live"); the first stream, platform staff's, hears all M.
 * BENCH_BROKERS=embedded or =mosquitto runs one broker only. The database is a fresh in-memory
 * PGlite, or the PostgreSQL of DATABASE_URL. Prints figures beside the budget; asserts nothing.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { AUTH_BASE, DEMO_PASSWORD, alarmApi, batteryTelemetryTopic, endpointUrl } from '@swap/contracts';
import type { Database, Db } from '../../../apps/server/src/db/client.js';
import { setDeviceSecret } from '../../../apps/server/src/modules/device-credential/index.js';
import { forgetRules } from '../../../apps/server/src/modules/alarm/alarm.evaluate.js';
import { ALARM_CHANNEL } from '../../../apps/server/src/modules/alarm/index.js';
import { openEventStream } from '../../../apps/server/src/test/event-stream.js';
import { createAccountWithMenus } from '../../../apps/server/src/test/factories.js';
import { BENCH_ADMIN, openBenchDatabase, startBenchApp } from './bench-app.js';
import { benchTypeId, messagesSent, percentile, prepareLoadDevices, rowsOf, startSteadyLoad } from './fleet.js';
import { listen } from './round-trip.js';
import { startMosquitto, type Mosquitto } from './mosquitto.js';
import type { LoadPlan } from './load.js';
import { batteryReport } from './reports.js';

const samples = Number(process.env.BENCH_SAMPLES ?? 100);
const loadedRate = Number(process.env.BENCH_LOADED_RATE ?? 2000);
const deviceCount = Number(process.env.BENCH_DEVICES ?? 500);
const seconds = Number(process.env.BENCH_SECONDS ?? 60);
const publishers = Number(process.env.BENCH_PUBLISHERS ?? 2);
const probeCount = Number(process.env.BENCH_PROBES ?? 8);
const headerCount = Number(process.env.BENCH_HEADERS ?? 200);
const merchantCount = Number(process.env.BENCH_ALARM_MERCHANTS ?? 0);
const brokers = (process.env.BENCH_BROKERS ?? 'embedded,mosquitto').split(',').map((name) => name.trim());
const BUDGET_P99_MS = 1000;
const HOT = 95;
const COOL = 30;
const RULE_CONTENT = 'Bench overheating';

interface Probe {
  number: string;
  password: string;
}

/** A merchant of the headers series: its administrator (signed in with DEMO_PASSWORD) and its probe battery. */
interface BenchMerchant {
  username: string;
  probe: Probe;
}

interface Figure {
  label: string;
  times: number[];
  /** Of each sample, the time until the link announced the alarm on the device hub (the rest is the stream's). */
  announced: number[];
  /** With more headers open: of each sample, the time until the last of them heard the alarm. */
  lastHeader?: number[];
  /** Samples whose alarm never reached the stream within 10 s. */
  lost: number;
  /** The steady load's messages per second, when there was one. */
  loadRate?: number;
  loadAverage: string;
}

/** The probe batteries (BAL…) and the rule they trip: HIGH from 90 °C at once, cleared below 85, told in the header. */
async function prepare(db: Db): Promise<Probe[]> {
  const type = await benchTypeId(db, 'battery');
  const probes = Array.from({ length: probeCount }, (_, i) => ({ number: `BAL${String(i + 1).padStart(6, '0')}`, password: '' }));
  for (const probe of probes) {
    await db.execute(sql`insert into battery (number, type_id) values (${probe.number}, ${type}) on conflict do nothing`);
    probe.password = `bench-secret-${probe.number}`;
    await setDeviceSecret(db, { kind: 'battery', number: probe.number }, probe.password);
  }
  await db.execute(sql`delete from alarm_rule where content = ${RULE_CONTENT}`);
  await db.execute(sql`insert into alarm_rule (kind, parameter, range_from, range_to, clear_margin, level, content, notifications)
    values ('battery', 'temperature', 90, null, 5, 'HIGH', ${RULE_CONTENT}, '["IN_APP","HEADER"]'::jsonb)`);
  forgetRules();
  return probes;
}

const report = (temperature: number) => batteryReport(Date.now(), { soc: 60, lat: -6.2, temperature });

/**
 * BENCH_ALARM_MERCHANTS merchants (Alarm Bench Merchant n), each with an administrator reading alarms
 * and one probe battery (BAM…) of its own; added once (a PostgreSQL database keeps them).
 */
async function prepareMerchants(db: Db): Promise<BenchMerchant[]> {
  const type = await benchTypeId(db, 'battery');
  const merchants: BenchMerchant[] = [];
  for (let m = 1; m <= merchantCount; m++) {
    const name = `Alarm Bench Merchant ${m}`;
    await db.execute(sql`insert into merchant (name, type, person_in_charge, contact, office_address)
      values (${name}, 'AGENT', 'Bench', '+62 800 000 1', 'Jakarta') on conflict (name) do nothing`);
    const [merchant] = rowsOf<{ id: number }>(await db.execute(sql`select id from merchant where name = ${name}`));
    const username = `alarmbench${m}`;
    const [account] = rowsOf<{ id: number }>(await db.execute(sql`select id from account where username = ${username}`));
    if (!account) await createAccountWithMenus(db, { username, merchantId: merchant!.id, menuCodes: ['alarm.records'] });
    const probe = { number: `BAM${String(m).padStart(6, '0')}`, password: `bench-secret-BAM${String(m).padStart(6, '0')}` };
    await db.execute(sql`insert into battery (number, type_id, merchant_id) values (${probe.number}, ${type}, ${merchant!.id})
      on conflict do nothing`);
    await setDeviceSecret(db, { kind: 'battery', number: probe.number }, probe.password);
    merchants.push({ username, probe });
  }
  return merchants;
}

async function signIn(base: string, account: { username: string; password: string } = BENCH_ADMIN): Promise<string> {
  const answer = await fetch(`${base}${AUTH_BASE}/oms/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', language: 'en' },
    body: JSON.stringify(account),
  });
  const body = (await answer.json()) as { code: number; message: string; data: { token?: string } | null };
  if (body.code !== 1 || !body.data?.token) throw new Error(`bench sign-in failed: ${body.message}`);
  return body.data.token;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const loadAverage = () => os.loadavg()[0]!.toFixed(1);

async function benchBroker(
  database: Database,
  label: string,
  probes: Probe[],
  merchants: BenchMerchant[],
  devices: LoadPlan['devices'],
  brokerUrl?: string,
) {
  const db = database.db;
  const bench = await startBenchApp(database, brokerUrl);
  const { hub, app, url } = bench;
  const anonymous = brokerUrl !== undefined;
  const clients: MqttClient[] = [];
  const figures: Figure[] = [];
  try {
    const base = await listen(app);
    const token = await signIn(base);
    const openHeader = (as = token) => openEventStream<{ deviceNumber: string }>(`${base}${endpointUrl(alarmApi.live)}`, as);
    type Header = Awaited<ReturnType<typeof openHeader>>;
    const stream = await openHeader();
    /** The other headers open (the last series), each heard from its own stream; `probe`: its merchant's, else any. */
    let others: { header: Header; probe?: string }[] = [];
    if (!stream.response.headers.get('content-type')?.startsWith('text/event-stream')) throw new Error('the alarm stream did not open');
    const connect = (probe: Probe) =>
      mqtt.connectAsync(url, {
        clientId: probe.number,
        ...(anonymous ? {} : { username: probe.number, password: probe.password }),
        reconnectPeriod: 0,
      });
    for (const probe of probes) clients.push(await connect(probe));
    const merchantClients: MqttClient[] = [];
    for (const merchant of merchants) merchantClients.push(await connect(merchant.probe));
    clients.push(...merchantClients);
    // One after another: the sign-in check refuses many at once.
    const merchantTokens: string[] = [];
    for (const m of merchants) merchantTokens.push(await signIn(base, { username: m.username, password: DEMO_PASSWORD }));
    /** With merchants, the headers series's samples raise an alarm of every merchant at once. */
    let merchantRounds = false;
    // When the link announced each probe's alarm (in-process), to split the time between the link and the stream.
    const announcedAt = new Map<string, number>();
    hub.onChange(({ number, channel }) => {
      if (channel === ALARM_CHANNEL && !announcedAt.has(number)) announcedAt.set(number, Date.now());
    });
    // Waits until `header` heard the alarm of each of `numbers` (published at `published`): the last arrival, or undefined.
    const lastHeard = async (header: Header, from: number, numbers: string[], published: number): Promise<number | undefined> => {
      let last = 0;
      for (const number of numbers) {
        let heard: number | undefined;
        for (const deadline = published + 10_000; heard === undefined && Date.now() < deadline;) {
          heard = header.events.slice(from).find((e) => e.event === 'alarm' && e.data.deviceNumber === number)?.at;
          if (heard === undefined) await pause(2);
        }
        if (heard === undefined) return undefined;
        last = Math.max(last, heard);
      }
      return last;
    };
    // One sample: hot until its alarm is heard, then cool until its alarm is cleared. Its probe is
    // the next platform probe, or (merchant rounds) every merchant's probe at once, the first stream
    // timed to the last of their alarms and each other header to its own merchant's.
    const sample = async (i: number): Promise<{ heard: number; announced: number; last: number } | undefined> => {
      const round = merchantRounds
        ? merchants.map((merchant, m) => ({ number: merchant.probe.number, client: merchantClients[m]! }))
        : [{ number: probes[i % probes.length]!.number, client: clients[i % probes.length]! }];
      const numbers = round.map((r) => r.number);
      const from = stream.events.length;
      const othersFrom = others.map((other) => other.header.events.length);
      for (const number of numbers) announcedAt.delete(number);
      const published = Date.now();
      await Promise.all(round.map(({ number, client }) => client.publishAsync(batteryTelemetryTopic(number), report(HOT), { qos: 1 })));
      const heard = await lastHeard(stream, from, numbers, published);
      const announced = Math.max(...numbers.map((number) => announcedAt.get(number) ?? Number.NaN)) - published;
      // The last of the other headers to hear it (each alarm is told to every one of them that may see it).
      let last = heard ?? Number.NaN;
      for (const [at, other] of others.entries())
        last = Math.max(
          last,
          (await lastHeard(other.header, othersFrom[at]!, other.probe ? [other.probe] : numbers, published)) ?? Number.NaN,
        );
      await Promise.all(round.map(({ number, client }) => client.publishAsync(batteryTelemetryTopic(number), report(COOL), { qos: 1 })));
      for (const deadline = Date.now() + 10_000; Date.now() < deadline; await pause(20)) {
        const [open] = rowsOf<{ n: number | string }>(
          await db.execute(
            sql`select count(*) as n from alarm where device_number in (${sql.join(
              numbers.map((number) => sql`${number}`),
              sql`, `,
            )}) and state <> 'CLEARED'`,
          ),
        );
        if (Number(open?.n ?? 0) === 0) break;
      }
      return heard === undefined ? undefined : { heard: heard - published, announced, last: last - published };
    };
    const series = async (enough: () => boolean): Promise<{ times: number[]; announced: number[]; lastHeader: number[]; lost: number }> => {
      const times: number[] = [];
      const announced: number[] = [];
      const lastHeader: number[] = [];
      let lost = 0;
      for (let i = 0; i < samples && !enough(); i++) {
        const time = await sample(i);
        if (time === undefined) lost++;
        else {
          times.push(time.heard);
          announced.push(time.announced);
          lastHeader.push(time.last);
        }
        await pause(Math.random() * 100);
      }
      return { times, announced, lastHeader, lost };
    };
    // Warm-up: the first samples compile code paths and prepare statements.
    for (let i = 0; i < Math.min(5, probes.length); i++) await sample(i);
    const idleLoad = loadAverage();
    const { lastHeader: _alone, ...idle } = await series(() => false);
    figures.push({ label: `${label}, idle`, ...idle, loadAverage: `${idleLoad}–${loadAverage()}` });
    const plan = { url, devices: anonymous ? devices.map((d) => ({ ...d, password: null })) : devices, rate: loadedRate, seconds };
    const steady = await startSteadyLoad(plan, publishers);
    const loadedLoad = loadAverage();
    const { lastHeader: _loadedAlone, ...loaded } = await series(() => !steady.running());
    const loadedEnd = loadAverage();
    const steadyReport = await steady.done;
    const sent = messagesSent(steadyReport);
    figures.push({
      label: `${label}, under load`,
      ...loaded,
      loadRate: sent / (steadyReport.publishMs / 1000),
      loadAverage: `${loadedLoad}–${loadedEnd}`,
    });
    if (headerCount > 0) {
      others = await Promise.all(
        Array.from({ length: headerCount }, async (_, i) => {
          if (merchants.length === 0) return { header: await openHeader() };
          const m = i % merchants.length;
          return { header: await openHeader(merchantTokens[m]), probe: merchants[m]!.probe.number };
        }),
      );
      // Each opens with its figures (a summary event): all of them in before the first sample.
      for (const other of others) await other.header.next('summary', 0, 30_000);
      merchantRounds = merchants.length > 0;
      const headersLoad = loadAverage();
      figures.push({
        label: `${label}, ${headerCount} headers${merchants.length ? ` of ${merchants.length} merchants` : ''}`,
        ...(await series(() => false)),
        loadAverage: `${headersLoad}–${loadAverage()}`,
      });
      for (const other of others) other.header.close();
    }
    stream.close();
  } finally {
    await Promise.all(clients.map((client) => client.endAsync()));
    await bench.close();
  }
  return figures;
}

async function main(): Promise<void> {
  const database = await openBenchDatabase();
  console.log(
    `alarm latency bench: ${samples} samples idle and under ${loadedRate} telemetry messages/s from ${deviceCount} devices, ` +
      `${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'PGlite in memory'}; node ${process.version}, ` +
      `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, load average ${loadAverage()}`,
  );
  const figures: Figure[] = [];
  let mosquitto: Mosquitto | undefined;
  try {
    const probes = await prepare(database.db);
    const merchants = await prepareMerchants(database.db);
    const devices = await prepareLoadDevices(database.db, deviceCount);
    if (brokers.includes('embedded')) figures.push(...(await benchBroker(database, 'embedded broker', probes, merchants, devices)));
    if (brokers.includes('mosquitto')) mosquitto = await startMosquitto();
    if (brokers.includes('mosquitto') && !mosquitto) console.log('  Mosquitto not installed (scripts/ensure-mosquitto.sh): skipped');
    if (mosquitto) figures.push(...(await benchBroker(database, 'Mosquitto', probes, merchants, devices, mosquitto.url)));
  } finally {
    await mosquitto?.stop();
    await database.close();
  }
  const f = (n: number | undefined, digits = 1) => (n !== undefined && Number.isFinite(n) ? n.toFixed(digits) : '-');
  console.log(
    `\npublish → header stream                            load msg/s  samples  lost  p50 ms  p95 ms  p99 ms  max ms  budget p99  p50/p99 to the announcement ms  p50/p99 last header ms  load average`,
  );
  for (const x of figures) {
    const times = [...x.times].sort((a, b) => a - b);
    const announced = [...x.announced].sort((a, b) => a - b);
    const last = [...(x.lastHeader ?? [])].sort((a, b) => a - b);
    const p99 = percentile(times, 99);
    console.log(
      `${x.label.padEnd(50)} ${f(x.loadRate, 0).padStart(10)}  ${String(times.length).padStart(7)}  ${String(x.lost).padStart(4)}  ` +
        `${f(percentile(times, 50)).padStart(6)}  ${f(percentile(times, 95)).padStart(6)}  ${f(p99).padStart(6)}  ` +
        `${f(times[times.length - 1]).padStart(6)}  ${`${BUDGET_P99_MS} ${p99 <= BUDGET_P99_MS && x.lost === 0 ? 'met' : 'not met'}`.padStart(10)}  ` +
        `${`${f(percentile(announced, 50))} / ${f(percentile(announced, 99))}`.padStart(30)}  ` +
        `${(x.lastHeader ? `${f(percentile(last, 50))} / ${f(percentile(last, 99))}` : '-').padStart(22)}  ${x.loadAverage}`,
    );
  }
}

await main();
