import fs from 'node:fs/promises';
import path from 'node:path';
import { DEVICE_DOWNLINK, DEVICE_UPLINK, TOPIC_ROOT, type DeviceKind } from '@swap/contracts';
import type { Db } from '../db/client.js';
import { brokerHashesAfter, countWithoutBrokerHash, mosquittoPasswordHash } from '../modules/device-credential/index.js';

function checkUsername(username: string): string {
  if (username === '' || username.includes(':') || /\s/.test(username)) throw new Error(`Not a Mosquitto username: ${username}`);
  return username;
}

/** One line of Mosquitto's password file: `username:$7$…`. */
export function mosquittoPasswordLine(username: string, password: string, salt?: Buffer): string {
  return `${checkUsername(username)}:${mosquittoPasswordHash(password, salt)}`;
}

/**
 * The ACL: every device may publish its kind's uplink channels and read its downlink ones under
 * its own number (`%u`: devices sign in with their number as username); the gateway account may
 * read and write every device topic. A device publishing under another kind's path with its own
 * number is dropped by the gateway (no such cabinet/battery/vehicle).
 */
export function mosquittoAcl(gatewayUsername: string): string {
  const lines = ['# Generated: devices reach only their own topics, the gateway all of them.'];
  for (const kind of Object.keys(DEVICE_UPLINK) as DeviceKind[]) {
    for (const channel of DEVICE_UPLINK[kind]) lines.push(`pattern write ${TOPIC_ROOT}/${kind}/%u/${channel}`);
    for (const channel of DEVICE_DOWNLINK[kind]) lines.push(`pattern read ${TOPIC_ROOT}/${kind}/%u/${channel}`);
  }
  lines.push('', `user ${gatewayUsername}`, `topic readwrite ${TOPIC_ROOT}/#`, '');
  return lines.join('\n');
}

export interface MosquittoGateway {
  username: string;
  password: string;
}

export interface MosquittoAccounts {
  gateway: MosquittoGateway;
  devices: { number: string; secret: string }[];
}

export interface MosquittoFiles {
  passwordFile: string;
  aclFile: string;
}

/**
 * Writes a file whole or not at all: a temporary file beside it (mode 600), then a rename, so
 * Mosquitto reloading at any moment reads either the old file or the new one.
 */
async function replaceFile(file: string, write: (handle: fs.FileHandle) => Promise<void>): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  const handle = await fs.open(temporary, 'w', 0o600);
  try {
    await handle.chmod(0o600);
    await write(handle);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await fs.rm(temporary, { force: true });
    throw error;
  }
  await handle.close();
  await fs.rename(temporary, file);
}

function filesIn(dir: string): MosquittoFiles {
  return { passwordFile: path.join(dir, 'passwords'), aclFile: path.join(dir, 'acl') };
}

/** Writes `passwords` and `acl` into dir (mode 600) for `password_file` and `acl_file` in mosquitto.conf. */
export async function writeMosquittoAuth(dir: string, accounts: MosquittoAccounts): Promise<MosquittoFiles> {
  await fs.mkdir(dir, { recursive: true });
  const files = filesIn(dir);
  const lines = [
    mosquittoPasswordLine(accounts.gateway.username, accounts.gateway.password),
    ...accounts.devices.map((d) => mosquittoPasswordLine(d.number, d.secret)),
  ];
  await replaceFile(files.passwordFile, (handle) => handle.writeFile(`${lines.join('\n')}\n`));
  await replaceFile(files.aclFile, (handle) => handle.writeFile(mosquittoAcl(accounts.gateway.username)));
  return files;
}

/** Rows read per query while writing the password file: memory stays flat however many devices there are. */
const PAGE = 5000;

export interface MosquittoAuthWritten extends MosquittoFiles {
  /** Devices written to the password file. */
  devices: number;
  /** Devices with a secret but no Mosquitto hash (set before hashes were kept): they cannot sign in until issued again. */
  withoutHash: number;
}

/**
 * Writes `passwords` and `acl` into dir from the database: the gateway account first, then every
 * device with a secret, from the Mosquitto hash stored when the secret was set. The ACL is written
 * after the password file, each replaced whole.
 */
export async function writeMosquittoAuthFromDb(db: Db, dir: string, gateway: MosquittoGateway): Promise<MosquittoAuthWritten> {
  await fs.mkdir(dir, { recursive: true });
  const files = filesIn(dir);
  const gatewayLine = mosquittoPasswordLine(gateway.username, gateway.password);
  let devices = 0;
  await replaceFile(files.passwordFile, async (handle) => {
    await handle.write(`${gatewayLine}\n`);
    let after = '';
    for (;;) {
      const rows = await brokerHashesAfter(db, after, PAGE);
      // The gateway's own account is never overwritten by a device of the same name.
      const lines = rows.filter((row) => row.number !== gateway.username).map((row) => `${checkUsername(row.number)}:${row.brokerHash}\n`);
      if (lines.length) await handle.write(lines.join(''));
      devices += lines.length;
      if (rows.length < PAGE) break;
      after = rows[rows.length - 1]!.number;
    }
  });
  await replaceFile(files.aclFile, (handle) => handle.writeFile(mosquittoAcl(gateway.username)));
  return { ...files, devices, withoutHash: await countWithoutBrokerHash(db) };
}
