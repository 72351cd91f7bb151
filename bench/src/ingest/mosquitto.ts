import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../../apps/server/src/test/free-port.js';

const BINARY = '/usr/sbin/mosquitto';

export interface Mosquitto {
  url: string;
  stop(): Promise<void>;
}

/**
 * A throwaway Mosquitto on a free loopback port with its config in a temporary folder; undefined
 * when Mosquitto is not installed. Anonymous: the bench measures throughput, not sign-in.
 */
export async function startMosquitto(): Promise<Mosquitto | undefined> {
  if (!fs.existsSync(BINARY)) return undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swap-mosquitto-'));
  const port = await freePort();
  const config = path.join(dir, 'mosquitto.conf');
  fs.writeFileSync(
    config,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      'persistence false',
      // Without these Mosquitto drops QoS 1 messages queued for a busy subscriber (the gateway).
      'max_queued_messages 0',
      'max_inflight_messages 0',
      'set_tcp_nodelay true',
      'log_dest none',
      '',
    ].join('\n'),
  );
  const child = spawn(BINARY, ['-c', config], { stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (up) return { url: `mqtt://127.0.0.1:${port}`, stop };
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error('Mosquitto did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
