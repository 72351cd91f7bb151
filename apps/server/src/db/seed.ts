import { messageText, newPassword } from '@swap/contracts';
import type { Db } from './client.js';
import { addSuperAdmin, hashPassword, passwordWeakness, superAdminExists, usernameExists } from '../modules/account/index.js';
import { seedModuleDemos, setUpModules } from '../modules/index.js';

export interface SeedOptions {
  demo: boolean;
  adminUsername?: string | undefined;
  adminPassword?: string | undefined;
  /** Demo types, devices and stock history (DEMO_DEVICES, on unless 0); only with demo. */
  demoDevices?: boolean;
  /** With demo devices: their MQTT credentials derive from this master secret. */
  deviceDemoSecret?: string | undefined;
}

/**
 * What every start writes before serving: each module's set-up rows, the super administrator named
 * by ADMIN_USERNAME, and with DEMO each module's demo rows in the registry's order. The rows
 * themselves belong to their modules (docs/architecture.md, "Who owns demo rows").
 */
export async function seed(db: Db, options: SeedOptions): Promise<void> {
  await setUpModules(db);
  if (options.adminUsername) await ensureSuperAdmin(db, options.adminUsername, options.adminPassword);
  if (options.demo) {
    const withDevices = options.demoDevices ?? true;
    await seedModuleDemos(db, { withDevices, deviceSecret: withDevices ? options.deviceDemoSecret : undefined });
  } else if (!(await superAdminExists(db))) {
    throw new Error('No super administrator exists: set ADMIN_USERNAME and ADMIN_PASSWORD (or DEMO=1)');
  }
}

async function ensureSuperAdmin(db: Db, username: string, password: string | undefined): Promise<void> {
  if (await usernameExists(db, username)) return;
  const checked = newPassword.safeParse(password ?? '');
  if (!checked.success) throw new Error('ADMIN_PASSWORD is too weak: use 8 to 64 characters mixing letters and digits');
  const weakness = await passwordWeakness(checked.data, username);
  if (weakness) throw new Error(`ADMIN_PASSWORD is refused: ${messageText(weakness, 'en')}`);
  await addSuperAdmin(db, username, await hashPassword(checked.data));
}
