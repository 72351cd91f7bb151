/**
 * The telemetry load generator, run as its own process by run.ts so publishing does not share the
 * server's event loop. One MQTT connection per device (the embedded broker lets a device publish
 * only its own topics); the devices report round robin at BENCH_RATE messages/s in total for
 * BENCH_SECONDS. Sends the parent each device's publish times when done.
 */
import mqtt, { type MqttClient } from 'mqtt';
import { batteryTelemetryTopic, vehicleTelemetryTopic } from '@swap/contracts';
import { batteryReport } from './reports.js';

export interface LoadPlan {
  url: string;
  /** Per device number: its MQTT password, or null for an anonymous broker. */
  devices: { kind: 'battery' | 'vehicle'; number: string; password: string | null }[];
  rate: number;
  seconds: number;
}

/** Sent once every device is connected and the publishing starts. */
export interface LoadProgress {
  type: 'publishing';
}

export interface LoadReport {
  type: 'done';
  /** Publish times (ms since the epoch) per device number, in order. */
  published: Record<string, number[]>;
  connectMs: number;
  publishMs: number;
  /** CPU time this process spent while publishing, ms: on a shared machine it is taken from the server. */
  publishCpuMs: number;
}

/**
 * A reading that drifts: a slow wave of the wall clock, each device at its own phase and period (40
 * to 80 s), rounded as devices report it. Over a run some devices cross a rule's threshold and
 * back, a few at a time, and a reading stays the same for several reports near its turning points;
 * not every device flipping on every report, nor the same devices in alarm throughout.
 */
function drifting(index: number, now: number, low: number, high: number): number {
  const period = 40_000 + ((index * 7919) % 40_000);
  const phase = (index * 0.618034) % 1;
  const wave = Math.sin(2 * Math.PI * (now / period + phase));
  return Math.round(low + ((high - low) * (wave + 1)) / 2);
}

function payload(kind: 'battery' | 'vehicle', index: number, seq: number, now: number): string {
  const lat = -6.2 + (seq % 1000) / 10000;
  if (kind === 'vehicle')
    return JSON.stringify({
      ts: new Date(now).toISOString(),
      position: { lat, lng: 106.8 },
      speed: drifting(index, now, 0, 80),
      acc: 'ON',
    });
  return batteryReport(now, { soc: drifting(index, now, 0, 100), lat, temperature: 31.5 });
}

async function run(plan: LoadPlan): Promise<LoadReport> {
  const connectStart = Date.now();
  const clients: MqttClient[] = [];
  // Connect in waves: a thousand simultaneous sign-ins is a test of its own.
  for (let i = 0; i < plan.devices.length; i += 100) {
    const wave = plan.devices.slice(i, i + 100);
    clients.push(
      ...(await Promise.all(
        wave.map((d) =>
          mqtt.connectAsync(plan.url, {
            clientId: d.number,
            ...(d.password !== null ? { username: d.number, password: d.password } : {}),
            reconnectPeriod: 0,
            connectTimeout: 30_000,
          }),
        ),
      )),
    );
  }
  const connectMs = Date.now() - connectStart;
  process.send!({ type: 'publishing' } satisfies LoadProgress);
  const cpuAtStart = process.cpuUsage();
  const topics = plan.devices.map((d) => (d.kind === 'battery' ? batteryTelemetryTopic(d.number) : vehicleTelemetryTopic(d.number)));
  // Each device's own wave, whichever publisher process has it: from its number.
  const waves = plan.devices.map((d) => Number(d.number.replace(/\D/g, '')) || 0);
  const published: Record<string, number[]> = Object.fromEntries(plan.devices.map((d) => [d.number, []]));
  const total = Math.round(plan.rate * plan.seconds);
  let sent = 0;
  const start = Date.now();
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const due = Math.min(total, Math.round(((Date.now() - start) / 1000) * plan.rate));
      for (; sent < due; sent++) {
        const index = sent % clients.length;
        const device = plan.devices[index]!;
        const now = Date.now();
        published[device.number]!.push(now);
        clients[index]!.publish(topics[index]!, payload(device.kind, waves[index]!, sent, now), { qos: 1 });
      }
      if (sent >= total) {
        clearInterval(timer);
        resolve();
      }
    }, 5);
  });
  // Every QoS 1 publish acknowledged by the broker before the connections close.
  await Promise.all(clients.map((c) => c.endAsync()));
  const cpu = process.cpuUsage(cpuAtStart);
  return { type: 'done', published, connectMs, publishMs: Date.now() - start, publishCpuMs: (cpu.user + cpu.system) / 1000 };
}

process.once('message', (plan: LoadPlan) => {
  run(plan).then(
    (report) => process.send!(report, () => process.exit(0)),
    (error: unknown) => {
      console.error(`load generator failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
});
