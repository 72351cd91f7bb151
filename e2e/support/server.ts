import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningServer {
  baseURL: string;
  dataDir: string;
  /** The server's embedded MQTT broker, where specs connect simulated devices. */
  mqttUrl: string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode} before answering ${url}`);
    try {
      const answer = await fetch(url);
      if (answer.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs} ms`);
}

/**
 * Starts the built server (apps/server/dist) on a free port with a fresh data folder, demo data,
 * fast password hashing, its embedded MQTT broker and its stand-in payment gateway on other free
 * ports; its output goes to `logFile`.
 */
export async function startServer(options: { logFile: string; env?: Record<string, string>; port?: number }): Promise<RunningServer> {
  const entry = path.join(repoRoot, 'apps/server/dist/main.js');
  if (!fs.existsSync(entry)) throw new Error(`${entry} is missing: build first (npm run build)`);
  const webDist = process.env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist');
  if (!fs.existsSync(path.join(webDist, 'index.html'))) throw new Error(`${webDist}/index.html is missing: build first (npm run build)`);

  const port = options.port ?? (await freePort());
  const mqttPort = await freePort();
  const standInPort = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'swap-e2e-'));
  fs.mkdirSync(path.dirname(options.logFile), { recursive: true });
  const log = fs.openSync(options.logFile, 'w');
  const child = spawn(process.execPath, [entry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO: '1',
      FAST_PASSWORD_HASHING: '1',
      LOG_LEVEL: 'warn',
      // Its own embedded broker; specs that want devices start their own simulated fleet.
      MQTT_PORT: String(mqttPort),
      MQTT_URL: '',
      DEMO_FLEET_CABINETS: '0',
      DEMO_FLEET_VEHICLES: '0',
      // The demo's stand-in payment gateway on a port of its own (a demo server elsewhere may hold its usual one).
      PAYMENT_STANDIN_PORT: String(standInPort),
      ...options.env,
    },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);

  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(`${baseURL}/api/health`, child, 180_000); // migrations and the demo seed take long on a loaded machine
  } catch (error) {
    await stop();
    const tail = fs.readFileSync(options.logFile, 'utf8').split('\n').slice(-30).join('\n');
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n--- server log ---\n${tail}`, { cause: error });
  }
  return { baseURL, dataDir, mqttUrl: `mqtt://127.0.0.1:${mqttPort}`, stop };
}
