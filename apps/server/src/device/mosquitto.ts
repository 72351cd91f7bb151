import { pbkdf2Sync, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { DEVICE_DOWNLINK, DEVICE_UPLINK, TOPIC_ROOT, type DeviceKind } from '@swap/contracts';

/** Mosquitto 2's password hash ($7$): PBKDF2-HMAC-SHA512, 101 rounds, 12-byte salt, as mosquitto_passwd writes it. */
export function mosquittoPasswordLine(username: string, password: string, salt: Buffer = randomBytes(12)): string {
  if (username.includes(':') || /\s/.test(username)) throw new Error(`Not a Mosquitto username: ${username}`);
  const hash = pbkdf2Sync(password, salt, 101, 64, 'sha512');
  return `${username}:$7$101$${salt.toString('base64')}$${hash.toString('base64')}`;
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

export interface MosquittoAccounts {
  gateway: { username: string; password: string };
  devices: { number: string; secret: string }[];
}

/** Writes `passwords` and `acl` into dir (mode 600) for `password_file` and `acl_file` in mosquitto.conf. */
export async function writeMosquittoAuth(dir: string, accounts: MosquittoAccounts): Promise<{ passwordFile: string; aclFile: string }> {
  await fs.mkdir(dir, { recursive: true });
  const passwordFile = path.join(dir, 'passwords');
  const aclFile = path.join(dir, 'acl');
  const lines = [
    mosquittoPasswordLine(accounts.gateway.username, accounts.gateway.password),
    ...accounts.devices.map((d) => mosquittoPasswordLine(d.number, d.secret)),
  ];
  await fs.writeFile(passwordFile, `${lines.join('\n')}\n`, { mode: 0o600 });
  await fs.writeFile(aclFile, mosquittoAcl(accounts.gateway.username), { mode: 0o600 });
  return { passwordFile, aclFile };
}
