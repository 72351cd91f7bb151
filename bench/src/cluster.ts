/**
 * `npm run bench:cluster -w bench`: two servers behind HAProxy on one PostgreSQL and one Mosquitto,
 * as docs/deploying.md sets them up, checked end to end (docs/testing.md, "Several servers"). Needs
 * the built server (`npm run build`), DATABASE_URL (an empty database: scripts/ensure-postgres.sh),
 * Mosquitto (scripts/ensure-mosquitto.sh) and HAProxy (scripts/ensure-haproxy.sh); everything
 * listens on 127.0.0.1 and is stopped at the end. Proves, and exits non-zero when one fails:
 * - a sign-in through HAProxy holds on each server (the session is in the database);
 * - a single sign-on started on one server (at a real OpenID provider on 127.0.0.1) comes back to
 *   the other and signs in there (the started sign-in is kept in the database);
 * - a list call answers on each server and through HAProxy;
 * - the general rate limit is counted by each server for its share of an address's calls through
 *   HAProxy (so up to the limit times the servers a minute), each address apart;
 * - docs/deploying.md's shared per-address limit at HAProxy (its snippet, read from the document,
 *   at SHARED_LIMIT a minute) refuses an address's calls past it with 429, another address apart;
 * - a command sent through one server reaches a simulated cabinet on the broker, and its result
 *   shows through the other;
 * - a report the cabinet sends (stored by whichever server the broker's shared subscription gave
 *   it to) reaches a live stream open on each server;
 * - jobs of the job queue due while both servers run are each run once;
 * - a firmware rollout started on one server to CLUSTER_ROLLOUT (default 20) simulated cabinets
 *   (at CLUSTER_PACE a minute), its send jobs claimed by either server and the images downloaded
 *   from both: every cabinet receives exactly one firmware command and installs once, and the task
 *   and each cabinet's outcome read the same on either server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEMO_PASSWORD,
  SUCCESS_CODE,
  TOKEN_HEADER,
  accountApi,
  cabinetApi,
  commandApi,
  deviceCredentialApi,
  deviceTypeApi,
  endpointUrl,
  firmwareApi,
  liveApi,
  profileApi,
  sessionApi,
  type AnswerOf,
  type EndpointDef,
  type InputOf,
} from '@swap/contracts';
import { DEVICE_TYPE_SAMPLES } from '@swap/contracts/testing';
import { startOwnDevices } from '@swap/simulator';
import pg from 'pg';
import { writeMosquittoAuth } from '../../apps/server/src/device-link/mosquitto.js';
import { startMosquitto } from '../../apps/server/src/test/mosquitto.js';
import { startTestProvider } from '../../apps/server/src/test/oidc-provider.js';
import { freePort } from '../../apps/server/src/test/free-port.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverMain = path.join(repoRoot, 'apps/server/dist/main.js');
const HAPROXY = process.env.HAPROXY_BIN ?? '/usr/sbin/haproxy';
const GATEWAY = { username: 'swap-gateway', password: 'cluster-gateway-secret' };
const ROLLOUT = Number(process.env.CLUSTER_ROLLOUT ?? 20);
const PACE = Number(process.env.CLUSTER_PACE ?? 600);
/** Each server's general rate limit a minute (RATE_LIMIT_PER_MINUTE; the product's default). */
const RATE_LIMIT = Number(process.env.CLUSTER_RATE_LIMIT ?? 3000);
/** The shared per-address limit tried at HAProxy: docs/deploying.md's snippet with this limit a minute. */
const SHARED_LIMIT = 40;

/**
 * docs/deploying.md's shared-limit snippet, read from the document so the recipe is what is run,
 * with its limit (3,000 a minute) set to SHARED_LIMIT.
 */
function sharedLimitSnippet(): string[] {
  const doc = fs.readFileSync(path.join(repoRoot, 'docs/deploying.md'), 'utf8');
  const block = doc.split('```').find((part) => part.includes('stick-table'));
  if (!block) throw new Error('docs/deploying.md has no shared-limit snippet (stick-table)');
  const lines = block.split('\n').filter((line) => line.trim() !== '');
  if (!lines.some((line) => / gt 3000 /.test(line))) throw new Error('the shared-limit snippet no longer limits at 3000');
  return lines.map((line) => line.replace(/ gt 3000 /, ` gt ${SHARED_LIMIT} `));
}

/** A GET from a given loopback source address (HAProxy tracks the connection's source, not a header). */
function getFrom(url: URL, localAddress: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { localAddress, agent: false }, (answer) => {
      answer.resume();
      answer.once('end', () => resolve(answer.statusCode ?? 0));
    });
    request.once('error', reject);
  });
}

const stops: (() => Promise<void>)[] = [];
const results: { check: string; ok: boolean; detail: string }[] = [];

async function check(name: string, run: () => Promise<string>): Promise<void> {
  const started = Date.now();
  try {
    const detail = await run();
    results.push({ check: name, ok: true, detail: `${detail} (${Date.now() - started} ms)` });
  } catch (error) {
    results.push({ check: name, ok: false, detail: error instanceof Error ? error.message : String(error) });
  }
}

async function call<E extends EndpointDef>(base: string, token: string | null, endpoint: E, input: InputOf<E>): Promise<AnswerOf<E>> {
  const url = new URL(endpointUrl(endpoint), base);
  const headers: Record<string, string> = { Language: 'en', ...(token ? { [TOKEN_HEADER]: token } : {}) };
  if (endpoint.method === 'GET') {
    for (const [name, value] of Object.entries(input ?? {})) url.searchParams.set(name, String(value));
  } else headers['content-type'] = 'application/json';
  const answer = await fetch(url, {
    method: endpoint.method,
    headers,
    ...(endpoint.method === 'POST' ? { body: JSON.stringify(input ?? {}) } : {}),
  });
  const envelope = (await answer.json()) as { code: number; message: string; data: AnswerOf<E> };
  if (envelope.code !== SUCCESS_CODE)
    throw new Error(`${endpoint.method} ${endpoint.path} on ${base}: ${envelope.code} ${envelope.message}`);
  return envelope.data;
}

/** Uploads a firmware image as the Firmware screen does (multipart: typeId, version, releaseNotes, then the file). */
async function uploadFirmware(base: string, token: string, fields: Record<string, string>, image: Buffer) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(image)]), 'rollout.bin');
  const answer = await fetch(new URL(endpointUrl(firmwareApi.upload), base), {
    method: 'POST',
    headers: { Language: 'en', [TOKEN_HEADER]: token },
    body: form,
  });
  const envelope = (await answer.json()) as { code: number; message: string; data: AnswerOf<typeof firmwareApi.upload> };
  if (envelope.code !== SUCCESS_CODE) throw new Error(`firmware upload on ${base}: ${envelope.code} ${envelope.message}`);
  return envelope.data;
}

function spawnLogged(command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(command, args, { cwd: repoRoot, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  stops.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  });
  return child;
}

async function healthy(base: string, child: ChildProcess, seconds: number): Promise<void> {
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`${base}: exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${base}: not healthy within ${seconds} s`);
}

/** Reads a live stream until an event names the channel; answers the event's data. */
async function liveChange(base: string, token: string, cabinetId: number, channel: string, signal: AbortSignal): Promise<string> {
  const url = new URL(endpointUrl(liveApi.cabinet.live), base);
  url.searchParams.set('id', String(cabinetId));
  const answer = await fetch(url, { headers: { [TOKEN_HEADER]: token }, signal });
  if (!answer.ok || !answer.body) throw new Error(`live stream on ${base}: ${answer.status}`);
  const decoder = new TextDecoder();
  let text = '';
  for await (const piece of answer.body) {
    text += decoder.decode(piece, { stream: true });
    for (const block of text.split('\n\n')) {
      if (block.includes('event: change') && block.includes(`"${channel}"`)) return block.replace(/\n/g, ' ');
    }
  }
  throw new Error(`live stream on ${base} ended without a ${channel} change`);
}

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is required (an empty PostgreSQL database: scripts/ensure-postgres.sh)');
  if (!fs.existsSync(serverMain)) throw new Error('apps/server/dist/main.js is missing: run `npm run build` first');
  if (!fs.existsSync(HAPROXY)) throw new Error(`${HAPROXY} is missing: run scripts/ensure-haproxy.sh`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'swap-cluster-'));
  stops.push(() => Promise.resolve(fs.rmSync(work, { recursive: true, force: true })));

  // The broker, reading the password file and ACL the servers rewrite (and signal it to reload).
  const authDir = path.join(work, 'mosquitto');
  fs.mkdirSync(authDir);
  await writeMosquittoAuth(authDir, { gateway: GATEWAY, devices: [] });
  const broker = await startMosquitto({ authDir });
  stops.push(() => broker.stop());
  const pidFile = path.join(work, 'mosquitto.pid');
  fs.writeFileSync(pidFile, `${broker.pid}\n`);

  // HAProxy's address is every server's public one: the single sign-on provider sends the browser
  // back there, so the sign-in may come back to either server.
  const proxyPort = await freePort();
  const proxy = `http://127.0.0.1:${proxyPort}`;
  const limitedPort = await freePort();
  const provider = await startTestProvider({ redirectUri: `${proxy}/callback` });
  stops.push(() => provider.close());

  // Two servers: the first migrates and seeds the empty database, the second starts on it.
  const servers: string[] = [];
  for (const name of ['a', 'b']) {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const child = spawnLogged(process.execPath, [serverMain], {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(work, `data-${name}`),
      DATABASE_URL: databaseUrl,
      MQTT_URL: broker.url,
      MQTT_USERNAME: GATEWAY.username,
      MQTT_PASSWORD: GATEWAY.password,
      MOSQUITTO_AUTH_DIR: authDir,
      MOSQUITTO_PID_FILE: pidFile,
      DEMO: '0',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: DEMO_PASSWORD,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '127.0.0.1',
      RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
      PUBLIC_URL: proxy,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_NAME: 'Company login',
    });
    await healthy(base, child, 120);
    servers.push(base);
  }
  const [a, b] = servers as [string, string];

  // HAProxy in front, round robin, health-checked; long-lived streams are not cut.
  const config = [
    'global',
    '  maxconn 2000',
    'defaults',
    '  mode http',
    '  timeout connect 5s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout tunnel 1h',
    `frontend swap`,
    `  bind 127.0.0.1:${proxyPort}`,
    '  default_backend servers',
    // A second entrance with docs/deploying.md's shared per-address limit (checked below).
    'frontend limited',
    `  bind 127.0.0.1:${limitedPort}`,
    ...sharedLimitSnippet(),
    '  default_backend servers',
    'backend servers',
    '  balance roundrobin',
    '  option forwardfor',
    '  option httpchk GET /api/health',
    ...servers.map((base, i) => `  server s${i + 1} ${new URL(base).host} check inter 2s`),
  ];
  const configFile = path.join(work, 'haproxy.cfg');
  fs.writeFileSync(configFile, `${config.join('\n')}\n`);
  const haproxy = spawnLogged(HAPROXY, ['-f', configFile, '-db'], process.env);
  await healthy(proxy, haproxy, 20);

  let token = '';
  await check('sign in through HAProxy, the session holds on each server', async () => {
    token = (await call(proxy, null, sessionApi.signIn, { username: 'admin', password: DEMO_PASSWORD })).token;
    for (const base of servers) await call(base, token, profileApi.detail, undefined);
    return 'signed in once, known to both servers';
  });

  await check('a single sign-on started on server a comes back to server b and signs in', async () => {
    // The administrator's account is linked to the provider's person (a mail typed on a profile is
    // matched only once verified: docs/security.md, "Single sign-on").
    const me = await call(proxy, token, profileApi.detail, undefined);
    await call(proxy, token, accountApi.linkSso, { id: me.id, ssoSubject: 'cluster-admin' });
    provider.person('cluster-admin', { email: `cluster-${Date.now().toString(36)}@example.test`, email_verified: true });
    const started = await fetch(new URL(endpointUrl(sessionApi.ssoStart), a), {
      method: 'POST',
      headers: { Language: 'en', 'content-type': 'application/json' },
      body: JSON.stringify({ redirect: '/system/admin/list' }),
    });
    // The browser's cookie binds the sign-in to it; server b reads it with the state from the database.
    const cookie = (started.headers.get('set-cookie') ?? '').split(';')[0]!;
    const { url } = ((await started.json()) as { data: AnswerOf<typeof sessionApi.ssoStart> }).data;
    const answer = await provider.authorize(url, 'cluster-admin');
    if (answer.origin !== proxy) throw new Error(`the provider sent the browser to ${answer.origin}, not HAProxy`);
    const finished = await fetch(new URL(endpointUrl(sessionApi.ssoFinish), b), {
      method: 'POST',
      headers: { Language: 'en', 'content-type': 'application/json', cookie },
      body: JSON.stringify(Object.fromEntries(answer.searchParams)),
    });
    const envelope = (await finished.json()) as { code: number; message: string; data: AnswerOf<typeof sessionApi.ssoFinish> };
    if (envelope.code !== SUCCESS_CODE) throw new Error(`the sign-in's return on server b: ${envelope.code} ${envelope.message}`);
    if (envelope.data.username !== 'admin') throw new Error(`signed in as ${envelope.data.username}, not admin`);
    for (const base of servers) await call(base, envelope.data.token, profileApi.detail, undefined);
    return `started on a, the provider's answer taken by b (${envelope.data.redirect}), the session known to both servers`;
  });

  let cabinetId = 0;
  const number = `CL${Date.now().toString(36).toUpperCase()}`;
  await check("the shared limit at HAProxy (docs/deploying.md's snippet) refuses an address past it, another apart", async () => {
    const settings = new URL(endpointUrl(sessionApi.config), `http://127.0.0.1:${limitedPort}`);
    const statuses: number[] = [];
    for (let i = 0; i < SHARED_LIMIT + 10; i++) statuses.push(await getFrom(settings, '127.0.0.2'));
    const passed = statuses.filter((status) => status === 200).length;
    const refused = statuses.filter((status) => status === 429).length;
    if (passed !== SHARED_LIMIT || refused !== 10)
      throw new Error(
        `${statuses.length} calls from 127.0.0.2: ${passed} answered, ${refused} refused with 429 (expected ${SHARED_LIMIT} and 10)`,
      );
    const other = await getFrom(settings, '127.0.0.3');
    if (other !== 200) throw new Error(`another address answered ${other} after the first was refused`);
    return `${statuses.length} calls of one address through both servers: the first ${SHARED_LIMIT} answered, the next ${refused} refused with 429 at HAProxy; another address answered`;
  });

  await check('a list call on each server and through HAProxy', async () => {
    const typeId = (await call(proxy, token, deviceTypeApi.cabinet.add, DEVICE_TYPE_SAMPLES.cabinet)).id;
    cabinetId = (await call(a, token, cabinetApi.batchAdd, { typeId, numbers: [number] })).ids[0]!;
    const totals: number[] = [];
    for (const base of [a, b, proxy, proxy]) totals.push((await call(base, token, cabinetApi.search, { number })).total);
    if (totals.some((total) => total !== 1)) throw new Error(`totals ${totals.join(', ')}`);
    return 'the cabinet added on server a is listed by a, b and twice through HAProxy';
  });

  await check('the general rate limit through HAProxy: each server counts its own share of an address', async () => {
    // A client of its own (a documentation address, written by this trusted caller as HAProxy's
    // client), so the other checks' calls from 127.0.0.1 count apart. Each answer tells how many
    // calls its server still lets the address make this minute (x-ratelimit-remaining).
    const settings = new URL(endpointUrl(sessionApi.config), proxy);
    const calls = 200;
    const remaining: number[] = [];
    for (let i = 0; i < calls; i++) {
      const answer = await fetch(settings, { headers: { 'x-forwarded-for': '203.0.113.7' } });
      await answer.arrayBuffer();
      if (!answer.ok) throw new Error(`the login page's settings through HAProxy answered ${answer.status}`);
      remaining.push(Number(answer.headers.get('x-ratelimit-remaining')));
    }
    // Round robin: each server counted about its share, so the address may make up to the limit
    // times the servers a minute (docs/deploying.md, "The load balancer").
    const counted = RATE_LIMIT - Math.min(...remaining);
    const share = calls / servers.length;
    if (Math.abs(counted - share) > 5) throw new Error(`the busiest server counted ${counted} of ${calls} calls, not about ${share}`);
    const other = await fetch(settings, { headers: { 'x-forwarded-for': '203.0.113.8' } });
    if (Number(other.headers.get('x-ratelimit-remaining')) !== RATE_LIMIT - 1)
      throw new Error('another address was counted with the first');
    return `${calls} calls of one address: each server counted about ${counted} (limit ${RATE_LIMIT} a minute each, so up to ${RATE_LIMIT * servers.length} through ${servers.length} servers); another address counted apart`;
  });

  // The cabinet signs in with the secret issued on server b (b rewrites Mosquitto's files and signals it).
  const secret = (await call(b, token, deviceCredentialApi.cabinet.issue, { id: cabinetId })).secret;
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const fleet = await startOwnDevices({
    url: broker.url,
    cabinets: [{ number, secret, compartments: [1, 2, 3, 4].map((index) => ({ index, batteryNumber: null })) }],
  });
  stops.push(() => fleet.stop());

  await check('a report reaches a live stream open on each server', async () => {
    const abort = new AbortController();
    const streams = [a, b].map((base) => liveChange(base, token, cabinetId, 'telemetry', abort.signal));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const ticker = setInterval(() => void fleet.tick(), 1000);
    try {
      const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no change within 20 s')), 20_000));
      await Promise.race([Promise.all(streams), timeout]);
      return 'both streams heard the cabinet’s telemetry';
    } finally {
      clearInterval(ticker);
      abort.abort();
      await Promise.allSettled(streams);
    }
  });

  await check('a command sent through server a reaches the cabinet, its result shows through server b', async () => {
    const sent = await call(a, token, commandApi.cabinetSend, { cabinetId, name: 'RESTART' });
    const end = Date.now() + 20_000;
    for (;;) {
      const page = await call(b, token, commandApi.cabinetSearch, { cabinetId });
      const record = page.records.find((r) => r.id === sent.id);
      if (record && ['SUCCEEDED', 'FAILED', 'REJECTED'].includes(record.status)) {
        if (record.status !== 'SUCCEEDED') throw new Error(`command ${record.status}`);
        return `sent on a as ${sent.status}, read on b as ${record.status}`;
      }
      if (Date.now() > end) throw new Error(`command still ${record?.status ?? 'unknown'} on b after 20 s`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });

  await check('scheduled jobs due on both servers each run once', async () => {
    // Forty deliveries of the alarm webhook queue (an alarm that is no more: each ends at once),
    // due in two seconds: both servers' workers poll for them, each is claimed by one.
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows: made } = await client.query<{ id: string }>(
        `insert into job (queue, payload, run_at, max_attempts)
         select 'alarm.webhook', jsonb_build_object('alarmId', -g), now() + interval '2 seconds', 3 from generate_series(1, 40) g
         returning id`,
      );
      const ids = made.map((row) => row.id);
      const end = Date.now() + 60_000;
      for (;;) {
        const { rows } = await client.query<{ state: string; attempts: number; n: number }>(
          `select state, attempts, count(*)::int as n from job where id = any($1::bigint[]) group by 1, 2`,
          [ids],
        );
        const done = rows.find((row) => row.state === 'DONE' && row.attempts === 1)?.n ?? 0;
        if (done === ids.length) return `${done} jobs done, each after one attempt`;
        if (rows.some((row) => row.attempts > 1)) throw new Error(`a job ran twice: ${JSON.stringify(rows)}`);
        if (Date.now() > end) throw new Error(`after 60 s: ${JSON.stringify(rows)}`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    } finally {
      await client.end();
    }
  });
  await check(
    `a rollout to ${ROLLOUT} simulated cabinets through both servers: one firmware command each, results alike on either`,
    async () => {
      const stamp = Date.now().toString(36).toUpperCase();
      const typeId = (
        await call(proxy, token, deviceTypeApi.cabinet.add, {
          ...DEVICE_TYPE_SAMPLES.cabinet,
          code: `RO${stamp}`.slice(0, 12),
          name: `Rollout ${stamp}`,
        })
      ).id;
      const numbers = Array.from({ length: ROLLOUT }, (_, i) => `RO${stamp}${String(i + 1).padStart(4, '0')}`);
      const { ids } = await call(a, token, cabinetApi.batchAdd, { typeId, numbers });
      // Secrets issued on both servers (each rewrites Mosquitto's password file and signals it).
      const cabinets = [];
      for (const [i, cabinetNumber] of numbers.entries()) {
        const issued = await call(i % 2 === 0 ? a : b, token, deviceCredentialApi.cabinet.issue, { id: ids[i]! });
        cabinets.push({
          number: cabinetNumber,
          secret: issued.secret,
          compartments: [1, 2, 3, 4].map((index) => ({ index, batteryNumber: null })),
        });
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const version = `7.${stamp}`;
      const image = Buffer.from(`rollout ${version} `.repeat(2000));
      const firmware = await uploadFirmware(b, token, { typeId: String(typeId), version, releaseNotes: 'cluster rollout' }, image);
      // Each download goes to the next server in turn: a link's token is good on either.
      let downloads = 0;
      const rolloutFleet = await startOwnDevices({
        url: broker.url,
        cabinets,
        firmware: {
          downloadMs: [100, 400],
          installMs: [200, 600],
          fetch: async (link) => {
            const at = new URL(link);
            const answer = await fetch(new URL(at.pathname + at.search, servers[downloads++ % servers.length]));
            if (!answer.ok) throw new Error(`download answered ${answer.status}`);
            return Buffer.from(await answer.arrayBuffer());
          },
        },
      });
      stops.push(() => rolloutFleet.stop());
      const onlineBy = Date.now() + 60_000 + ROLLOUT * 100;
      for (;;) {
        const online = (await call(proxy, token, cabinetApi.search, { typeId, connectivity: 'ONLINE', current: 1, size: 1 })).total;
        if (online === ROLLOUT) break;
        if (Date.now() > onlineBy) throw new Error(`${online} of ${ROLLOUT} cabinets online`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }

      // The cabinets report as real ones do while the rollout runs: a thousand at the pace take longer
      // than the heartbeat timeout (90 s), and a cabinet silent past it is taken offline and refused.
      const heartbeat = setInterval(() => void rolloutFleet.tick().catch(() => undefined), 30_000);
      stops.push(() => Promise.resolve(clearInterval(heartbeat)));

      const started = Date.now();
      const task = await call(a, token, firmwareApi.upgrade, { firmwareId: firmware.id, typeId, devicesPerMinute: PACE });
      for (;;) {
        const [read] = (await call(b, token, firmwareApi.tasks, { id: task.id, current: 1, size: 1 })).records;
        if (read?.taskState === 'FINISHED') break;
        if (Date.now() - started > 120_000 + (ROLLOUT * 60_000) / PACE)
          throw new Error(`task still ${read?.taskState} after ${Math.round((Date.now() - started) / 1000)} s: ${JSON.stringify(read)}`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      const took = Date.now() - started;

      // Each server answers the same outcome for every cabinet.
      const seen: string[] = [];
      for (const base of servers) {
        const [read] = (await call(base, token, firmwareApi.tasks, { id: task.id, current: 1, size: 1 })).records;
        const devices = [];
        for (let current = 1; devices.length < ROLLOUT; current++) {
          const page = await call(base, token, firmwareApi.taskDevices, { taskId: task.id, current, size: 100 });
          devices.push(...page.records);
          if (page.records.length < 100) break;
        }
        const outcome = devices.map((d) => `${d.cabinetNumber}:${d.deviceState}:${d.firmwareStatus}:${d.attempts}`).sort();
        const others = devices.filter((d) => d.deviceState !== 'SUCCEEDED' || d.firmwareStatus !== 'Installed');
        if (read?.succeeded !== ROLLOUT || devices.length !== ROLLOUT || others.length > 0) {
          // What the others ended in, counted by outcome and reason (a thousand cabinets' list says less).
          const why = new Map<string, number>();
          for (const d of others) {
            const key = `${d.deviceState} ${d.firmwareStatus ?? '-'}: ${d.failureMessage ?? 'no reason'}`;
            why.set(key, (why.get(key) ?? 0) + 1);
          }
          const counted = [...why].map(([key, n]) => `${n} × ${key}`).join('; ');
          throw new Error(`on ${base}: ${read?.succeeded ?? 0} of ${ROLLOUT} installed (${devices.length} listed); ${counted}`);
        }
        seen.push(outcome.join(' '));
      }
      if (seen[0] !== seen[1]) throw new Error('the two servers answer different outcomes');

      // Exactly one firmware command per cabinet: as the cabinets received them and as the database kept them.
      const received = rolloutFleet.cabinets.map((c) => `${c.number}:${c.commands.executed}:${c.firmware.installedCount}`);
      const wrong = received.filter((r) => !r.endsWith(':1:1'));
      if (wrong.length > 0) throw new Error(`commands carried out and installations per cabinet: ${wrong.join(', ')}`);
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ n: number; cabinets: number }>(
          `select n, count(*)::int as cabinets from (
           select count(*)::int as n from device_command where name = 'FIRMWARE_UPDATE' and cabinet_id = any($1::int[]) group by cabinet_id
         ) per group by n`,
          [ids],
        );
        if (rows.length !== 1 || rows[0]!.n !== 1 || rows[0]!.cabinets !== ROLLOUT)
          throw new Error(`firmware commands per cabinet in the database: ${JSON.stringify(rows)}`);
      } finally {
        await client.end();
      }
      return `${ROLLOUT} cabinets installed ${(took / 1000).toFixed(1)} s after the start (${PACE} a minute), one firmware command each (devices and database), the same ${ROLLOUT} outcomes on a and b, ${downloads} downloads split over both`;
    },
  );
}

let failed = false;
try {
  await main();
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.message : error);
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
}
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'}  ${r.check}: ${r.detail}`);
if (failed || results.some((r) => !r.ok)) process.exitCode = 1;
