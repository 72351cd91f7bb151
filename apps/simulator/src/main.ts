import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { DEFAULT_DEVICE_DEMO_SECRET, demoFleet } from '@swap/contracts';
import { startFleet } from './fleet.js';

const USAGE = `npm run simulate -- [options]
  --url mqtt://127.0.0.1:1883   broker (the server's embedded one by default)
  --cabinets 10                 how many demo cabinets to run
  --vehicles 0                  how many demo vehicles to run (Jakarta and Bangkok by turns)
  --interval 5000               telemetry interval, ms
  --fleet data/demo-fleet.json  written by the server's demo seed
  --no-batteries                do not run the slot batteries as devices
  --drop-rate 0                 share of messages silently dropped (0-1)
  --offline-rate 0              chance per cabinet per tick of a power cut (last will)
  --offline-seconds 30          how long a cut cabinet stays away
Device secrets derive from DEVICE_DEMO_SECRET (default as the server's).`;

function number(raw: string | undefined, name: string, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > max) throw new Error(`--${name} must be a number from 0 to ${max}`);
  return value;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: 'mqtt://127.0.0.1:1883' },
      cabinets: { type: 'string' },
      vehicles: { type: 'string' },
      interval: { type: 'string' },
      fleet: { type: 'string', default: 'data/demo-fleet.json' },
      'no-batteries': { type: 'boolean', default: false },
      'drop-rate': { type: 'string' },
      'offline-rate': { type: 'string' },
      'offline-seconds': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (!fs.existsSync(values.fleet)) throw new Error(`${values.fleet} not found: start the server with demo devices first (npm start)`);
  const fleet = demoFleet.parse(JSON.parse(fs.readFileSync(values.fleet, 'utf8')));
  const running = await startFleet({
    url: values.url,
    masterSecret: process.env.DEVICE_DEMO_SECRET || DEFAULT_DEVICE_DEMO_SECRET,
    fleet,
    cabinets: number(values.cabinets, 'cabinets', 10),
    vehicles: number(values.vehicles, 'vehicles', 0),
    intervalMs: Math.max(100, number(values.interval, 'interval', 5000)),
    batteries: !values['no-batteries'],
    faults: {
      dropRate: number(values['drop-rate'], 'drop-rate', 0, 1),
      offlineRate: number(values['offline-rate'], 'offline-rate', 0, 1),
      offlineMs: number(values['offline-seconds'], 'offline-seconds', 30) * 1000,
    },
    seed: Date.now() % 100000,
    log: (line) => console.log(`[simulator] ${line}`),
  });
  const stop = () => {
    void running.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // Started by the server (npm start's demo fleet): stop when it goes, however it goes.
  if (process.send) process.on('disconnect', stop);
}

main().catch((error: unknown) => {
  console.error(`[simulator] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
