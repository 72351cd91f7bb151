import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { resultsDir } from './browser.js';
import { startServer } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

/** One server for the whole run; E2E_BASE_URL points the specs at a server you started yourself. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const external = process.env.E2E_BASE_URL;
  if (external) {
    project.provide('baseURL', external.replace(/\/$/, ''));
    return async () => {};
  }
  const server = await startServer({ logFile: path.join(resultsDir, 'server.log') });
  project.provide('baseURL', server.baseURL);
  return () => server.stop();
}
