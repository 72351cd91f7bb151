import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { resultsDir } from './browser.js';
import { startServer } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The server's embedded MQTT broker: specs run the simulated devices they made on it. */
    mqttUrl: string;
  }
}

/**
 * One server for the whole run; E2E_BASE_URL points the specs at a server you started yourself
 * (E2E_MQTT_URL then names its broker for the device specs).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const external = process.env.E2E_BASE_URL;
  if (external) {
    project.provide('baseURL', external.replace(/\/$/, ''));
    project.provide('mqttUrl', process.env.E2E_MQTT_URL ?? 'mqtt://127.0.0.1:1883');
    return async () => {};
  }
  const server = await startServer({ logFile: path.join(resultsDir, 'server.log') });
  project.provide('baseURL', server.baseURL);
  project.provide('mqttUrl', server.mqttUrl);
  return () => server.stop();
}
