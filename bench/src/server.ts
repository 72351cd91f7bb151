/**
 * The server a bench starts as its own process (bench:http, bench:memory): on a fresh data folder,
 * with its HTTP listener, its embedded MQTT broker and the demo's stand-in payment gateway each on a
 * free port, so it starts beside `npm start` or another bench's server (which hold the usual 8080,
 * 1883 and 8090).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../apps/server/src/test/free-port.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface BenchServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * `command` and `args` start the server (the built `apps/server/dist/main.js`, or the sources
 * through tsx); `env` comes on top of this process's and the free ports. Resolves once it answers
 * /api/health.
 */
export async function startBenchServer(options: {
  command: string;
  args: string[];
  env: Record<string, string>;
  label: string;
  timeoutSeconds: number;
}): Promise<BenchServer> {
  const [port, mqttPort, standInPort] = [await freePort(), await freePort(), await freePort()];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'swap-bench-'));
  const child = spawn(options.command, options.args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      MQTT_PORT: String(mqttPort),
      PAYMENT_STANDIN_PORT: String(standInPort),
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const end = Date.now() + options.timeoutSeconds * 1000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`${options.label}: server exited with code ${child.exitCode}`);
    }
    if (Date.now() > end) {
      await stop();
      throw new Error(`${options.label}: server did not become healthy within ${options.timeoutSeconds} s`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, pid: child.pid!, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
