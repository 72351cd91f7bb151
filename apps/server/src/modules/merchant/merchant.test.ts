import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { endpointUrl, fileApi, merchantApi, merchantEdit, merchantOptionsEndpoint, roleApi } from '@swap/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createAccount, createMerchant, createSubAccount, platformAdmin, succeed, type MerchantFixture } from '../../test/factories.js';
import { PNG, multipart } from '../../test/upload.js';
import { auditLogs } from '../audit-log/audit-log.table.js';
import { roles } from '../role/role.table.js';
import { merchants } from './merchant.table.js';

const NEW_MERCHANT = {
  name: 'Bali Volt',
  type: 'AGENT',
  personInCharge: 'Made Wijaya',
  contact: '+62 361 123 456',
  officeAddress: 'Jl. Raya Kuta 8, Bali',
};
/** A merchant without accounts or roles. */
const SIAM = {
  name: 'Siam Swap Direct',
  type: 'DIRECT',
  personInCharge: 'Somchai Wong',
  contact: '+66 81 234 5678',
  officeAddress: '88 Sukhumvit Rd, Bangkok',
} as const;

describe('merchants', () => {
  let server: TestServer;
  let admin: string;
  let agent: MerchantFixture;
  let merchant: string;
  let sub: string;
  let agentId: number;
  let siamId: number;

  // add and edit also take hostile bodies, so they go through the untyped caller at the declared path.
  const add = (token: string, body: Record<string, unknown>, lang?: 'en' | 'in' | 'th' | 'zh') =>
    server.call('POST', endpointUrl(merchantApi.add), { token, body, ...(lang ? { lang } : {}) });
  const edit = (token: string, body: Record<string, unknown>) => server.call('POST', endpointUrl(merchantApi.edit), { token, body });
  /** What an edit form sends of a record it loaded: the fields the edit takes (read-only ones are refused). */
  const editable = (record: Record<string, unknown>) =>
    Object.fromEntries(Object.keys(merchantEdit.shape).map((key) => [key, record[key]]));
  const detail = (token: string, id: number) => server.request(merchantApi.detail, { id }, { token });
  const upload = async (token: string) => {
    const { body, headers } = multipart('card.png', 'image/png', PNG);
    return (await server.call('POST', endpointUrl(fileApi.upload), { token, body, headers })).data.id as number;
  };

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    admin = (await platformAdmin(server)).token;
    // The agent has two accounts: its administrator and a clerk who may not see merchants.
    agent = await createMerchant(server, admin);
    merchant = agent.admin.token;
    sub = (await createSubAccount(server, agent, ['operation.battery'])).token;
    agentId = agent.id;
    siamId = (await succeed(server, merchantApi.add, SIAM, admin)).id;
  });
  afterAll(() => server.close());

  describe('search and detail', () => {
    it('lists every merchant to the platform with account counts, and only its own to a merchant', async () => {
      const all = await server.request(merchantApi.search, { sort: { field: 'name', order: 'ascend' } }, { token: admin });
      expect(all.data.records.map((r: { name: string }) => r.name)).toEqual([agent.name, SIAM.name]);
      expect(all.data.records[0]).toMatchObject({ type: 'AGENT', accountCount: 2, personInCharge: agent.record.personInCharge });
      expect(all.data.records[1]?.accountCount).toBe(0);
      const direct = await server.request(merchantApi.search, { type: 'DIRECT' }, { token: admin });
      expect(direct.data.records.map((r: { name: string }) => r.name)).toEqual([SIAM.name]);
      const byKeyword = await server.request(merchantApi.search, { keyword: 'sukhumvit' }, { token: admin });
      expect(byKeyword.data.total).toBe(1);
      const own = await server.request(merchantApi.search, { keyword: 'Siam' }, { token: merchant });
      expect(own.data.total).toBe(0);
      expect((await server.request(merchantApi.search, {}, { token: merchant })).data.records.map((r: { id: number }) => r.id)).toEqual([
        agentId,
      ]);
      expect((await server.call('POST', endpointUrl(merchantApi.search), { token: admin, body: { type: 'SHOP' } })).status).toBe(400);
    });

    it('shows a merchant its own detail and another merchant as not found', async () => {
      expect((await detail(merchant, agentId)).data.name).toBe(agent.name);
      const hidden = await detail(merchant, siamId);
      expect(hidden.status).toBe(404);
      expect(hidden.code).toBe(1017);
      expect((await detail(admin, siamId)).data.name).toBe(SIAM.name);
      expect((await detail(sub, agentId)).code).toBe(2005);
    });
  });

  describe('add', () => {
    it('is platform work: a merchant account is refused', async () => {
      const refused = await add(merchant, NEW_MERCHANT, 'zh');
      expect(refused.status).toBe(403);
      expect(refused.code).toBe(2003);
      expect(refused.message).toBe('无权限');
    });

    it('creates a merchant with platform-uploaded documents, audited', async () => {
      const front = await upload(admin);
      const created = await add(admin, { ...NEW_MERCHANT, idCardFrontFileId: front });
      expect(created.code).toBe(1);
      expect(created.data).toMatchObject({ ...NEW_MERCHANT, idCardFrontFileId: front, idCardBackFileId: null, accountCount: 0 });
      const audit = await server.db.select().from(auditLogs).where(eq(auditLogs.action, 'merchant.add'));
      expect(audit.find((entry) => entry.objectId === String(created.data.id))!.changes).toMatchObject({ name: 'Bali Volt' });
    });

    it('refuses a name already taken in any case', async () => {
      const duplicate = await add(admin, { ...NEW_MERCHANT, name: agent.name.toLowerCase() }, 'th');
      expect(duplicate.code).toBe(1018);
      expect(duplicate.status).toBe(409);
      expect(duplicate.message).toBe('มีข้อมูลนี้อยู่แล้ว');
    });

    it('validates fields naming them: name, person in charge, contact phone, address, type, scripts', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ name: 'N'.repeat(21) }, 'name'],
        [{ name: 'Volt & Co' }, 'name'],
        [{ personInCharge: '' }, 'personInCharge'],
        [{ contact: 'call me' }, 'contact'],
        [{ officeAddress: '' }, 'officeAddress'],
        [{ officeAddress: 'a'.repeat(201) }, 'officeAddress'],
        [{ type: 'FRANCHISE' }, 'type'],
        [{ idCardBackFileId: 0 }, 'idCardBackFileId'],
      ];
      for (const [patch, field] of cases) {
        const answer = await add(admin, { ...NEW_MERCHANT, name: 'Valid Name', ...patch });
        expect(answer.status, JSON.stringify(patch)).toBe(400);
        expect(answer.data.fields[0].field).toBe(field);
      }
      const contact = await add(admin, { ...NEW_MERCHANT, name: 'Valid Name', contact: 'abc' }, 'in');
      expect(contact.message).toBe('Kontak hanya boleh berisi angka, +, spasi dan tanda hubung');
      expect((await add(admin, { ...NEW_MERCHANT, name: 'Valid Name', officeAddress: '<iframe src=x>' })).code).toBe(1014);
      expect(await server.db.select().from(merchants).where(eq(merchants.name, 'Valid Name'))).toEqual([]);
    });

    it('checks that document files exist and belong to the platform or the merchant', async () => {
      const unknown = await add(admin, { ...NEW_MERCHANT, name: 'Doc Check', facePhotoFileId: 999999 });
      expect(unknown.code).toBe(1021);
      expect(unknown.message).toBe('Invalid value for Face photo');
      const merchantsFile = await upload(merchant);
      const foreign = await add(admin, { ...NEW_MERCHANT, name: 'Doc Check', idCardBackFileId: merchantsFile });
      expect(foreign.code).toBe(1021);
      expect(foreign.data.fields[0].field).toBe('idCardBackFileId');
    });
  });

  describe('edit', () => {
    it('lets the platform change everything, documents of the merchant itself included', async () => {
      const merchantsFile = await upload(merchant);
      const current = editable((await detail(admin, agentId)).data);
      const edited = await edit(admin, { ...current, type: 'DIRECT', idCardFrontFileId: merchantsFile });
      expect(edited.data).toMatchObject({ type: 'DIRECT', idCardFrontFileId: merchantsFile });
      const siamFile = await upload(admin);
      expect((await edit(admin, { ...current, facePhotoFileId: siamFile })).code).toBe(1);
      expect((await edit(admin, { ...current, name: SIAM.name })).code).toBe(1018);
      expect((await edit(admin, { ...current, id: 999999 })).code).toBe(1017);
    });

    it('lets a merchant change only its own contact fields', async () => {
      const current = editable((await detail(merchant, agentId)).data);
      const edited = await edit(merchant, {
        ...current,
        personInCharge: 'Siti Rahma',
        contact: '+62 811 000 111',
        officeAddress: 'Jl. Thamrin 1, Jakarta',
      });
      expect(edited.data).toMatchObject({ personInCharge: 'Siti Rahma', contact: '+62 811 000 111', name: current.name });
      const renamed = await edit(merchant, { ...editable(edited.data), name: `${agent.name} Plus` });
      expect(renamed.code).toBe(2003);
      expect((await edit(merchant, { ...editable(edited.data), type: edited.data.type === 'AGENT' ? 'DIRECT' : 'AGENT' })).code).toBe(2003);
      expect(edited.data.facePhotoFileId).not.toBeNull();
      expect((await edit(merchant, { ...editable(edited.data), facePhotoFileId: null })).code).toBe(2003);
      const siam = editable((await detail(admin, siamId)).data);
      expect((await edit(merchant, { ...siam, contact: '+66 1' })).code).toBe(1017);
      const audit = await server.db.select().from(auditLogs).where(eq(auditLogs.action, 'merchant.edit'));
      expect(audit.some((entry) => entry.username === agent.admin.username && JSON.stringify(entry.changes).includes('Siti Rahma'))).toBe(
        true,
      );
    });

    it('lets a merchant read the documents its record points at, even when the platform uploaded them', async () => {
      const current = (await detail(admin, agentId)).data;
      const answer = await server.request(fileApi.download, { id: current.facePhotoFileId }, { token: merchant });
      expect(answer.status).toBe(200);
      expect(answer.raw.headers['content-type']).toBe('image/png');
    });
  });

  describe('remove', () => {
    it('refuses a merchant that still has accounts', async () => {
      const inUse = await server.request(merchantApi.remove, { id: agentId }, { token: admin, lang: 'in' });
      expect(inUse.code).toBe(2020);
      expect(inUse.status).toBe(409);
      expect(inUse.message).toBe('Merchant masih memiliki akun dan tidak dapat dihapus');
      expect((await server.request(merchantApi.remove, { id: siamId }, { token: merchant })).code).toBe(2003);
    });

    it('removes an unused merchant with its roles, and then it is gone', async () => {
      const created = await server.request(
        roleApi.add,
        { name: 'Siam ops', description: 'Siam operators', merchantId: siamId },
        { token: admin },
      );
      expect(created.code).toBe(1);
      const removed = await server.request(merchantApi.remove, { id: siamId }, { token: admin });
      expect(removed.code).toBe(1);
      expect((await detail(admin, siamId)).code).toBe(1017);
      expect(await server.db.select().from(roles).where(eq(roles.merchantId, siamId))).toEqual([]);
      expect((await server.db.select().from(auditLogs).where(eq(auditLogs.action, 'merchant.remove'))).length).toBe(1);
      expect((await server.request(merchantApi.remove, { id: siamId }, { token: admin })).code).toBe(1017);
    });

    it('keeps a merchant whose accounts were added after its roles', async () => {
      const [bali] = (await server.request(merchantApi.search, { keyword: 'Bali' }, { token: admin })).data.records;
      if (!bali) throw new Error('Bali Volt was not added');
      await createAccount(server, admin, { merchantId: bali.id, menuCodes: ['admin.merchant'] });
      expect((await server.request(merchantApi.remove, { id: bali.id }, { token: admin })).code).toBe(2020);
    });
  });

  it('answers the merchants a caller may name, searched on the server: platform staff every one, a merchant’s staff their own', async () => {
    const options = (token: string, body: Record<string, unknown>) =>
      server.call('POST', endpointUrl(merchantOptionsEndpoint), { token, body });
    const names = async (token: string, body: Record<string, unknown>) =>
      ((await options(token, body)).data as { id: number; name: string }[]).map((m) => m.name);
    const other = await succeed(server, merchantApi.add, { ...NEW_MERCHANT, type: 'AGENT', name: 'Lombok Charge' }, admin);
    expect(await names(admin, { keyword: 'LOMBOK' })).toEqual(['Lombok Charge']);
    expect(await names(admin, { limit: 1 })).toHaveLength(1);
    // A saved value keeps its label, whatever the keyword.
    expect(await names(admin, { keyword: 'nothing like it', ids: [other.id] })).toEqual(['Lombok Charge']);
    // Any account of a merchant, a clerk without the merchant menu too, sees its own merchant only.
    expect(await names(sub, {})).toEqual([agent.name]);
    expect(await names(merchant, { keyword: 'lombok', ids: [other.id] })).toEqual([]);
    for (const body of [
      { limit: 0 },
      { limit: 201 },
      { limit: 'x' },
      { keyword: 'x'.repeat(10_000) },
      { keyword: 'a\u0000b' },
      { ids: [-1] },
    ]) {
      expect((await options(admin, body)).status, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
  });

  it('exports the filtered merchants as CSV within the tenant', async () => {
    const answer = await server.request(merchantApi.export, {}, { token: merchant, lang: 'th' });
    expect(answer.raw.headers['content-type']).toContain('text/csv');
    const lines = answer.raw.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('ผู้รับผิดชอบ');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(agent.name);
  });
});
