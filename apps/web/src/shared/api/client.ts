import {
  AUTH_BASE,
  LANGUAGE_HEADER,
  OMS_BASE,
  REQUEST_TIME_HEADER,
  REQUEST_TIMEOUT_MS,
  SESSION_ENDING_CODES,
  SUCCESS_CODE,
  TIME_ZONE_HEADER,
  TOKEN_HEADER,
  type Envelope,
} from '@swap/contracts';
import { readLanguage } from '../language';
import { getToken } from '../session';
import { displayTimeZone } from '../format';
import { takeFirstScreenCall } from '../firstScreen';
import { i18n } from '../../i18n';
import { noteServerCall, notifyError, openSessionDialogOnce } from './bridge';
import { ApiError } from './errors';

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue>;

export interface CallOptions {
  /** Cancels the call, e.g. TanStack Query's signal when a query is dropped. */
  signal?: AbortSignal;
  /** Failures the caller shows itself (a detail page's not-found state): no error notification for them. */
  quiet?: (error: ApiError) => boolean;
}

type Body = { kind: 'json'; value: unknown } | { kind: 'form'; value: FormData } | { kind: 'none' };

interface Request {
  method: 'GET' | 'POST';
  url: string;
  body: Body;
  admin: boolean;
  signal?: AbortSignal;
  quiet?: (error: ApiError) => boolean;
  /** A CSV export: written in the browser's time zone (and the language), as the screens show times. */
  export?: boolean;
}

function buildUrl(base: string, path: string, query?: QueryParams): string {
  const url = `${base}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.append(name, String(value));
  }
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}

function headersFor(request: Request): Headers {
  const headers = new Headers({ Accept: 'application/json', [LANGUAGE_HEADER]: readLanguage() });
  // FormData sets its own multipart boundary; everything else is JSON.
  if (request.body.kind !== 'form') headers.set('Content-Type', 'application/json');
  const token = getToken();
  if (token) headers.set(TOKEN_HEADER, token);
  if (request.admin) headers.set(REQUEST_TIME_HEADER, String(Date.now()));
  if (request.export) headers.set(TIME_ZONE_HEADER, displayTimeZone() ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
  return headers;
}

/** The headers of a back-office GET (token, language, request time): live streams send them too. */
export function omsHeaders(): Headers {
  return headersFor({ method: 'GET', url: '', body: { kind: 'none' }, admin: true });
}

/**
 * What a user reads when no answer came back, in their language (docs/web-kits.md): the network
 * (the browser's "Failed to fetch"), our timeout, a proxy's 502/503/504 page, an unreadable answer.
 */
function transportFailure(kind: 'offline' | 'timeout' | 'unreadable', status = 0): ApiError {
  const key = kind === 'unreadable' && status >= 502 && status <= 504 ? 'unavailable' : kind;
  const text = i18n.t(`errors.${key}`, { status });
  return new ApiError(kind === 'timeout' ? 1011 : 1012, text, null, status, true);
}

function fail(error: ApiError, quiet?: (error: ApiError) => boolean): never {
  if (!quiet?.(error)) notifyError(error.message);
  if ((SESSION_ENDING_CODES as readonly number[]).includes(error.code)) openSessionDialogOnce();
  throw error;
}

export { resetSessionEnding } from './bridge';

/** Sends one request with the 120 s timeout; resolves the raw response or throws a transport ApiError. */
async function send(request: Request): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const relay = () => controller.abort();
  request.signal?.addEventListener('abort', relay, { once: true });
  try {
    if (getToken()) noteServerCall();
    const body =
      request.body.kind === 'json' ? JSON.stringify(request.body.value) : request.body.kind === 'form' ? request.body.value : undefined;
    // The figures first-screen.js asked for on the dashboard, before this code came (docs/dashboard.md).
    const early = request.method === 'GET' ? takeFirstScreenCall(request.url) : undefined;
    if (early) return await early;
    return await fetch(request.url, {
      method: request.method,
      headers: headersFor(request),
      body,
      credentials: 'include',
      signal: controller.signal,
    });
  } catch (cause) {
    if (request.signal?.aborted && !timedOut) {
      // The caller dropped the call (navigation, refetch): no notification.
      throw new ApiError(1011, i18n.t('message.requestAborted'), null, 0, true);
    }
    return fail(transportFailure(timedOut ? 'timeout' : 'offline'));
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', relay);
  }
}

function isEnvelope(value: unknown): value is { code: number; message: string; data: unknown } {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number';
}

async function readEnvelope<T>(response: Response, quiet?: (error: ApiError) => boolean): Promise<T> {
  return (await readWholeEnvelope<T>(response, quiet)).data;
}

async function readWholeEnvelope<T>(response: Response, quiet?: (error: ApiError) => boolean): Promise<Envelope<T>> {
  const payload: unknown = await response.json().catch(() => null);
  if (!isEnvelope(payload)) return fail(transportFailure('unreadable', response.status));
  if (payload.code === SUCCESS_CODE) return { code: payload.code, message: payload.message, data: payload.data as T };
  const message = typeof payload.message === 'string' && payload.message ? payload.message : i18n.t('message.unknownError');
  return fail(new ApiError(payload.code, message, payload.data ?? null, response.status), quiet);
}

async function call<T>(request: Request): Promise<T> {
  return readEnvelope<T>(await send(request), request.quiet);
}

function fileNameFrom(response: Response, fallback: string): string {
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/** Offers a blob to the user as a file download. */
export function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = filename;
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  // Give the browser time to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

export interface ApiClient {
  get<T>(path: string, query?: QueryParams, options?: CallOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
  /** Multipart upload of one file (field `file`) plus optional text fields; answers the envelope data. */
  upload<T>(path: string, file: Blob, fields?: Record<string, string>, options?: CallOptions): Promise<T>;
  /** POSTs the body and saves the answer (CSV export) under the server's file name or `filename`. */
  download(path: string, body: unknown, filename: string, options?: CallOptions): Promise<void>;
  /** GETs a file (stored image, JSON export) with the session's headers; a JSON failure envelope is reported and thrown. */
  getFile(path: string, query?: QueryParams, options?: CallOptions): Promise<{ blob: Blob; filename: string | null }>;
}

function createClient(base: string, admin: boolean): ApiClient {
  return {
    get: <T>(path: string, query?: QueryParams, options?: CallOptions) =>
      call<T>({ method: 'GET', url: buildUrl(base, path, query), body: { kind: 'none' }, admin, ...options }),
    post: <T>(path: string, body: unknown = {}, options?: CallOptions) =>
      call<T>({ method: 'POST', url: buildUrl(base, path), body: { kind: 'json', value: body }, admin, ...options }),
    upload: <T>(path: string, file: Blob, fields: Record<string, string> = {}, options?: CallOptions) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append('file', file, file instanceof File ? file.name : 'file');
      return call<T>({ method: 'POST', url: buildUrl(base, path), body: { kind: 'form', value: form }, admin, signal: options?.signal });
    },
    download: async (path: string, body: unknown, filename: string, options?: CallOptions) => {
      const response = await send({
        method: 'POST',
        url: buildUrl(base, path),
        body: { kind: 'json', value: body },
        admin,
        signal: options?.signal,
        export: true,
      });
      const type = response.headers.get('Content-Type') ?? '';
      // A JSON answer to an export is an envelope: a failure (or an empty success) to report.
      if (type.includes('application/json') || !response.ok) {
        await readEnvelope<unknown>(response);
        return;
      }
      saveBlob(await response.blob(), fileNameFrom(response, filename));
    },
    getFile: async (path: string, query?: QueryParams, options?: CallOptions) => {
      const response = await send({
        method: 'GET',
        url: buildUrl(base, path, query),
        body: { kind: 'none' },
        admin,
        signal: options?.signal,
      });
      const type = response.headers.get('Content-Type') ?? '';
      // Failures come back as an envelope; a JSON file export carries a Content-Disposition.
      if (!response.ok || (type.includes('application/json') && !response.headers.has('Content-Disposition'))) {
        await readEnvelope<unknown>(response);
        throw transportFailure('unreadable', response.status);
      }
      const name = fileNameFrom(response, '');
      return { blob: await response.blob(), filename: name || null };
    },
  };
}

/** Calls under /api/oms: every back-office call; carries the request-time header for the audit log. */
export const api: ApiClient = createClient(OMS_BASE, true);

/** Calls under /api/auth: sign-in, sign-out and the public config. */
export const authClient: ApiClient = createClient(AUTH_BASE, false);
