import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { DEFAULT_DEVICE_DEMO_SECRET, demoFleet, SIMULATED_CONDITIONS } from '@swap/contracts';
import { askControl, DEFAULT_CONTROL_PORT } from './control.js';
import { startFleet } from './fleet.js';
import { parseFailureRates } from './commands.js';
import { parseFirmwareFailureRates } from './firmware.js';
import { parseSwapFailureRates, SWAP_FAILURE_CODES, SWAP_FAILURE_STEPS } from './swap-faults.js';

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
  --command-delay 100-400       each command answer comes after this many ms (0-0: at once)
  --command-failures CODE=rate  share of commands failing with a device failure code, e.g.
                                DOOR_FAILURE=0.05,BATTERY_DETECT_FAILURE=0.02,READ_BATTERY_ID_FAILURE=0.02
  --door-open-seconds 20        an opened door locks again after this long
  --swap-rate 0                 swaps per cabinet per hour (each asks the server to authorize)
  --swap-failures CODE=rate     share of swaps failing, e.g. OPEN_DOOR_FAILURE=0.05,READ_BATTERY_ID_FAILURE=0.02
                                at the return step (nothing moves): ${SWAP_FAILURE_CODES.filter((c) => SWAP_FAILURE_STEPS[c] === 'RETURN').join(', ')}
                                at the hand-out step (the rider's pack stays in): ${SWAP_FAILURE_CODES.filter((c) => SWAP_FAILURE_STEPS[c] === 'HANDOUT').join(', ')}
  --firmware-failures NAME=rate share of firmware updates failing, e.g.
                                DownloadFailed=0.05,InvalidChecksum=0.02,InstallationFailed=0.02
  --firmware-origin URL         download firmware from this origin instead of the link's (a local http server)
  --control-port ${DEFAULT_CONTROL_PORT}           the control API on this loopback port (0: a free one)
  --alarm-every 0               now and then (about every so many seconds) a cabinet or battery raises a
                                condition by itself, cleared after about --alarm-seconds (420)

Conditions on a running simulator (its control API, --control http://127.0.0.1:${DEFAULT_CONTROL_PORT}):
  npm run simulate -- raise DEVICE CONDITION [--compartment N]   hold a condition on a cabinet or battery
  npm run simulate -- clear DEVICE CONDITION                     end it
  npm run simulate -- conditions                                 list what is held
  CONDITION: ${SIMULATED_CONDITIONS.join(', ')} (cabinets: all but lowCharge;
  batteries: overheat, lowCharge, lowSignal, offline; doorOpen leaves compartment N open, 1 by default;
  failingSwaps: the cabinet's swaps fail at the return step, three at once, then one every four minutes;
  failingCommands: every command the cabinet is sent fails with QUERY_STATUS_FAILURE)
Device secrets derive from DEVICE_DEMO_SECRET (default as the server's).`;

/** Fetches a firmware link's path from another origin (the server's own http port on this machine). */
function fetchFrom(origin: string): (url: string) => Promise<Buffer> {
  return async (url) => {
    const link = new URL(url);
    const answer = await fetch(new URL(link.pathname + link.search, origin), { signal: AbortSignal.timeout(60_000) });
    if (!answer.ok) throw new Error(`download answered ${answer.status}`);
    return Buffer.from(await answer.arrayBuffer());
  };
}

function number(raw: string | undefined, name: string, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > max) throw new Error(`--${name} must be a number from 0 to ${max}`);
  return value;
}

function delayRange(raw: string | undefined): [number, number] {
  if (raw === undefined) return [100, 400];
  const [min = 0, max = min] = raw.split('-').map((part) => number(part, 'command-delay', 0, 60_000));
  if (max < min) throw new Error('--command-delay must be MIN-MAX in ms, e.g. 100-400');
  return [min, max];
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
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
      'command-delay': { type: 'string' },
      'command-failures': { type: 'string', default: '' },
      'door-open-seconds': { type: 'string' },
      'swap-rate': { type: 'string' },
      'swap-failures': { type: 'string', default: '' },
      'firmware-failures': { type: 'string', default: '' },
      'firmware-origin': { type: 'string' },
      'control-port': { type: 'string' },
      'alarm-every': { type: 'string' },
      'alarm-seconds': { type: 'string' },
      control: { type: 'string', default: `http://127.0.0.1:${DEFAULT_CONTROL_PORT}` },
      compartment: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (positionals.length > 0) return control(positionals, values.control, values.compartment);
  if (!fs.existsSync(values.fleet)) throw new Error(`${values.fleet} not found: start the server with demo devices first (npm start)`);
  const alarmEvery = number(values['alarm-every'], 'alarm-every', 0);
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
    commands: {
      delayMs: delayRange(values['command-delay']),
      failureRates: parseFailureRates(values['command-failures']),
      doorOpenMs: number(values['door-open-seconds'], 'door-open-seconds', 20) * 1000,
    },
    swapRatePerHour: number(values['swap-rate'], 'swap-rate', 0, 3600),
    swapFailures: parseSwapFailureRates(values['swap-failures']),
    firmware: {
      failureRates: parseFirmwareFailureRates(values['firmware-failures']),
      ...(values['firmware-origin'] ? { fetch: fetchFrom(values['firmware-origin']) } : {}),
    },
    controlPort: number(values['control-port'], 'control-port', DEFAULT_CONTROL_PORT, 65535),
    ...(alarmEvery > 0
      ? {
          randomAlarms: {
            everyMs: alarmEvery * 1000,
            lastMs: number(values['alarm-seconds'], 'alarm-seconds', 420) * 1000,
            firstMs: 60_000,
          },
        }
      : {}),
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

/** `raise`, `clear` and `conditions`: asks a running simulator's control API and prints what it holds. */
async function control(args: string[], origin: string, compartment: string | undefined): Promise<void> {
  const [verb, device, condition] = args;
  const answer =
    verb === 'conditions'
      ? await askControl(origin, 'GET', '/conditions')
      : verb === 'raise' && device && condition
        ? await askControl(origin, 'POST', '/conditions', {
            device,
            condition,
            ...(compartment ? { compartment: number(compartment, 'compartment', 1, 64) } : {}),
          })
        : verb === 'clear' && device && condition
          ? await askControl(origin, 'DELETE', `/conditions/${encodeURIComponent(device)}/${encodeURIComponent(condition)}`)
          : undefined;
  if (!answer) throw new Error(`unknown command ${args.join(' ')} (see --help)`);
  if (answer.body.error) throw new Error(answer.body.error);
  for (const held of answer.body.conditions ?? []) console.log(JSON.stringify(held));
}

main().catch((error: unknown) => {
  console.error(`[simulator] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
