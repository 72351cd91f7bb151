import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { writeMosquittoAuth, type MosquittoAccounts } from '../device-link/mosquitto.js';
import { freePort } from './free-port.js';

export interface RunningMosquitto {
  url: string;
  /** Its process id (what Mosquitto's pid_file would hold). */
  pid: number;
  stop(): Promise<void>;
}

export const MOSQUITTO_BIN = process.env.MOSQUITTO_BIN ?? '/usr/sbin/mosquitto';

/** Mosquitto is installed (scripts/ensure-mosquitto.sh), or its tests are required anyway (REQUIRE_MOSQUITTO=1, npm test). */
export const mosquittoWanted = fs.existsSync(MOSQUITTO_BIN) || process.env.REQUIRE_MOSQUITTO === '1';

async function waitForPort(port: number, exited: () => boolean, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (exited()) throw new Error(`mosquitto did not start (${MOSQUITTO_BIN}; install it with scripts/ensure-mosquitto.sh)`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`mosquitto did not listen on ${port} within ${timeoutMs} ms`);
}

/**
 * A throwaway Mosquitto for one test file: a free port on 127.0.0.1, no anonymous clients, the
 * generated password file and ACL, nothing persisted. `max_queued_messages 0` lifts the per-client
 * queue limit, without which Mosquitto drops QoS 1 messages to a busy gateway. Given `{ authDir }`,
 * it reads `passwords` and `acl` already written there (and left in place on stop).
 */
export async function startMosquitto(auth: MosquittoAccounts | { authDir: string }): Promise<RunningMosquitto> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swap-mosquitto-'));
  const port = await freePort();
  const { passwordFile, aclFile } =
    'authDir' in auth
      ? { passwordFile: path.join(auth.authDir, 'passwords'), aclFile: path.join(auth.authDir, 'acl') }
      : await writeMosquittoAuth(dir, auth);
  const config = [
    `listener ${port} 127.0.0.1`,
    'allow_anonymous false',
    `password_file ${passwordFile}`,
    `acl_file ${aclFile}`,
    'persistence false',
    'max_queued_messages 0',
    'log_dest stderr',
    'log_type error',
    'log_type warning',
    // Run as root (CI), Mosquitto would switch to its own user and lose access to the files above.
    ...(process.getuid?.() === 0 ? ['user root'] : []),
  ];
  const configFile = path.join(dir, 'mosquitto.conf');
  fs.writeFileSync(configFile, `${config.join('\n')}\n`);
  const child = spawn(MOSQUITTO_BIN, ['-c', configFile], { stdio: ['ignore', 'ignore', 'inherit'] });
  let failure: Error | undefined;
  child.once('error', (error) => {
    failure = error;
  });
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });
  const stop = async () => {
    if (!failure && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForPort(port, () => child.exitCode !== null || failure !== undefined, 10_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `mqtt://127.0.0.1:${port}`, pid: child.pid!, stop };
}
