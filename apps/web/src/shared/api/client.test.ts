import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { RESOURCES } from '../../i18n/resources';
import { errors as thaiErrors } from '../../i18n/th/errors';
import { registerSessionEnder, registerUiPort } from './bridge';
import { api, authClient, resetSessionEnding } from './client';
import { ApiError, fieldErrorsOf, isServerFailure } from './errors';

const storage = new Map<string, string>();
const notices: string[] = [];
let dialogs = 0;
let ended = 0;

function answer(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => {
  vi.stubGlobal('document', { cookie: 'language=th' });
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
    removeItem: (key: string) => storage.delete(key),
  });
  storage.clear();
  notices.length = 0;
  dialogs = 0;
  ended = 0;
  resetSessionEnding();
});

afterEach(() => vi.unstubAllGlobals());

registerUiPort({
  notifyError: (message) => notices.push(message),
  sessionDialog: (onOk) => {
    dialogs += 1;
    onOk();
  },
});
registerSessionEnder(() => {
  ended += 1;
});

// The app's texts in Thai, as the app loads them before it renders (i18n/index.ts).
await i18n.init({
  resources: { th: { translation: RESOURCES.th } },
  lng: 'th',
  keySeparator: false,
  nsSeparator: false,
  interpolation: { prefix: '{', suffix: '}', escapeValue: false },
});

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('api client', () => {
  it('sends the headers and resolves data on code 1', async () => {
    storage.set('token', 'tok-1');
    const fetchMock = vi.fn(() => Promise.resolve(answer({ code: 1, message: 'ok', data: { a: 1 } })));
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.get('/admin/menu/levels', { id: 3, empty: '', none: undefined })).resolves.toEqual({ a: 1 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/oms/admin/menu/levels?id=3');
    const headers = new Headers(init.headers);
    expect(headers.get('Language')).toBe('th');
    expect(headers.get('auth-token')).toBe('tok-1');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(Number(headers.get('request-time'))).toBeGreaterThan(0);
    expect(init.credentials).toBe('include');
  });

  it('sends no request-time header on auth calls', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(answer({ code: 1, message: 'ok', data: null })));
    vi.stubGlobal('fetch', fetchMock);
    await authClient.post('/oms/login', { username: 'a', password: 'b' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/oms/login');
    expect(new Headers(init.headers).has('request-time')).toBe(false);
    expect(init.body).toBe('{"username":"a","password":"b"}');
  });

  it('notifies and rejects with ApiError on another code', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(answer({ code: 2009, message: 'Role in use', data: { field: 'name' } }, 409))),
    );
    const error = await api.post('/admin/role/remove', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 2009, message: 'Role in use', status: 409 });
    expect(fieldErrorsOf(error)).toEqual({ name: 'Role in use' });
    expect(
      fieldErrorsOf(
        new ApiError(1021, 'Invalid', { fields: [{ field: 'battery1Number', message: 'Battery 1 is invalid' }, { message: 'x' }] }),
      ),
    ).toEqual({
      battery1Number: 'Battery 1 is invalid',
    });
    await flush();
    expect(notices).toEqual(['Role in use']);
    expect(dialogs).toBe(0);
  });

  it('opens one session dialog for many session-ending answers', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(answer({ code: 405, message: 'Login expired', data: null }, 401))),
    );
    await Promise.allSettled([api.get('/a'), api.get('/b'), api.get('/c')]);
    await flush();
    expect(dialogs).toBe(1);
    expect(ended).toBe(1);
  });

  it("reports transport and non-envelope failures as server failures, in the user's language", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const transport = await api.get('/x').catch((e: unknown) => e);
    expect(isServerFailure(transport)).toBe(true);
    expect(transport).toMatchObject({ message: thaiErrors['errors.offline'] });
    for (const status of [502, 503, 504]) {
      vi.stubGlobal(
        'fetch',
        vi.fn(() => Promise.resolve(new Response('<html>Bad gateway</html>', { status }))),
      );
      const gateway = await api.get('/x').catch((e: unknown) => e);
      expect(gateway).toMatchObject({
        status,
        transport: true,
        message: thaiErrors['errors.unavailable'].replace('{status}', String(status)),
      });
    }
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('not json', { status: 200 }))),
    );
    const unreadable = await api.get('/x').catch((e: unknown) => e);
    expect(unreadable).toMatchObject({ status: 200, message: 'ไม่สามารถอ่านคำตอบจากเซิร์ฟเวอร์ได้ (HTTP 200)' });
    // An answer that names no message reads the contracts' words for it, in the user's language.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(answer({ code: 1000, message: '', data: null }, 500))),
    );
    const unnamed = await api.get('/x').catch((e: unknown) => e);
    expect(unnamed).toMatchObject({ code: 1000, message: 'ข้อผิดพลาดที่ไม่ทราบสาเหตุ' });
    await flush();
    expect(notices).toContain('ไม่สามารถเชื่อมต่อเซิร์ฟเวอร์ได้ โปรดตรวจสอบการเชื่อมต่อเครือข่ายแล้วลองอีกครั้ง');
    expect(notices.some((notice) => notice.includes('Failed to fetch'))).toBe(false);
  });
});
