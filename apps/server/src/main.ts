import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig, type Config } from './app/config.js';
import { buildApp } from './app/build-app.js';
import { openDatabase, type Db } from './db/client.js';
import { seed } from './db/seed.js';
import { useFastPasswordHashing } from './modules/account/index.js';
import { DeviceHub } from './app/device-hub.js';
import {
  startChangeRelay,
  startDemoCommands,
  startDemoSimulator,
  startDeviceGateway,
  writeDemoFleet,
  type ChangeRelay,
  type DeviceGateway,
} from './device-link/index.js';
import { startConfiguredStandIn } from './stand-in-gateway/index.js';

/**
 * The device link must not take the back-office down: a taken port or an unreachable broker is
 * logged plainly and the server runs without it.
 */
async function startGateway(config: Config, db: Db, log: FastifyBaseLogger, hub: DeviceHub): Promise<DeviceGateway | undefined> {
  if (!config.mqttEnabled) return undefined;
  try {
    return await startDeviceGateway(
      db,
      {
        url: config.mqttUrl,
        username: config.mqttUsername,
        password: config.mqttPassword,
        host: '127.0.0.1',
        port: config.mqttPort,
        limits: {
          maxPacketBytes: config.mqttMaxPacketBytes,
          maxConnections: config.mqttMaxConnections,
          connectTimeoutMs: config.mqttConnectTimeoutSeconds * 1000,
        },
        heartbeatTimeoutSeconds: config.deviceHeartbeatTimeoutSeconds,
        controlConcurrency: config.deviceControlConcurrency,
        telemetryLimit: config.deviceTelemetryLimit,
        shareGroup: config.mqttShareGroup,
        mosquittoAuth: config.mosquittoAuthDir ? { dir: config.mosquittoAuthDir, pidFile: config.mosquittoPidFile } : undefined,
      },
      log,
      hub,
    );
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'EADDRINUSE'
        ? `port ${config.mqttPort} is already in use (set MQTT_PORT, or MQTT_URL for an external broker, or MQTT_ENABLED=0)`
        : error instanceof Error
          ? error.message
          : String(error);
    log.error(`device link not started: ${reason}; the back-office runs without it`);
    return undefined;
  }
}

/** Starts the back-office: database and migrations, seed, HTTP server, device link; stops cleanly on signals. */
async function main(): Promise<void> {
  const config = loadConfig();
  useFastPasswordHashing(config.fastPasswordHashing);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: `${config.dataDir}/pglite`,
    pgliteInServerThread: config.pgliteInServerThread,
  });
  await database.migrate();
  await seed(database.db, {
    demo: config.demo,
    demoDevices: config.demoDevices,
    adminUsername: config.adminUsername,
    adminPassword: config.adminPassword,
    deviceDemoSecret: config.deviceDemoSecret,
  });
  const deviceHub = new DeviceHub();
  const app = await buildApp(config, database, { deviceHub });
  const fleetFile = path.join(config.dataDir, 'demo-fleet.json');
  if (config.demo && config.demoDevices) await writeDemoFleet(database.db, fleetFile);
  const gateway = await startGateway(config, database.db, app.log, deviceHub);
  // Several servers on one broker and one database: live screens hear what any of them stored.
  const relay: ChangeRelay | undefined =
    config.databaseUrl && config.mqttUrl && config.mqttShareGroup
      ? await startChangeRelay(config.databaseUrl, deviceHub, app.log)
      : undefined;
  const simulator =
    config.demo &&
    config.demoDevices &&
    config.deviceDemoSecret !== undefined &&
    gateway?.port !== undefined &&
    config.demoFleetCabinets + config.demoFleetVehicles > 0
      ? startDemoSimulator(
          {
            port: gateway.port,
            fleetFile,
            cabinets: config.demoFleetCabinets,
            vehicles: config.demoFleetVehicles,
            intervalMs: config.demoFleetIntervalMs,
            masterSecret: config.deviceDemoSecret,
            firmwareOrigin: `http://127.0.0.1:${config.port}`,
            // Now and then a demo cabinet or battery raises an alarm by itself and clears it later.
            alarmEverySeconds: 600,
          },
          app.log,
        )
      : undefined;

  // The demo's operator sends a command now and then to the cabinets whose commands keep failing (docs/alarms.md, "Demo data").
  const demoCommands = simulator
    ? startDemoCommands(
        database.db,
        deviceHub,
        {
          everyMs: 10 * 60_000,
          firstMs: 60_000,
          timeoutMs: config.commandTimeoutSeconds * 1000,
          username: config.adminUsername ?? 'admin',
        },
        app.log,
      )
    : undefined;

  const standIn = await startConfiguredStandIn(config.payments, app.log);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    demoCommands?.stop();
    await simulator?.stop();
    await standIn?.close();
    await relay?.close();
    await gateway?.close();
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
