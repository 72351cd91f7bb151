import { inject } from 'vitest';
import {
  DEMO_PASSWORD,
  SUCCESS_CODE,
  TOKEN_HEADER,
  sessionApi,
  endpointUrl,
  type AnswerOf,
  type EndpointDef,
  type InputOf,
} from '@swap/contracts';

/** A declared endpoint's envelope as the server sent it: `data` has the declared type when `code` is 1. */
export interface ApiAnswer<E extends EndpointDef> {
  status: number;
  code: number;
  message: string;
  data: AnswerOf<E>;
}

/**
 * Calls a declared endpoint of the server under test (setup and server-side checks; what a user
 * does goes through the browser). The path and method come from the declaration, the input and the
 * answer are typed by it. A GET sends its input as the query string.
 */
export async function apiAnswer<E extends EndpointDef>(
  token: string | null,
  endpoint: E,
  input: InputOf<E>,
  baseURL: string = inject('baseURL'),
): Promise<ApiAnswer<E>> {
  const url = new URL(endpointUrl(endpoint), baseURL);
  const headers: Record<string, string> = token ? { [TOKEN_HEADER]: token } : {};
  if (endpoint.method === 'GET') {
    for (const [name, value] of Object.entries(input ?? {})) {
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') url.searchParams.set(name, String(value));
      else if (value !== undefined && value !== null) url.searchParams.set(name, JSON.stringify(value));
    }
  } else {
    headers['content-type'] = 'application/json';
  }
  const answer = await fetch(url, {
    method: endpoint.method,
    headers,
    ...(endpoint.method === 'POST' ? { body: JSON.stringify(input ?? {}) } : {}),
  });
  const envelope = (await answer.json()) as { code: number; message: string; data: AnswerOf<E> };
  return { status: answer.status, ...envelope };
}

/** Calls a declared endpoint and answers its data; a refused call fails the test with the server's message. */
export async function apiRequest<E extends EndpointDef>(
  token: string | null,
  endpoint: E,
  input: InputOf<E>,
  baseURL: string = inject('baseURL'),
): Promise<AnswerOf<E>> {
  const answer = await apiAnswer(token, endpoint, input, baseURL);
  if (answer.code !== SUCCESS_CODE) throw new Error(`${endpoint.method} ${endpoint.path}: ${answer.code} ${answer.message}`);
  return answer.data;
}

/** Signs in through the API as a demo account (setup only; tests go through the browser). */
export async function apiToken(username = 'admin'): Promise<string> {
  return (await apiRequest(null, sessionApi.signIn, { username, password: DEMO_PASSWORD })).token;
}
