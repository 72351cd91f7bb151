/** A failed call: the envelope code and message from the server, or a transport failure. */
export class ApiError extends Error {
  readonly code: number;
  readonly data: unknown;
  /** HTTP status, 0 when the request never got an answer. */
  readonly status: number;
  /** True when no envelope came back (network, timeout, proxy or non-JSON error page). */
  readonly transport: boolean;

  constructor(code: number, message: string, data: unknown = null, status = 0, transport = false) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.data = data;
    this.status = status;
    this.transport = transport;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A failure of the server or the link rather than of the input: the cases that open /error-page/500. */
export function isServerFailure(error: unknown): boolean {
  return isApiError(error) && (error.transport || error.status >= 500);
}

/**
 * Field errors the server attached to a failed envelope. Accepted shapes of `data`:
 * `{ fields: { name: message } }`, `{ fields: [{ field, message }] }`, `{ issues: [{ path, message }] }` or `{ field: name }`
 * (then the envelope message belongs to that field).
 */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!isApiError(error) || typeof error.data !== 'object' || error.data === null) return {};
  const data = error.data as Record<string, unknown>;
  const out: Record<string, string> = {};
  if (Array.isArray(data.fields)) {
    // The server's validation answer: `{ fields: [{ field, message }] }`.
    for (const entry of data.fields as unknown[]) {
      if (typeof entry !== 'object' || entry === null) continue;
      const { field, message } = entry as { field?: unknown; message?: unknown };
      if (typeof field === 'string' && field && typeof message === 'string') out[field] = message;
    }
  } else if (typeof data.fields === 'object' && data.fields !== null) {
    for (const [name, message] of Object.entries(data.fields as Record<string, unknown>)) {
      if (typeof message === 'string') out[name] = message;
    }
  }
  if (Array.isArray(data.issues)) {
    for (const issue of data.issues as unknown[]) {
      if (typeof issue !== 'object' || issue === null) continue;
      const { path, message } = issue as { path?: unknown; message?: unknown };
      const name = Array.isArray(path) ? String(path[0] ?? '') : typeof path === 'string' ? path : '';
      if (name && typeof message === 'string') out[name] = message;
    }
  }
  if (typeof data.field === 'string' && data.field) out[data.field] = error.message;
  return out;
}

/** For `.catch()` where the client already showed the failure: swallow ApiErrors, keep real bugs loud. */
export function ignoreApiError(error: unknown): void {
  if (!isApiError(error)) throw error;
}
