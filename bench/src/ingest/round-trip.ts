import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AUTH_BASE, OMS_BASE, TOKEN_HEADER, cabinetTopic } from '@swap/contracts';
import type { DeviceHub } from '../../../apps/server/src/app/device-hub.js';
import { VirtualCabinet, newBattery, seededRandom } from '../../../apps/simulator/src/index.js';

export interface RoundTrips {
  calls: number;
  /** Why the phase stopped early: a call that failed or a result later than 10 s. */
  stopped?: string;
  p50: number;
  p99: number;
  max: number;
}

/** Durations in ms, and why the series stopped early if it did. */
export interface Timed {
  times: number[];
  stopped?: string | undefined;
}

export function summarize({ times: unsorted, stopped }: Timed): RoundTrips {
  const times = [...unsorted].sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.max(0, Math.ceil((p / 100) * times.length) - 1))] ?? Number.NaN;
  return { calls: times.length, ...(stopped ? { stopped } : {}), p50: at(50), p99: at(99), max: times[times.length - 1] ?? Number.NaN };
}

/**
 * The simulated cabinet of apps/simulator, answering at once: ACCEPTED, its new retained state (the
 * open door), then SUCCEEDED, as docs/device-protocol.md orders them. It connects with its retained
 * state; resolves once the server has persisted that state (the cabinet is online).
 */
export async function startBenchCabinet(
  hub: DeviceHub,
  url: string,
  number: string,
  secret: string,
  batteryNumbers: (string | null)[],
): Promise<VirtualCabinet> {
  const random = seededRandom(7);
  const slots = batteryNumbers.map((batteryNumber, i) => ({
    index: i + 1,
    battery: batteryNumber ? newBattery(batteryNumber, random, { lat: -6.2, lng: 106.82 }) : null,
  }));
  const cabinet = new VirtualCabinet(number, slots, {
    url,
    secret,
    random,
    faults: { dropRate: 0 },
    commands: { delayMs: [0, 0], failureRates: {}, doorOpenMs: 60_000, restartMs: 3000 },
  });
  const online = new Promise<void>((resolve) => {
    const stop = hub.onChange((change) => {
      if (change.kind === 'cabinet' && change.number === number && change.channel === 'state') {
        stop();
        resolve();
      }
    });
  });
  await cabinet.start();
  await online;
  return cabinet;
}

/** Signs in on the app and answers a function that sends OPEN_DOOR through the HTTP API, as the cabinet page does. */
export async function commandCaller(base: string, username: string, password: string, cabinetId: number): Promise<() => Promise<void>> {
  const post = async (url: string, body: unknown, token?: string) => {
    const answer = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', language: 'en', ...(token ? { [TOKEN_HEADER]: token } : {}) },
      body: JSON.stringify(body),
    });
    return (await answer.json()) as { code: number; message: string; data: { token?: string; status?: string } | null };
  };
  const login = await post(`${AUTH_BASE}/oms/login`, { username, password });
  const token = login.data?.token;
  if (login.code !== 1 || !token) throw new Error(`bench sign-in failed: ${login.message}`);
  return async () => {
    const answer = await post(`${OMS_BASE}/cabinet/command/send`, { cabinetId, name: 'OPEN_DOOR', compartment: 1 }, token);
    if (answer.code !== 1 || answer.data?.status !== 'SUCCEEDED') throw new Error(`command answered ${answer.code} ${answer.message}`);
  };
}

/** Listens on a loopback port; answers its base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('app is not listening on a port');
  return `http://127.0.0.1:${address.port}`;
}

/**
 * Times `calls` HTTP command calls one after the other: from the operator's POST to the answer,
 * which the server gives once the cabinet's final result is recorded. Stops early at the first call
 * that does not succeed, or when `enough()` says so (the end of a load window).
 */
export async function timeCommandCalls(call: () => Promise<void>, calls: number, enough: () => boolean = () => false): Promise<Timed> {
  const times: number[] = [];
  let stopped: string | undefined;
  for (let i = 0; i < calls && !enough(); i++) {
    const start = performance.now();
    try {
      await call();
    } catch (error) {
      stopped = error instanceof Error ? error.message : String(error);
      break;
    }
    times.push(performance.now() - start);
  }
  return { times, stopped };
}

/**
 * The device protocol alone, to show where the time of a call goes: the server publishes a command
 * through the device hub (no HTTP, no command row) and the clock stops when the link has handled
 * the cabinet's final result (the second /cmd-result change the hub announces; the cabinet's state
 * in between is handled too, in order). The module finds no command of that id and ignores it.
 */
export async function timeLinkRoundTrips(
  hub: DeviceHub,
  cabinet: string,
  calls: number,
  enough: () => boolean = () => false,
): Promise<Timed> {
  let results = 0;
  let wake: (() => void) | undefined;
  const stop = hub.onChange((change) => {
    if (change.kind !== 'cabinet' || change.number !== cabinet || change.channel !== 'cmd-result') return;
    results++;
    wake?.();
  });
  const times: number[] = [];
  let stopped: string | undefined;
  try {
    for (let i = 0; i < calls && !enough(); i++) {
      const target = results + 2;
      const finished = new Promise<void>((resolve, reject) => {
        const timeout = setTimeout(() => reject(new Error('a result later than 10 s')), 10_000);
        wake = () => {
          if (results >= target) {
            clearTimeout(timeout);
            resolve();
          }
        };
      });
      const issuedAt = new Date();
      const start = performance.now();
      await hub.send(cabinetTopic(cabinet, 'cmd'), {
        id: randomUUID(),
        name: 'OPEN_DOOR',
        compartment: 1,
        issuedAt: issuedAt.toISOString(),
        expiresAt: new Date(issuedAt.getTime() + 30_000).toISOString(),
      });
      try {
        await finished;
      } catch (error) {
        stopped = (error as Error).message;
        break;
      }
      times.push(performance.now() - start);
    }
  } finally {
    stop();
  }
  return { times, stopped };
}
