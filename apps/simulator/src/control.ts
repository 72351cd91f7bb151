import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { heldCondition, SIMULATED_CONDITIONS, type SimulatedCondition } from '@swap/contracts';
import { ConditionError, type Conditions } from './conditions.js';

/** The simulator's control port when none is given (`--control-port`; 0 picks a free one). */
export const DEFAULT_CONTROL_PORT = 7081;
const MAX_BODY = 4096;

export interface ControlServer {
  port: number;
  close(): Promise<void>;
}

function send(response: http.ServerResponse, status: number, body: object): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function readBody(request: http.IncomingMessage): Promise<unknown> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new ConditionError(`body larger than ${MAX_BODY} bytes`, 400);
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new ConditionError('body is not JSON', 400);
  }
}

/**
 * The simulator's control API, on this machine only (docs/device-protocol.md, "Simulator"):
 * `GET /conditions` lists what is held, `POST /conditions` `{ device, condition, compartment? }`
 * raises one, `DELETE /conditions/{device}/{condition}` clears it. Answers JSON: the conditions
 * held, or `{ error }` with 400 (bad request), 404 (no such device, or not held).
 */
export async function startControl(conditions: Conditions, port: number): Promise<ControlServer> {
  const server = http.createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
      if (parts[0] !== 'conditions' || parts.length > 3) return send(response, 404, { error: 'not found' });
      if (request.method === 'GET' && parts.length === 1) return send(response, 200, { conditions: conditions.list() });
      if (request.method === 'POST' && parts.length === 1) {
        const parsed = heldCondition.safeParse(await readBody(request));
        if (!parsed.success)
          return send(response, 400, {
            error: `expected { device, condition, compartment? } with condition one of ${SIMULATED_CONDITIONS.join(', ')}`,
          });
        await conditions.raise(parsed.data);
        return send(response, 200, { conditions: conditions.list() });
      }
      if (request.method === 'DELETE' && parts.length === 3) {
        const [, device, condition] = parts as [string, string, string];
        if (!SIMULATED_CONDITIONS.includes(condition as SimulatedCondition))
          return send(response, 400, { error: `condition must be one of ${SIMULATED_CONDITIONS.join(', ')}` });
        if (!(await conditions.clear(device, condition as SimulatedCondition)))
          return send(response, 404, { error: `${device} does not hold ${condition}` });
        return send(response, 200, { conditions: conditions.list() });
      }
      return send(response, 405, { error: 'GET or POST /conditions, DELETE /conditions/{device}/{condition}' });
    })().catch((error: unknown) => {
      if (error instanceof ConditionError) send(response, error.status, { error: error.message });
      else send(response, 500, { error: String(error) });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The CLI's side: asks a running simulator's control API. */
export async function askControl(
  origin: string,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: object,
): Promise<{ status: number; body: { conditions?: unknown[]; error?: string } }> {
  const answer = await fetch(new URL(path, origin), {
    method,
    ...(body ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {}),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: answer.status, body: (await answer.json()) as { conditions?: unknown[]; error?: string } };
}
