import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from './app/config.js';
import { openDatabase } from './db/client.js';
import { signalMosquittoReload, writeMosquittoAuthFromDb } from './device-link/index.js';

const USAGE = `Usage: npm run mosquitto:auth -w apps/server -- <dir>

Writes Mosquitto's password file (<dir>/passwords) and ACL (<dir>/acl) from the database the server
uses (DATABASE_URL, or the embedded database under DATA_DIR: stop the server first, it holds that
folder). The gateway account comes from MQTT_USERNAME and MQTT_PASSWORD. With MOSQUITTO_PID_FILE
set, Mosquitto is then sent SIGHUP to reload the files. <dir> defaults to MOSQUITTO_AUTH_DIR.`;

/** Writes Mosquitto's password file and ACL from the database, for a broker the server does not write for itself. */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return;
  }
  // npm runs workspace scripts in the workspace folder; paths are meant from where it was called.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  // The server's own check of MOSQUITTO_AUTH_DIR (it needs MQTT_URL) does not apply here.
  const config = loadConfig({ ...process.env, MOSQUITTO_AUTH_DIR: undefined });
  const dir = args[0] ?? process.env.MOSQUITTO_AUTH_DIR;
  if (!dir || args.length > 1) throw new Error(`Name one folder to write.\n\n${USAGE}`);
  if (!config.mqttUsername || !config.mqttPassword)
    throw new Error('Set MQTT_USERNAME and MQTT_PASSWORD: the gateway account is the first line of the password file.');
  const dataDir = path.join(config.dataDir, 'pglite');
  if (!config.databaseUrl && !fs.existsSync(dataDir))
    throw new Error(`No database at ${dataDir}: set DATA_DIR (or DATABASE_URL) as for the server.`);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir });
  try {
    const written = await writeMosquittoAuthFromDb(database.db, dir, { username: config.mqttUsername, password: config.mqttPassword });
    console.log(
      `${path.resolve(written.passwordFile)}: the gateway account and ${written.devices} devices\n${path.resolve(written.aclFile)}`,
    );
    if (written.withoutHash > 0)
      console.warn(`${written.withoutHash} devices left out: their secrets were set before Mosquitto hashes were kept; issue them again.`);
  } finally {
    await database.close();
  }
  if (config.mosquittoPidFile) {
    const pid = await signalMosquittoReload(config.mosquittoPidFile);
    console.log(`Mosquitto (pid ${pid}) told to reload them.`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
