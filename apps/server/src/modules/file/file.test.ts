import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { IMAGE_MAX_BYTES, endpointUrl, fileApi } from '@swap/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createMerchant, createSubAccount, platformAdmin, type MerchantFixture } from '../../test/factories.js';
import { auditLogs } from '../audit-log/audit-log.table.js';
import { JPEG, PNG, WEBP, multipart } from '../../test/upload.js';
import { storedFiles } from './file.table.js';

describe('files', () => {
  let server: TestServer;
  let admin: string;
  let agent: MerchantFixture;
  let merchant: string;
  let sub: string;

  const upload = (token: string, filename: string, type: string, data: Buffer, lang?: 'en' | 'in' | 'th' | 'zh') => {
    const { body, headers } = multipart(filename, type, data);
    // A multipart body: the typed caller sends JSON, so uploads go through the untyped one.
    return server.call('POST', endpointUrl(fileApi.upload), { token, body, headers, ...(lang ? { lang } : {}) });
  };
  const download = (token: string, id: number) => server.request(fileApi.download, { id }, { token });

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    admin = (await platformAdmin(server)).token;
    agent = await createMerchant(server, admin);
    merchant = agent.admin.token;
    // A clerk of the agent who does not manage merchants.
    sub = (await createSubAccount(server, agent, ['operation.battery'])).token;
  });
  afterAll(() => server.close());

  it('stores a PNG, JPEG or WebP by its bytes, with its sha256 and the uploader’s tenant', async () => {
    const png = await upload(merchant, 'id-front.png', 'image/png', PNG);
    expect(png.code).toBe(1);
    expect(png.data).toMatchObject({
      name: 'id-front.png',
      mime: 'image/png',
      size: PNG.length,
      sha256: createHash('sha256').update(PNG).digest('hex'),
    });
    const [row] = await server.db.select().from(storedFiles).where(eq(storedFiles.id, png.data.id));
    expect(row!.merchantId).toBe(agent.id);
    // The bytes decide the type, not the claim.
    expect((await upload(merchant, 'photo.png', 'image/png', JPEG)).data.mime).toBe('image/jpeg');
    expect((await upload(admin, 'face.webp', 'image/webp', WEBP)).data.mime).toBe('image/webp');
    const audit = await server.db.select().from(auditLogs).where(eq(auditLogs.action, 'file.upload'));
    expect(audit).toHaveLength(3);
  });

  it('refuses uploads from an account that does not manage merchants', async () => {
    const refused = await upload(sub, 'face.webp', 'image/webp', WEBP);
    expect(refused.status).toBe(403);
    expect(refused.code).toBe(2005);
    const audit = await server.db.select().from(auditLogs).where(eq(auditLogs.action, 'file.upload'));
    expect(audit).toHaveLength(3);
  });

  it('refuses files that are not images whatever their declared type', async () => {
    const fake = await upload(merchant, 'evil.png', 'image/png', Buffer.from('<?php echo 1; ?>'), 'th');
    expect(fake.code).toBe(1019);
    expect(fake.message).toBe('ไม่อนุญาตไฟล์ประเภทนี้');
    expect((await upload(merchant, 'doc.pdf', 'application/pdf', Buffer.from('%PDF-1.7'))).code).toBe(1019);
    expect((await upload(merchant, 'real.png', 'text/html', PNG)).code).toBe(1019);
    expect((await upload(merchant, '<script>.png', 'image/png', PNG)).code).toBe(1014);
  });

  it('refuses files over 5 MB with 413, and a request without a file', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(IMAGE_MAX_BYTES, 0)]);
    const tooBig = await upload(merchant, 'big.png', 'image/png', big);
    expect(tooBig.status).toBe(413);
    expect(tooBig.code).toBe(1015);
    const { body, headers } = multipart('', '', Buffer.alloc(0), 'just a field');
    const none = await server.call('POST', endpointUrl(fileApi.upload), { token: merchant, body, headers, lang: 'in' });
    expect(none.code).toBe(1008);
    expect(none.message).toBe('Tidak ada berkas yang diunggah');
    expect((await server.call('POST', endpointUrl(fileApi.upload), { token: merchant, body: { file: 'x' } })).code).toBe(1008);
    expect((await upload(merchant, 'empty.png', 'image/png', Buffer.alloc(0))).code).toBe(1008);
    expect((await server.call('POST', endpointUrl(fileApi.upload), { body, headers })).code).toBe(401);
  });

  it('streams a file back to its tenant only', async () => {
    const mine = await upload(merchant, 'mine.png', 'image/png', PNG);
    const answer = await download(merchant, mine.data.id);
    expect(answer.status).toBe(200);
    expect(answer.raw.headers['content-type']).toBe('image/png');
    expect(answer.raw.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.raw.rawPayload.equals(PNG)).toBe(true);
    expect((await download(sub, mine.data.id)).status).toBe(200);
    expect((await download(admin, mine.data.id)).status).toBe(200);

    const siam = (await createMerchant(server, admin, { menuCodes: [] })).admin.token;
    const hidden = await download(siam, mine.data.id);
    expect(hidden.status).toBe(404);
    expect(hidden.code).toBe(1017);
    const platformFile = await upload(admin, 'platform.png', 'image/png', PNG);
    expect((await download(merchant, platformFile.data.id)).code).toBe(1017);
    expect((await download(merchant, 999999)).code).toBe(1017);
    expect((await server.call('GET', endpointUrl(fileApi.download), { token: merchant, query: { id: 'x' } })).status).toBe(400);
  });
});
