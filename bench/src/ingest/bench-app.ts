/**
 * The app the device benches (bench:ingest, bench:alarms) run against: a fresh database with the
 * bench's administrator, and the device link's gateway wired through a device hub to the app.
 */
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../../apps/server/src/app/config.js';
import { buildApp } from '../../../apps/server/src/app/build-app.js';
import { openDatabase, type Database } from '../../../apps/server/src/db/client.js';
import { seed } from '../../../apps/server/src/db/seed.js';
import { DeviceHub } from '../../../apps/server/src/app/device-hub.js';
import { startDeviceGateway, type DeviceGateway } from '../../../apps/server/src/device-link/gateway.js';

/** The platform administrator the benches sign in as. */
export const BENCH_ADMIN = { username: 'benchadmin', password: 'Bench-admin-2026' };

const silentLog = { info: () => undefined, warn: () => undefined, error: (_f: object, m: string) => console.error(m) };

/** A fresh in-memory PGlite, or the PostgreSQL of DATABASE_URL; migrated, with the bench's administrator and no demo. */
export async function openBenchDatabase(options: { pgliteInServerThread?: boolean } = {}): Promise<Database> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const database = await openDatabase({ databaseUrl, dataDir: 'memory://', ...options });
  await database.migrate();
  await seed(database.db, { demo: false, adminUsername: BENCH_ADMIN.username, adminPassword: BENCH_ADMIN.password });
  return database;
}

export interface BenchApp {
  hub: DeviceHub;
  app: FastifyInstance;
  /** The broker the devices connect to: the one given, else the gateway's embedded one. */
  url: string;
  /** Closes the app, then the gateway. */
  close(): Promise<void>;
}

/** The device link's gateway (on `brokerUrl`, else an embedded broker on a free port) and the app, sharing one device hub. */
export async function startBenchApp(database: Database, brokerUrl?: string): Promise<BenchApp> {
  const hub = new DeviceHub();
  const gateway: DeviceGateway = await startDeviceGateway(
    database.db,
    { url: brokerUrl, host: '127.0.0.1', port: 0, heartbeatTimeoutSeconds: 600 },
    silentLog,
    hub,
  );
  const app = await buildApp(loadConfig({ DEMO: '0', LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '1000000' }), database, {
    logger: false,
    deviceHub: hub,
  });
  return {
    hub,
    app,
    url: brokerUrl ?? `mqtt://127.0.0.1:${gateway.port}`,
    async close() {
      await app.close();
      await gateway.close();
    },
  };
}
