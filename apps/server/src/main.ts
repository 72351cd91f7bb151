import { loadConfig } from './app/config.js';
import { buildApp } from './app/build-app.js';
import { openDatabase } from './db/client.js';
import { seed } from './db/seed.js';
import { useFastPasswordHashing } from './modules/auth/password.js';

/** Starts the back-office: database and migrations, seed, HTTP server; stops cleanly on signals. */
async function main(): Promise<void> {
  const config = loadConfig();
  useFastPasswordHashing(config.fastPasswordHashing);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: `${config.dataDir}/pglite` });
  await database.migrate();
  await seed(database.db, {
    demo: config.demo,
    demoDevices: config.demoDevices,
    adminUsername: config.adminUsername,
    adminPassword: config.adminPassword,
  });
  const app = await buildApp(config, database);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
