import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pbkdf2Sync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { startTestServer, type TestServer } from '../test/harness.js';
import { createDeviceTypes, platformAdmin } from '../test/factories.js';
import { mosquittoWanted, startMosquitto } from '../test/mosquitto.js';
import { demoDeviceSecret, seedDemoDeviceCredentials, setDeviceSecret } from '../modules/device-credential/index.js';
import { deviceCredentials } from '../modules/device-credential/device-credential.table.js';
import { mosquittoAcl, mosquittoPasswordLine, writeMosquittoAuthFromDb } from './mosquitto.js';
import { cabinetApi } from '@swap/contracts';

const GATEWAY = { username: 'swap-gateway', password: 'gateway-secret-0123456789' };
const CABINET = { number: 'CMA0001', secret: 'cabinet-secret-0123456789' };
const BATTERY = { number: 'BMA0001', secret: 'battery-secret-0123456789' };
/** A credential set before Mosquitto hashes were kept: only the SHA-256 hash is known. */
const OLD = 'VMA0001';
/** A registered cabinet given its secret by the demo seeding. */
const DEMO_CABINET = 'CMA0009';

/** Checks one password-file line the way Mosquitto does: PBKDF2-SHA512 over the password with the line's salt and rounds. */
function acceptsPassword(line: string, password: string): boolean {
  const match = /^[^:]+:\$7\$(\d+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/.exec(line);
  if (!match) throw new Error(`not a $7$ line: ${line}`);
  const [, rounds, salt, hash] = match;
  return pbkdf2Sync(password, Buffer.from(salt!, 'base64'), Number(rounds), 64, 'sha512').toString('base64') === hash;
}

const passwordLines = (dir: string) => fs.readFileSync(path.join(dir, 'passwords'), 'utf8').trimEnd().split('\n');
const lineOf = (dir: string, username: string) => passwordLines(dir).find((line) => line.startsWith(`${username}:`));

describe('Mosquitto password file and ACL from the database', () => {
  let server: TestServer;
  let dir: string;

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swap-mosquitto-auth-'));
    await setDeviceSecret(server.db, { kind: 'cabinet', number: CABINET.number }, CABINET.secret);
    await setDeviceSecret(server.db, { kind: 'battery', number: BATTERY.number }, BATTERY.secret);
    await server.db.insert(deviceCredentials).values({ kind: 'vehicle', number: OLD, secretHash: 'ab'.repeat(32) });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes the gateway account first, then every device with its secret, readable by its owner only', async () => {
    const written = await writeMosquittoAuthFromDb(server.db, dir, GATEWAY);
    expect(written).toMatchObject({ devices: 2, withoutHash: 1 });
    const lines = passwordLines(dir);
    expect(lines.map((line) => line.split(':')[0])).toEqual([GATEWAY.username, BATTERY.number, CABINET.number]);
    expect(acceptsPassword(lines[0]!, GATEWAY.password)).toBe(true);
    expect(acceptsPassword(lineOf(dir, CABINET.number)!, CABINET.secret)).toBe(true);
    expect(acceptsPassword(lineOf(dir, BATTERY.number)!, BATTERY.secret)).toBe(true);
    expect(acceptsPassword(lineOf(dir, CABINET.number)!, BATTERY.secret)).toBe(false);
    expect(fs.readFileSync(path.join(dir, 'acl'), 'utf8')).toBe(mosquittoAcl(GATEWAY.username));
    for (const file of ['passwords', 'acl']) expect(fs.statSync(path.join(dir, file)).mode & 0o777).toBe(0o600);
    // Replaced whole: no temporary file is left beside them.
    expect(fs.readdirSync(dir).sort()).toEqual(['acl', 'passwords']);
  });

  it('follows a replaced secret on the next write', async () => {
    const replaced = 'cabinet-secret-replaced-0123';
    await setDeviceSecret(server.db, { kind: 'cabinet', number: CABINET.number }, replaced);
    await writeMosquittoAuthFromDb(server.db, dir, GATEWAY);
    expect(acceptsPassword(lineOf(dir, CABINET.number)!, replaced)).toBe(true);
    expect(acceptsPassword(lineOf(dir, CABINET.number)!, CABINET.secret)).toBe(false);
    await setDeviceSecret(server.db, { kind: 'cabinet', number: CABINET.number }, CABINET.secret);
  });

  it('stores the same format mosquittoPasswordLine writes, with a fresh salt each time', async () => {
    const [row] = await server.db
      .select({ brokerHash: deviceCredentials.brokerHash })
      .from(deviceCredentials)
      .where(eq(deviceCredentials.number, BATTERY.number));
    const stored = `${BATTERY.number}:${row!.brokerHash!}`;
    const salt = Buffer.from(stored.split('$')[3]!, 'base64');
    expect(stored).toBe(mosquittoPasswordLine(BATTERY.number, BATTERY.secret, salt));
    expect(salt).toHaveLength(12);
    expect(mosquittoPasswordLine(BATTERY.number, BATTERY.secret)).not.toBe(stored);
  });

  it('gives demo devices their Mosquitto hashes and leaves them alone on a re-run', async () => {
    const admin = (await platformAdmin(server)).token;
    const types = await createDeviceTypes(server, admin);
    await server.request(cabinetApi.add, { number: DEMO_CABINET, typeId: types.cabinet }, { token: admin });
    const credential = async () => (await server.db.select().from(deviceCredentials).where(eq(deviceCredentials.number, DEMO_CABINET)))[0]!;
    await seedDemoDeviceCredentials(server.db, 'first-master');
    const seeded = await credential();
    expect(acceptsPassword(`${DEMO_CABINET}:${seeded.brokerHash!}`, demoDeviceSecret('first-master', DEMO_CABINET))).toBe(true);
    await seedDemoDeviceCredentials(server.db, 'first-master');
    expect(await credential()).toEqual(seeded);
    await seedDemoDeviceCredentials(server.db, 'second-master');
    const reseeded = await credential();
    expect(acceptsPassword(`${DEMO_CABINET}:${reseeded.brokerHash!}`, demoDeviceSecret('second-master', DEMO_CABINET))).toBe(true);
    expect(reseeded.updatedAt.getTime()).toBeGreaterThanOrEqual(seeded.updatedAt.getTime());
  });

  it.runIf(mosquittoWanted)('is what Mosquitto signs devices in with', async () => {
    await writeMosquittoAuthFromDb(server.db, dir, GATEWAY);
    const mosquitto = await startMosquitto({ authDir: dir });
    const signIn = (username: string, password: string) =>
      mqtt.connectAsync(mosquitto.url, { clientId: username, username, password, reconnectPeriod: 0, connectTimeout: 2000 });
    try {
      for (const [username, password] of [
        [GATEWAY.username, GATEWAY.password],
        [CABINET.number, CABINET.secret],
        [BATTERY.number, BATTERY.secret],
      ] as const) {
        const client = await signIn(username, password);
        expect(client.connected).toBe(true);
        await client.endAsync();
      }
      await expect(signIn(CABINET.number, BATTERY.secret)).rejects.toThrow(/Not authorized|Bad username or password/);
      await expect(signIn(OLD, 'anything')).rejects.toThrow(/Not authorized|Bad username or password/);
    } finally {
      await mosquitto.stop();
    }
  });
});
