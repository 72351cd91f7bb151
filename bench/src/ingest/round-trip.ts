import { randomUUID } from 'node:crypto';
import mqtt from 'mqtt';
import { TOPIC_HANDLERS } from '../../../apps/server/src/device/handlers.js';
import type { DeviceHub } from '../../../apps/server/src/device/hub.js';
import { cabinetTopic, commandResult, deviceCommand, type DeviceCommand } from '@swap/contracts';

export interface RoundTrips {
  calls: number;
  /** A command whose result did not come back within 10 s (the phase stops there: a late result would be miscounted). */
  timedOut: boolean;
  p50: number;
  p99: number;
  max: number;
}

/**
 * Until the commands module handles /cmd-result, the bench lets the link hear results with a
 * handler that validates and persists nothing; with the module in place its own handler (which
 * records the result) is what gets timed.
 */
function ensureResultHandler(): void {
  TOPIC_HANDLERS['cabinet/cmd-result'] ??= { schema: commandResult, handle: () => Promise.resolve(true) };
}

/** A simulated cabinet that answers every command ACCEPTED, then SUCCEEDED, at once. */
export async function startCabinetResponder(url: string, number: string, password: string | null): Promise<{ close(): Promise<void> }> {
  const client = await mqtt.connectAsync(url, {
    clientId: number,
    ...(password !== null ? { username: number, password } : {}),
    reconnectPeriod: 0,
  });
  (client.stream as { setNoDelay?: (on: boolean) => void }).setNoDelay?.(true);
  client.on('message', (_topic, raw) => {
    const command = deviceCommand.safeParse(JSON.parse(raw.toString('utf8')));
    if (!command.success) return;
    const answer = (status: 'ACCEPTED' | 'SUCCEEDED') =>
      client.publish(cabinetTopic(number, 'cmd-result'), JSON.stringify({ id: command.data.id, status, ts: new Date().toISOString() }), {
        qos: 1,
      });
    answer('ACCEPTED');
    answer('SUCCEEDED');
  });
  await client.subscribeAsync(cabinetTopic(number, 'cmd'), { qos: 1 });
  return { close: () => client.endAsync() };
}

/**
 * Times `calls` commands one after the other, from the server's publish to the server having
 * handled the cabinet's final result (the second /cmd-result change the hub announces).
 * To time the HTTP call instead, replace `send` with the POST that sends a command and waits.
 */
export async function measureRoundTrips(hub: DeviceHub, cabinet: string, calls: number): Promise<RoundTrips> {
  ensureResultHandler();
  const send = (command: DeviceCommand) => hub.send(cabinetTopic(cabinet, 'cmd'), command);
  let results = 0;
  let wake: (() => void) | undefined;
  const stop = hub.onChange((change) => {
    if (change.kind !== 'cabinet' || change.number !== cabinet || change.channel !== 'cmd-result') return;
    results++;
    wake?.();
  });
  const times: number[] = [];
  let timedOut = false;
  try {
    for (let i = 0; i < calls; i++) {
      const target = results + 2;
      const finished = new Promise<void>((resolve, reject) => {
        const timeout = setTimeout(() => reject(new Error('timeout')), 10_000);
        wake = () => {
          if (results >= target) {
            clearTimeout(timeout);
            resolve();
          }
        };
      });
      const issuedAt = new Date();
      const start = performance.now();
      await send({
        id: randomUUID(),
        name: 'OPEN_DOOR',
        compartment: 1,
        issuedAt: issuedAt.toISOString(),
        expiresAt: new Date(issuedAt.getTime() + 30_000).toISOString(),
      });
      try {
        await finished;
      } catch {
        timedOut = true;
        break;
      }
      times.push(performance.now() - start);
    }
  } finally {
    stop();
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.max(0, Math.ceil((p / 100) * times.length) - 1))] ?? Number.NaN;
  return { calls: times.length, timedOut, p50: at(50), p99: at(99), max: times[times.length - 1] ?? Number.NaN };
}
