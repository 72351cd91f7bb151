import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { DEMO_PASSWORD, demoFleet, type DemoFleet } from '@swap/contracts';

/** Signs in through the API as a demo account (setup only; tests go through the browser). */
export async function apiToken(username = 'admin'): Promise<string> {
  const answer = await fetch(`${inject('baseURL')}/api/auth/oms/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  return ((await answer.json()) as { data: { token: string } }).data.token;
}

/** A signed-in POST to /api/oms answering its data. */
export async function apiPost<T>(token: string, url: string, body: unknown): Promise<T> {
  const answer = await fetch(`${inject('baseURL')}/api/oms${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'auth-token': token },
    body: JSON.stringify(body),
  });
  return ((await answer.json()) as { data: T }).data;
}

/** A signed-in GET of /api/oms answering its data. */
export async function apiGet<T>(token: string, url: string): Promise<T> {
  const answer = await fetch(`${inject('baseURL')}/api/oms${url}`, { headers: { 'auth-token': token } });
  return ((await answer.json()) as { data: T }).data;
}

/** The id of a cabinet by its number. */
export async function cabinetIdOf(token: string, number: string): Promise<number> {
  const found = await apiPost<{ records: { id: number; number: string }[] }>(token, '/cabinet/search', { number, page: 1, size: 20 });
  const record = found.records.find((r) => r.number === number);
  if (!record) throw new Error(`cabinet ${number} not found`);
  return record.id;
}

/** The demo fleet the server wrote into its data folder, for specs that run simulated devices. */
export function demoFleetOfServer(): DemoFleet {
  return demoFleet.parse(JSON.parse(fs.readFileSync(path.join(inject('dataDir'), 'demo-fleet.json'), 'utf8')));
}
