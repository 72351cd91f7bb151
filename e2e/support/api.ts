import { inject } from 'vitest';
import { DEMO_PASSWORD } from '@swap/contracts';

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
