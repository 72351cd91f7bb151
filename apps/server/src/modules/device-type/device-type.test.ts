import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { batteryApi, deviceTypeApi, endpointUrl, type DeviceKind, type InputOf, type Language } from '@swap/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { DEVICE_TYPES, createDeviceTypes, createMerchant, platformAdmin } from '../../test/factories.js';
import { auditLogs } from '../audit-log/audit-log.table.js';

const BATTERY_TYPE = DEVICE_TYPES.battery;
const VEHICLE_TYPE = DEVICE_TYPES.vehicle2;
const CABINET_TYPE = DEVICE_TYPES.cabinet;

describe('device types', () => {
  let server: TestServer;
  let admin: string;
  let merchant: string;
  let typeReader: string;

  // add and edit also take hostile bodies, so they go through the untyped caller at the declared path.
  const call = (token: string, kind: DeviceKind, action: 'add' | 'edit', body: unknown, lang?: Language) =>
    server.call('POST', endpointUrl(deviceTypeApi[kind][action]), { token, body, ...(lang ? { lang } : {}) });
  const search = (token: string, kind: DeviceKind, body: InputOf<(typeof deviceTypeApi)[DeviceKind]['search']>) =>
    server.request(deviceTypeApi[kind].search, body, { token });
  const detail = (token: string, kind: DeviceKind, id: number) => server.request(deviceTypeApi[kind].detail, { id }, { token });
  const remove = (token: string, kind: DeviceKind, id: number) => server.request(deviceTypeApi[kind].remove, { id }, { token });

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    admin = (await platformAdmin(server)).token;
    // A merchant's administrator without the type screens, and one holding two of them.
    merchant = (await createMerchant(server, admin)).admin.token;
    typeReader = (await createMerchant(server, admin, { menuCodes: ['type.battery', 'type.vehicle'] })).admin.token;
  });
  afterAll(() => server.close());

  it('adds a type of each kind with its specification, audited', async () => {
    // Each add is refused unless the product takes it.
    const types = await createDeviceTypes(server, admin);
    expect((await detail(admin, 'battery', types.battery)).data).toMatchObject({ ...BATTERY_TYPE, inUse: false });
    const vehicle = await detail(admin, 'vehicle', types.vehicle2);
    expect(vehicle.data).toMatchObject(VEHICLE_TYPE);
    expect(vehicle.data).not.toHaveProperty('structure');
    expect((await detail(admin, 'cabinet', types.cabinet)).data).toMatchObject(CABINET_TYPE);
    const audit = await server.db.select().from(auditLogs).where(eq(auditLogs.action, 'batteryType.add'));
    expect(audit).toHaveLength(1);
  });

  it('refuses a code already used by the same kind in any case, but not by another kind', async () => {
    const duplicate = await call(admin, 'battery', 'add', { ...BATTERY_TYPE, code: 'lfp6430' }, 'in');
    expect(duplicate.status).toBe(409);
    expect(duplicate.code).toBe(3001);
    expect(duplicate.message).toBe('Tipe sudah ada');
    expect((await call(admin, 'cabinet', 'add', { ...CABINET_TYPE, code: 'LFP6430' })).code).toBe(1);
  });

  it('validates code, name, description, specification and scripts, naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ code: '' }, 'code'],
      [{ code: 'A'.repeat(21) }, 'code'],
      [{ code: 'LFP-64' }, 'code'],
      [{ name: '' }, 'name'],
      [{ name: 'N'.repeat(21) }, 'name'],
      [{ name: 'Pack & Co' }, 'name'],
      [{ description: '' }, 'description'],
      [{ description: 'd'.repeat(501) }, 'description'],
      [{ structure: 'LEAD_ACID' }, 'structure'],
      [{ ratedVoltage: -1 }, 'ratedVoltage'],
      [{ ratedCapacity: 30.123 }, 'ratedCapacity'],
      [{ cellCount: 2.5 }, 'cellCount'],
      [{ weight: 'heavy' }, 'weight'],
    ];
    for (const [patch, field] of cases) {
      const answer = await call(admin, 'battery', 'add', { ...BATTERY_TYPE, code: 'NEW1', ...patch });
      expect(answer.status, JSON.stringify(patch)).toBe(400);
      expect(answer.data.fields[0].field, JSON.stringify(patch)).toBe(field);
    }
    const th = await call(admin, 'battery', 'add', { ...BATTERY_TYPE, code: 'BAD-CODE' }, 'th');
    expect(th.message).toBe('รหัสต้องเป็นตัวอักษรหรือตัวเลข 1 ถึง 20 ตัว');
    expect((await call(admin, 'vehicle', 'add', { ...VEHICLE_TYPE, code: 'V3', batteryCompartments: 3 })).data.fields[0].field).toBe(
      'batteryCompartments',
    );
    const script = await call(admin, 'battery', 'add', { ...BATTERY_TYPE, code: 'NEW1', description: '<script>alert(1)</script>' });
    expect(script.code).toBe(1014);
    expect((await search(admin, 'battery', { code: 'NEW1' })).data.total).toBe(0);
  });

  it('searches by code prefix, name and structure, sorts and pages', async () => {
    await call(admin, 'battery', 'add', { ...BATTERY_TYPE, code: 'NMC7232', name: 'NMC 72V', structure: 'TERNARY_LITHIUM' });
    const all = await search(admin, 'battery', { sort: { field: 'code', order: 'descend' } });
    expect(all.data.records.map((r: { code: string }) => r.code)).toEqual(['NMC7232', 'LFP6430']);
    expect((await search(admin, 'battery', { code: 'nmc' })).data.total).toBe(1);
    expect((await search(admin, 'battery', { code: '72' })).data.total).toBe(0);
    expect((await search(admin, 'battery', { name: '64V' })).data.records[0]?.code).toBe('LFP6430');
    expect((await search(admin, 'battery', { structure: 'LFP' })).data.total).toBe(1);
    expect((await search(admin, 'battery', { current: 2, size: 1 })).data).toMatchObject({ total: 2, pages: 2, current: 2 });
  });

  it('lets a merchant holding the codes read types, never write them', async () => {
    const read = await search(typeReader, 'battery', {});
    expect(read.data.total).toBe(2);
    const refused = await call(typeReader, 'battery', 'add', { ...BATTERY_TYPE, code: 'MINE' }, 'zh');
    expect(refused.status).toBe(403);
    expect(refused.message).toBe('无权限');
    expect((await search(merchant, 'battery', {})).code).toBe(2003);
    const options = await server.request(deviceTypeApi.battery.options, undefined, { token: merchant });
    expect(options.data.map((o: { code: string }) => o.code)).toEqual(['LFP6430', 'NMC7232']);
  });

  it('edits a type and answers typeMissing for an unknown or other-kind id', async () => {
    const type = (await search(admin, 'battery', { code: 'LFP' })).data.records[0]!;
    const edited = await call(admin, 'battery', 'edit', { ...BATTERY_TYPE, id: type.id, name: 'LFP pack', weight: 12.8 });
    expect(edited.data).toMatchObject({ name: 'LFP pack', weight: 12.8 });
    expect((await call(admin, 'battery', 'edit', { ...BATTERY_TYPE, id: type.id, code: 'NMC7232' })).code).toBe(3001);
    const missing = await call(admin, 'battery', 'edit', { ...BATTERY_TYPE, id: 999999 }, 'th');
    expect(missing.code).toBe(3000);
    expect(missing.status).toBe(404);
    expect(missing.message).toBe('ไม่พบประเภท');
    expect((await detail(admin, 'vehicle', type.id)).code).toBe(3000);
    expect((await detail(admin, 'battery', type.id)).data.code).toBe('LFP6430');
  });

  it('removes an unused type and refuses one in use', async () => {
    const cabinetType = (await search(admin, 'cabinet', { code: 'LFP6430' })).data.records[0]!;
    expect((await remove(admin, 'cabinet', cabinetType.id)).code).toBe(1);
    expect((await detail(admin, 'cabinet', cabinetType.id)).code).toBe(3000);
    const batteryType = (await search(admin, 'battery', { code: 'LFP' })).data.records[0]!;
    const added = await server.request(batteryApi.add, { number: 'BT000001', typeId: batteryType.id }, { token: admin });
    expect(added.code).toBe(1);
    expect((await detail(admin, 'battery', batteryType.id)).data.inUse).toBe(true);
    const inUse = await remove(admin, 'battery', batteryType.id);
    expect(inUse.code).toBe(3009);
    expect(inUse.status).toBe(409);
    expect((await remove(merchant, 'battery', batteryType.id)).status).toBe(403);
  });

  it('exports the current filter as CSV with localized headers', async () => {
    const answer = await server.request(deviceTypeApi.battery.export, { structure: 'LFP' }, { token: admin, lang: 'in' });
    expect(answer.status).toBe(200);
    expect(answer.raw.headers['content-type']).toContain('text/csv');
    const lines = answer.raw.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toContain('Struktur');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('LFP6430');
  });
});
