import fs from 'node:fs/promises';
import mqtt from 'mqtt';
import type { Db } from '../db/client.js';
import type { LinkLog } from './link.js';
import { writeMosquittoAuthFromDb, type MosquittoAuthWritten, type MosquittoGateway } from './mosquitto.js';

export interface MosquittoAuthOptions {
  /** Where Mosquitto's `password_file` and `acl_file` live (MOSQUITTO_AUTH_DIR). */
  dir: string;
  /** A file holding Mosquitto's process id (MOSQUITTO_PID_FILE): it is sent SIGHUP to reload the files. */
  pidFile?: string | undefined;
}

export interface MosquittoAuthSync {
  /**
   * Rewrites the files from the database and has Mosquitto reload them; with a device number, also
   * ends that device's session on the broker (its secret was replaced). Resolves when a rewrite
   * begun after this call has finished; never rejects (failures are logged).
   */
  refresh(replacedDevice?: string): Promise<void>;
  /** Resolves when no rewrite runs or waits. */
  settled(): Promise<void>;
}

/** Sends SIGHUP to the process named in the pid file; Mosquitto 2 then reloads password_file and acl_file. */
export async function signalMosquittoReload(pidFile: string): Promise<number> {
  let text: string;
  try {
    text = await fs.readFile(pidFile, 'utf8');
  } catch (error) {
    throw new Error(`cannot read MOSQUITTO_PID_FILE ${pidFile}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`, {
      cause: error,
    });
  }
  const pid = Number(text.trim());
  if (!Number.isInteger(pid) || pid <= 0) throw new Error(`MOSQUITTO_PID_FILE ${pidFile} holds no process id`);
  try {
    process.kill(pid, 'SIGHUP');
  } catch (error) {
    throw new Error(`cannot signal Mosquitto (pid ${pid} from ${pidFile}): ${(error as NodeJS.ErrnoException).code ?? String(error)}`, {
      cause: error,
    });
  }
  return pid;
}

/**
 * Ends a device's session on the broker: MQTT has the broker close an existing client when another
 * connects with the same client id, so the gateway account connects as the device's number and
 * leaves at once. Mosquitto publishes the device's last will, so a cabinet shows offline.
 */
export async function takeOverClientId(url: string, gateway: MosquittoGateway, clientId: string): Promise<void> {
  const client = await mqtt.connectAsync(url, {
    clientId,
    username: gateway.username,
    password: gateway.password,
    clean: true,
    reconnectPeriod: 0,
    connectTimeout: 5000,
  });
  await client.endAsync();
}

/**
 * Keeps an external Mosquitto's password file and ACL in step with the database. Rewrites never
 * pile up: one runs at a time and at most one more waits, taking every request made meanwhile.
 */
export function mosquittoAuthSync(
  db: Db,
  url: string,
  gateway: MosquittoGateway,
  options: MosquittoAuthOptions,
  log: LinkLog,
): MosquittoAuthSync {
  let running: Promise<void> | undefined;
  let queued: { devices: Set<string>; done: Promise<void> } | undefined;

  const rewrite = async (replaced: Set<string>) => {
    let written: MosquittoAuthWritten;
    try {
      written = await writeMosquittoAuthFromDb(db, options.dir, gateway);
    } catch (error) {
      log.error({ dir: options.dir, error: String(error) }, 'Mosquitto password file not written');
      return;
    }
    log.info({ dir: options.dir, devices: written.devices }, 'Mosquitto password file and ACL written');
    if (written.withoutHash > 0)
      log.warn(
        { devices: written.withoutHash },
        'devices left out of the Mosquitto password file: secret set before Mosquitto hashes were kept, issue it again',
      );
    // Ended before the reload: Mosquitto 2 also closes, on reload, the sessions whose password no
    // longer matches, but without their last will; a takeover publishes it.
    await Promise.all(
      [...replaced].map((number) =>
        takeOverClientId(url, gateway, number).then(
          () => log.info({ device: number }, 'device disconnected on the broker: secret replaced'),
          (error: unknown) => log.warn({ device: number, error: String(error) }, 'device session not ended on the broker'),
        ),
      ),
    );
    if (options.pidFile)
      await signalMosquittoReload(options.pidFile).then(
        (pid) => log.info({ pid }, 'Mosquitto told to reload its password file and ACL'),
        (error: unknown) => log.error({ error: error instanceof Error ? error.message : String(error) }, 'Mosquitto not reloaded'),
      );
  };

  const start = (replaced: Set<string>): Promise<void> => {
    const run: Promise<void> = rewrite(replaced).finally(() => {
      if (running === run) running = undefined;
    });
    running = run;
    return run;
  };

  return {
    refresh(replacedDevice) {
      if (!running) return start(new Set(replacedDevice ? [replacedDevice] : []));
      if (!queued) {
        const devices = new Set<string>();
        const done = running.then(() => {
          queued = undefined;
          return start(devices);
        });
        queued = { devices, done };
      }
      if (replacedDevice) queued.devices.add(replacedDevice);
      return queued.done;
    },
    settled: async () => {
      while (running) await (queued?.done ?? running);
    },
  };
}
