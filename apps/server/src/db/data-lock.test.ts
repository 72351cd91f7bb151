import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DataFolderInUse, lockDataFolder } from './data-lock.js';
import { openDatabase } from './client.js';
import { freePort } from '../test/free-port.js';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

interface Started {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

/** The real server (its source through tsx, the contracts' source too) on a data folder and a free port. */
async function startServer(dataDir: string, tsconfig: string): Promise<Started> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      TSX_TSCONFIG_PATH: tsconfig,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      MQTT_ENABLED: '0',
      DEMO_DEVICES: '0',
      FAST_PASSWORD_HASHING: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, port, output: () => output, exited };
}

/** Resolves once the server answers its health check; rejects if it exits first. */
async function healthy(server: Started): Promise<void> {
  const end = Date.now() + 120_000;
  while (Date.now() < end) {
    if (server.child.exitCode !== null) throw new Error(`server exited (${server.child.exitCode}): ${server.output()}`);
    const ok = await fetch(`http://127.0.0.1:${server.port}/api/health`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not answer: ${server.output()}`);
}

describe('one data folder, one server', () => {
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'swap-lock-'));
  const started: Started[] = [];
  afterAll(async () => {
    for (const server of started) if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await Promise.all(started.map((server) => server.exited));
    fs.rmSync(temp, { recursive: true, force: true });
  });

  it('refuses a second server on the same DATA_DIR, naming the folder and the running pid; a server killed with -9 does not block the next', async () => {
    const dataDir = path.join(temp, 'data');
    // The contracts' source, as the tests read it (no build needed).
    const tsconfig = path.join(temp, 'tsconfig.json');
    const contracts = path.join(repoRoot, 'packages/contracts/src/index.ts');
    fs.writeFileSync(tsconfig, JSON.stringify({ compilerOptions: { module: 'NodeNext', paths: { '@swap/contracts': [contracts] } } }));

    const first = await startServer(dataDir, tsconfig);
    started.push(first);
    await healthy(first);

    const second = await startServer(dataDir, tsconfig);
    started.push(second);
    const outcome = await healthy(second).then(
      () => 'served' as const,
      () => 'refused' as const,
    );
    expect(outcome).toBe('refused');
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toContain(`The data folder ${dataDir} is in use by another server (pid ${first.child.pid})`);
    await healthy(first);

    first.child.kill('SIGKILL');
    await first.exited;
    const third = await startServer(dataDir, tsconfig);
    started.push(third);
    await healthy(third);
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'server.lock'), 'utf8'))).toMatchObject({ pid: third.child.pid });

    // A clean stop gives the folder back.
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  }, 300_000);

  it('refuses to open the embedded database twice, also within one process', async () => {
    const dataDir = path.join(temp, 'twice', 'pglite');
    const database = await openDatabase({ dataDir });
    try {
      await expect(openDatabase({ dataDir })).rejects.toThrow(DataFolderInUse);
    } finally {
      await database.close();
    }
    const again = await openDatabase({ dataDir });
    await again.close();
  });

  it('takes over a lock left by a process that is gone, and keeps one of another host while it is fresh', () => {
    const folder = path.join(temp, 'stale');
    fs.mkdirSync(folder, { recursive: true });
    const lockFile = path.join(folder, 'server.lock');
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    fs.writeFileSync(lockFile, JSON.stringify({ pid: Number(gone.stdout), host: os.hostname(), started: null }));
    lockDataFolder(folder).release();

    fs.writeFileSync(lockFile, JSON.stringify({ pid: 4242, host: 'elsewhere', started: null }));
    expect(() => lockDataFolder(folder)).toThrow(/in use by another server \(pid 4242 on host elsewhere\)/);
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(lockFile, old, old);
    lockDataFolder(folder).release();
    expect(fs.existsSync(lockFile)).toBe(false);
  });
});
