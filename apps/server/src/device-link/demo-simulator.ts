import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import readline from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface DemoSimulatorOptions {
  /** The embedded broker's port. */
  port: number;
  fleetFile: string;
  cabinets: number;
  vehicles: number;
  intervalMs: number;
  masterSecret: string;
  /**
   * Where the demo cabinets download firmware from instead of their links' https origin: the
   * server's own plain http address (docs/firmware.md, "Download links").
   */
  firmwareOrigin?: string;
  /** The simulator's control API port (docs/device-protocol.md, "Simulator"; 0: a free one, told in its log). */
  controlPort?: number;
  /** About how often the fleet raises a condition by itself, seconds (0 or absent: never). */
  alarmEverySeconds?: number;
}

export interface DemoSimulator {
  stop(): Promise<void>;
}

interface SimulatorLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

/**
 * Runs the simulator (apps/simulator) as a child process against the embedded broker, so the demo's
 * detail pages show live values. It needs the workspace's development tools (tsx); without them the
 * server runs without the fleet. The child stops with the server, even when the server dies (IPC link).
 */
export function startDemoSimulator(options: DemoSimulatorOptions, log: SimulatorLog): DemoSimulator | undefined {
  const main = fileURLToPath(new URL('../../../simulator/src/main.ts', import.meta.url));
  let loader: string;
  try {
    loader = createRequire(import.meta.url).resolve('tsx');
  } catch {
    log.warn({}, 'demo fleet not started: the simulator needs the development dependencies (npm ci)');
    return undefined;
  }
  if (!fs.existsSync(main)) {
    log.warn({ main }, 'demo fleet not started: simulator not found');
    return undefined;
  }
  const args = [
    '--url',
    `mqtt://127.0.0.1:${options.port}`,
    '--fleet',
    options.fleetFile,
    '--cabinets',
    String(options.cabinets),
    '--vehicles',
    String(options.vehicles),
    '--interval',
    String(options.intervalMs),
    ...(options.firmwareOrigin ? ['--firmware-origin', options.firmwareOrigin] : []),
    ...(options.controlPort !== undefined ? ['--control-port', String(options.controlPort)] : []),
    ...(options.alarmEverySeconds ? ['--alarm-every', String(options.alarmEverySeconds)] : []),
  ];
  const child = spawn(process.execPath, ['--import', pathToFileURL(loader).href, main, ...args], {
    env: { ...process.env, DEVICE_DEMO_SECRET: options.masterSecret },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  readline.createInterface({ input: child.stdout! }).on('line', (line) => log.info({}, line));
  readline.createInterface({ input: child.stderr! }).on('line', (line) => log.warn({}, line));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', (code, signal) => {
    if (code !== 0 && signal !== 'SIGTERM') log.warn({ code, signal }, 'demo fleet stopped');
  });
  log.info({ cabinets: options.cabinets, vehicles: options.vehicles }, 'demo fleet starting');
  return {
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
