import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEVICE_MENUS } from '@swap/contracts/testing';
import { applicationApi, batteryApi, cabinetApi, endpointUrl, type EndpointDef, type InputOf, type Language } from '@swap/contracts';
import { VirtualBattery, newBattery, performSwap, seededRandom, type RunningFleet } from '@swap/simulator';
import { exportRows } from '../../test/csv.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import {
  assignToStation,
  createAccount,
  createCustomer,
  createDeviceTypes,
  createMerchant,
  createRole,
  platformAdmin,
  issueSecret,
} from '../../test/factories.js';
import type { DeviceGateway } from '../../device-link/gateway.js';
import { startSimulatedCabinets } from '../../test/device-fixtures.js';
import { eventually } from '../../test/eventually.js';
import { applications, applicationSteps } from './application.table.js';

const CABINET = 'CAP0001';
const MENUS = [...DEVICE_MENUS, 'application.list', 'customer.list'];

describe('asset applications: states, the battery under return, replacements, tenants', () => {
  let server: TestServer;
  let admin: string;
  let agent: string;
  let agentId = 0;
  let rival: string;
  let viewer: string; // the list only: no add, no handle
  let gateway: DeviceGateway;
  let fleet: RunningFleet;
  const ids: Record<string, number> = {};

  const call = (token: string, endpoint: EndpointDef, body: unknown, lang?: Language) =>
    server.call('POST', endpointUrl(endpoint), { token, body, ...(lang ? { lang } : {}) });
  const typed = <E extends EndpointDef>(token: string, endpoint: E, input: InputOf<E>) => server.request(endpoint, input, { token });
  const detail = (token: string, id: number) =>
    server.call('GET', endpointUrl(applicationApi.detail), { token, query: { id: String(id) } });
  const returnStatus = async (number: string) =>
    (await server.call('GET', endpointUrl(batteryApi.detail), { token: agent, query: { id: String(ids[number]) } })).data.returnStatus;
  const count = async () => (await server.db.select({ id: applications.id }).from(applications)).length;
  const apply = (token: string, body: Record<string, unknown>, lang?: Language) =>
    call(
      token,
      applicationApi.add,
      { applicationType: 'RETURN', customerId: 'C30001', deviceKind: 'battery', reason: 'Ending the rental', ...body },
      lang,
    );
  const handle = (token: string, id: number, toStatus: string, more: Record<string, unknown> = {}, lang?: Language) =>
    call(token, applicationApi.handle, { id, toStatus, ...more }, lang);
  const swap = (customer: string, compartment: number) =>
    performSwap(fleet.cabinets[0]!, { customer, rider: fleet.batteries.find((b) => b.model.number === 'BAP000009')!.model, compartment });

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    admin = (await platformAdmin(server)).token;
    const agentMerchant = await createMerchant(server, admin, { menuCodes: MENUS });
    agent = agentMerchant.admin.token;
    agentId = agentMerchant.id;
    const rivalMerchant = await createMerchant(server, admin, { menuCodes: MENUS });
    rival = rivalMerchant.admin.token;
    await createCustomer(server, agent, { customerNumber: 'C30001' });
    await createCustomer(server, rival, { customerNumber: 'C99999' });
    const listOnly = await createRole(server, admin, { menuCodes: ['application.list'], menusOnly: true, merchantId: agentId });
    viewer = (await createAccount(server, admin, { merchantId: agentId, roleIds: [listOnly.id] })).token;
    const types = await createDeviceTypes(server, admin);
    for (const number of ['BAP000001', 'BAP000002', 'BAP000003', 'BAP000004', 'BAP000005', 'BAP000009'])
      ids[number] = (await call(agent, batteryApi.add, { number, typeId: types.battery })).data.id;
    await assignToStation(server, admin, 'battery', ['BAP000001', 'BAP000002', 'BAP000009'], agentId);
    ids.BRV000001 = (await call(rival, batteryApi.add, { number: 'BRV000001', typeId: types.battery })).data.id;
    expect((await call(agent, batteryApi.scrap, { numbers: ['BAP000005'], reason: 'Swollen cells' })).code).toBe(1);
    await call(agent, cabinetApi.add, { number: CABINET, typeId: types.cabinet });
    ({ gateway, fleet } = await startSimulatedCabinets(server, admin, {
      cabinets: [{ number: CABINET, slots: ['BAP000001', 'BAP000002', null] }],
      batteries: true,
    }));
    // The rider's pack is on the road: a device of its own, in no slot.
    const pack = new VirtualBattery(newBattery('BAP000009', seededRandom(9), { lat: -6.2, lng: 106.8 }), {
      url: `mqtt://127.0.0.1:${gateway.port}`,
      secret: await issueSecret(server, admin, 'battery', 'BAP000009'),
      random: Math.random,
      faults: { dropRate: 0 },
    });
    await pack.start();
    fleet.batteries.push(pack);
    fleet.cabinets[0]!.slots[0]!.battery!.soc = 95;
    await fleet.tick();
    await eventually(async () => {
      const cabinet = (await call(agent, cabinetApi.search, { number: CABINET })).data.records[0];
      expect(cabinet?.id).toBeDefined();
    });
  });
  afterAll(async () => {
    await fleet?.stop();
    await gateway?.close();
    await server?.close();
  });

  it('refuses an application with bad input, another tenant’s or a scrapped device, or no merchant chosen by the platform, writing nothing', async () => {
    const empty = await call(
      agent,
      applicationApi.add,
      { applicationType: 'RETURN', deviceKind: 'battery', deviceNumbers: [], reason: '' },
      'th',
    );
    expect(empty.status).toBe(400);
    expect(empty.data.fields.map((f: { field: string }) => f.field).sort()).toEqual(['customerId', 'deviceNumbers', 'reason']);
    expect(empty.data.fields.find((f: { field: string }) => f.field === 'customerId').message).toContain('รหัสลูกค้า');
    const tooMany = await apply(agent, { deviceNumbers: Array.from({ length: 11 }, (_, i) => `BAP0000${10 + i}`) });
    expect(tooMany.status).toBe(400);
    expect((await apply(agent, { deviceNumbers: ['BRV000001'] })).code).toBe(3005);
    expect((await apply(agent, { deviceNumbers: ['BNOPE0001'] })).code).toBe(3005);
    const scrapped = await apply(agent, { deviceNumbers: ['BAP000005'] }, 'zh');
    expect(scrapped.message).toBe('设备已报废');
    expect((await apply(admin, { deviceNumbers: ['BAP000001'] })).message).toBe('A platform admin must choose an agent');
    // Platform staff naming a merchant still need that merchant's device.
    expect((await apply(admin, { deviceNumbers: ['BRV000001'], merchantId: agentId })).code).toBe(3005);
    expect((await apply(viewer, { deviceNumbers: ['BAP000001'] })).status).toBe(403);
    expect(await count()).toBe(0);
    expect(await returnStatus('BAP000001')).toBe('NONE');
  });

  it('a battery under return is never handed out by a cabinet; the return follows the application to its end', async () => {
    const added = await apply(agent, { deviceNumbers: ['BAP000001', 'BAP000001'], customerId: 'C30001' });
    expect(added.data).toMatchObject({
      applicationStatus: 'AUDIT',
      deviceNumbers: ['BAP000001'],
      merchantId: agentId,
      exchangeNumbers: [],
    });
    const id = added.data.id as number;
    expect(await returnStatus('BAP000001')).toBe('RETURNING');
    expect(await swap('C30001', 1)).toMatchObject({ result: 'REFUSED', reason: 'BATTERY_RETURNING' });
    // The same battery cannot be in two open applications.
    const twice = await apply(agent, { applicationType: 'REPLACE', deviceNumbers: ['BAP000002', 'BAP000001'] }, 'in');
    expect([twice.code, twice.message]).toEqual([4302, 'Perangkat sudah ada dalam pengajuan yang masih terbuka: BAP000001']);

    expect((await handle(agent, id, 'HANDLING', { remark: 'Collect at Sudirman' })).data.applicationStatus).toBe('HANDLING');
    expect(await returnStatus('BAP000001')).toBe('RETURNING');
    expect((await handle(agent, id, 'CANCELLED', { remark: 'Customer keeps it' })).data.applicationStatus).toBe('CANCELLED');
    expect(await returnStatus('BAP000001')).toBe('NONE');
    expect(await swap('C30001', 1)).toMatchObject({ result: 'SUCCEEDED', batteryOut: 'BAP000001', batteryIn: 'BAP000009' });

    const shown = await detail(agent, id);
    expect(
      shown.data.steps.map((s: { fromStatus: string | null; toStatus: string; remark: string }) => [s.fromStatus, s.toStatus, s.remark]),
    ).toEqual([
      [null, 'AUDIT', 'Ending the rental'],
      ['AUDIT', 'HANDLING', 'Collect at Sudirman'],
      ['HANDLING', 'CANCELLED', 'Customer keeps it'],
    ]);
    expect(new Set(shown.data.steps.map((s: { operatorName: string }) => s.operatorName)).size).toBe(1);
  });

  it('allows only the transitions of the state, naming from and to in the caller’s language', async () => {
    const id = (await apply(agent, { deviceNumbers: ['BAP000002'] })).data.id as number;
    const skip = await handle(agent, id, 'COMPLETE', {}, 'in');
    expect([skip.status, skip.code, skip.message]).toEqual([409, 4300, 'Pengajuan tidak dapat berpindah dari "Dalam audit" ke "Selesai"']);
    expect((await handle(agent, id, 'AUDIT', {}, 'zh')).message).toBe('申请不能从“审核中”变为“审核中”');
    expect((await handle(agent, id, 'REJECTED', { remark: 'Outside the period' })).data.applicationStatus).toBe('REJECTED');
    for (const to of ['AUDIT', 'HANDLING', 'COMPLETE', 'CANCELLED', 'REJECTED']) {
      const refused = await handle(agent, id, to, {}, 'th');
      expect(refused.code).toBe(4300);
      expect(refused.message).toContain('"ปฏิเสธแล้ว"');
    }
    expect(await returnStatus('BAP000002')).toBe('NONE');
    expect((await detail(agent, id)).data.steps).toHaveLength(2);
    // Exchange devices belong to a replacement's completion only.
    const other = (await apply(agent, { deviceNumbers: ['BAP000002'] })).data.id as number;
    expect((await handle(agent, other, 'HANDLING', { exchangeNumbers: ['BAP000004'] })).code).toBe(1021);
    expect((await handle(viewer, other, 'HANDLING')).status).toBe(403);
    expect((await detail(agent, other)).data.applicationStatus).toBe('AUDIT');
  });

  it('of two racing steps from the same state exactly one succeeds', async () => {
    const [id] = (await typed(agent, applicationApi.search, { deviceNumber: 'BAP000002', applicationStatus: 'AUDIT' })).data.records.map(
      (r) => r.id,
    );
    // Whichever wins, the others' steps are no longer allowed from the state it leaves.
    const answers = await Promise.all([handle(agent, id!, 'HANDLING'), handle(agent, id!, 'REJECTED'), handle(agent, id!, 'REJECTED')]);
    expect(answers.filter((a) => a.code === 1)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 4300)).toHaveLength(2);
    const steps = await server.db.select().from(applicationSteps).where(eq(applicationSteps.applicationId, id!));
    expect(steps).toHaveLength(2);
    const won = answers.find((a) => a.code === 1)!.data.applicationStatus;
    expect((await detail(agent, id!)).data.applicationStatus).toBe(won);
    if (won === 'HANDLING') expect((await handle(agent, id!, 'CANCELLED')).code).toBe(1);
  });

  it('completes a replacement with the merchant’s own, usable devices given in exchange', async () => {
    const id = (await apply(agent, { applicationType: 'REPLACE', deviceNumbers: ['BAP000003'], reason: 'Does not charge' })).data
      .id as number;
    await handle(agent, id, 'HANDLING');
    const none = await handle(agent, id, 'COMPLETE', {}, 'in');
    expect([none.code, none.message]).toEqual([
      4301,
      'Penggantian diselesaikan dengan satu perangkat pengganti untuk setiap perangkat yang diajukan',
    ]);
    expect((await handle(agent, id, 'COMPLETE', { exchangeNumbers: ['BAP000003'] })).code).toBe(4303);
    expect((await handle(agent, id, 'COMPLETE', { exchangeNumbers: ['BRV000001'] })).code).toBe(3005);
    expect((await handle(agent, id, 'COMPLETE', { exchangeNumbers: ['BAP000005'] })).code).toBe(3010);
    expect((await handle(agent, id, 'COMPLETE', { exchangeNumbers: ['BAP000004', 'BAP000009'] })).code).toBe(4301);
    expect((await detail(agent, id)).data).toMatchObject({ applicationStatus: 'HANDLING', exchangeNumbers: [] });
    const done = await handle(agent, id, 'COMPLETE', { exchangeNumbers: ['BAP000004'], remark: 'Swapped at the counter' });
    expect(done.data).toMatchObject({ applicationStatus: 'COMPLETE', exchangeNumbers: ['BAP000004'] });
    expect(await returnStatus('BAP000003')).toBe('NONE');
    const found = await typed(agent, applicationApi.search, { deviceNumber: 'BAP000004' });
    expect(found.data.records.map((r) => r.id)).toEqual([id]);
  });

  it('keeps each tenant to its own applications', async () => {
    const theirs = await apply(rival, { deviceNumbers: ['BRV000001'], customerId: 'C99999' });
    expect(theirs.code).toBe(1);
    const rivalId = theirs.data.id as number;
    // Another merchant's customer is no customer of this one: refused naming it.
    const notOurs = await apply(agent, { deviceNumbers: ['BAP000002'], customerId: 'C99999' }, 'en');
    expect([notOurs.code, notOurs.message]).toEqual([7000, 'Customer C99999 does not exist']);
    expect((await typed(agent, applicationApi.search, { customerId: 'C99999' })).data.total).toBe(0);
    expect((await typed(rival, applicationApi.search, {})).data.records.map((r) => r.id)).toEqual([rivalId]);
    expect((await typed(admin, applicationApi.search, { customerId: 'C99999' })).data.records[0]?.merchantName).toBeTruthy();
    const peek = await detail(agent, rivalId);
    expect([peek.status, peek.code]).toEqual([404, 4304]);
    expect((await handle(agent, rivalId, 'REJECTED')).code).toBe(4304);
    expect((await detail(rival, rivalId)).data.applicationStatus).toBe('AUDIT');
    // The platform acts on any tenant's, for the merchant it names.
    expect((await handle(admin, rivalId, 'REJECTED', { remark: 'Checked by the platform' })).code).toBe(1);
    const { rows } = await exportRows(server, applicationApi.export, {}, { token: agent });
    expect(rows.length).toBe(4);
    expect(rows.map((row) => Object.values(row).join(' ')).join('\n')).not.toContain('C99999');
  });
});
