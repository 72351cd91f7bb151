import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { resultsDir } from './browser.js';
import { startMailbox } from './mailbox.js';
import { startServer } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The server's embedded MQTT broker: specs run the simulated devices they made on it. */
    mqttUrl: string;
    /** The run's one mailbox, where the server sends every mail (support/mailbox.ts). */
    mailboxUrl: string;
  }
}

/**
 * One server and one mailbox for the whole run; E2E_BASE_URL points the specs at a server you
 * started yourself (E2E_MQTT_URL then names its broker for the device specs; its mail settings
 * point at the run's mailbox until the run ends).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const external = process.env.E2E_BASE_URL;
  if (external) {
    const baseURL = external.replace(/\/$/, '');
    const mailbox = await startMailbox(baseURL);
    project.provide('baseURL', baseURL);
    project.provide('mqttUrl', process.env.E2E_MQTT_URL ?? 'mqtt://127.0.0.1:1883');
    project.provide('mailboxUrl', mailbox.url);
    return () => mailbox.stop();
  }
  const server = await startServer({ logFile: path.join(resultsDir, 'server.log') });
  const mailbox = await startMailbox(server.baseURL).catch(async (error: unknown) => {
    await server.stop();
    throw error;
  });
  project.provide('baseURL', server.baseURL);
  project.provide('mqttUrl', server.mqttUrl);
  project.provide('mailboxUrl', mailbox.url);
  return async () => {
    await mailbox.stop();
    await server.stop();
  };
}
