import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmApi, alarmRuleOptionsEndpoint, businessRuleOptionsEndpoint, endpointUrl, MESSAGES } from '@swap/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import {
  createAccount,
  createDeviceTypes,
  createDevices,
  createMerchant,
  platformAdmin,
  type MerchantFixture,
} from '../../test/factories.js';
import { evaluateAlarms } from './alarm.evaluate.js';
import { alarmBusinessRules, alarmRules, alarms } from './alarm.table.js';
import { OVERHEATING_RULE as RULE } from './alarm.fixtures.js';

/** A battery's and a cabinet's alarm detail: the record, its history, and only for those who may see it (docs/alarms.md, "Detail"). */
describe('alarm detail', () => {
  let server: TestServer;
  let admin: string;
  let merchant: MerchantFixture;
  let rival: MerchantFixture;
  let own: { ids: number[]; numbers: string[] };
  let theirs: { ids: number[]; numbers: string[] };
  let cabinet: { ids: number[]; numbers: string[] };
  /** A merchant's operator who handles the alarms, by name. */
  let lead: { token: string };

  const read = (kind: 'battery' | 'cabinet', token: string, id: number | string, lang: 'en' | 'th' = 'en') =>
    server.call('GET', endpointUrl(alarmApi[kind].detail), { token, query: { id: String(id) }, lang });
  const alarmOf = async (token: string, deviceNumber: string) =>
    (await server.request(alarmApi.records.search, { deviceNumber }, { token })).data.records[0]!;
  const heat = (number: string, temperature: number, at: Date) =>
    evaluateAlarms(server.db, [{ kind: 'battery', number, values: { temperature } }], at);
  /** An alarm of one of the merchant's devices written as stored (`index` of `devices`); its id. */
  const storeAlarm = async (
    alarmKind: 'battery' | 'cabinet',
    [devices, index]: [{ ids: number[]; numbers: string[] }, number],
    alarm: Pick<typeof alarms.$inferInsert, 'parameter' | 'level' | 'content' | 'alarmState'>,
  ) => {
    const values = { merchantId: merchant.id, alarmKind, deviceId: devices.ids[index]!, deviceNumber: devices.numbers[index]!, ...alarm };
    return (await server.db.insert(alarms).values(values).returning({ id: alarms.id }))[0]!.id;
  };

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    admin = (await platformAdmin(server)).token;
    const menus = ['alarm.records', 'alarm.battery', 'alarm.cabinet'];
    merchant = await createMerchant(server, admin, { menuCodes: menus });
    rival = await createMerchant(server, admin, { menuCodes: menus });
    const types = await createDeviceTypes(server, admin);
    own = await createDevices(server, admin, 'battery', 2, { typeId: types.battery, prefix: 'BDT', merchantId: merchant.id });
    theirs = await createDevices(server, admin, 'battery', 1, { typeId: types.battery, prefix: 'BDR', merchantId: rival.id });
    cabinet = await createDevices(server, admin, 'cabinet', 1, { typeId: types.cabinet, prefix: 'CDT', merchantId: merchant.id });
    expect((await server.request(alarmApi.rules.add, RULE, { token: admin })).code).toBe(1);
    lead = await createAccount(server, admin, { merchantId: merchant.id, menuCodes: menus, name: 'Budi Santoso' });
  });
  afterAll(() => server?.close());

  it('tells who acknowledged and assigned it, with their comment, and when its condition cleared it', async () => {
    const token = lead.token;
    const colleague = await createAccount(server, admin, { merchantId: merchant.id, menuCodes: ['alarm.records'], name: 'Dewi Lestari' });
    await heat(own.numbers[0]!, 61, new Date());
    const alarm = await alarmOf(token, own.numbers[0]!);
    expect((await server.request(alarmApi.battery.acknowledge, { id: alarm.id, comment: 'Technician on the way' }, { token })).code).toBe(
      1,
    );
    expect((await server.request(alarmApi.battery.assign, { id: alarm.id, assigneeId: colleague.id }, { token })).code).toBe(1);
    // The pack cools down below the clear margin: no one clears it, its condition does.
    await heat(own.numbers[0]!, 45, new Date(Date.now() + 1000));

    const { data } = await server.request(alarmApi.battery.detail, { id: alarm.id }, { token });
    expect(data).toMatchObject({ id: alarm.id, deviceNumber: own.numbers[0], alarmState: 'CLEARED', comment: 'Technician on the way' });
    expect(data.live).toHaveProperty('temperature');
    const by = (await server.request(alarmApi.records.search, { deviceNumber: own.numbers[0] }, { token })).data.records[0]!;
    expect(data.history.map((step) => [step.event, step.by, step.comment, step.assigneeName])).toEqual([
      ['opened', null, '', null],
      ['acknowledged', 'Budi Santoso', 'Technician on the way', null],
      ['assigned', 'Budi Santoso', '', 'Dewi Lestari'],
      ['cleared', null, '', null],
    ]);
    expect(data.history[0]!.at).toBe(by.openedAt);
    expect(data.history[3]!.at).toBe(by.clearedAt);
  });

  it('names who cleared it by hand, once, and only the steps of this alarm', async () => {
    const token = lead.token;
    await heat(own.numbers[1]!, 70, new Date());
    const alarm = await alarmOf(token, own.numbers[1]!);
    expect((await server.request(alarmApi.battery.clear, { id: alarm.id, comment: 'Pack replaced' }, { token })).code).toBe(1);
    const { data } = await server.request(alarmApi.battery.detail, { id: alarm.id }, { token: admin });
    expect(data.history.map((step) => [step.event, step.by, step.comment])).toEqual([
      ['opened', null, ''],
      ['cleared', 'Budi Santoso', 'Pack replaced'],
    ]);
  });

  it('answers a cabinet’s alarm on the cabinet’s read only', async () => {
    const id = await storeAlarm('cabinet', [cabinet, 0], {
      parameter: 'water',
      level: 'HIGH',
      content: 'Water detected in the cabinet',
      alarmState: 'OPEN',
    });
    const token = merchant.admin.token;
    const { data } = await server.request(alarmApi.cabinet.detail, { id }, { token });
    expect(data).toMatchObject({ alarmKind: 'cabinet', deviceNumber: cabinet.numbers[0], alarmState: 'OPEN' });
    expect(data.history.map((step) => step.event)).toEqual(['opened']);
    // A cabinet's alarm is no battery alarm, and the other way round.
    expect(await read('battery', token, id)).toMatchObject({ status: 404, code: MESSAGES.alarmMissing.code });
    const battery = await alarmOf(token, own.numbers[0]!);
    expect(await read('cabinet', token, battery.id)).toMatchObject({ status: 404, code: MESSAGES.alarmMissing.code });
  });

  it('answers another tenant’s alarm, a waiting one and a missing id alike: not found, in the caller’s language', async () => {
    await heat(theirs.numbers[0]!, 66, new Date());
    const foreign = await alarmOf(rival.admin.token, theirs.numbers[0]!);
    expect((await read('battery', admin, foreign.id)).code).toBe(1);
    const answer = await read('battery', merchant.admin.token, foreign.id, 'th');
    expect(answer).toMatchObject({ status: 404, code: 8003, message: MESSAGES.alarmMissing.text.th, data: null });
    const never = await read('battery', merchant.admin.token, 2_000_000_000, 'th');
    expect([never.status, never.code, never.message]).toEqual([answer.status, answer.code, answer.message]);
    // Still waiting out its hold: no alarm yet for anyone.
    const pending = await storeAlarm('battery', [own, 1], {
      parameter: 'temperature',
      level: 'LOW',
      content: 'Waiting',
      alarmState: 'PENDING',
    });
    expect((await read('battery', admin, pending)).code).toBe(8003);
    // Not an id at all, or text with a NUL: refused as input, nothing read.
    for (const bad of ['abc', '-1', '1\u0000', '99999999999999999999']) {
      const refused = await read('battery', merchant.admin.token, bad);
      expect(refused.code, bad).not.toBe(1);
      expect(refused.status, bad).toBeLessThan(500);
    }
  });

  it('is refused to an account without the kind’s alarm screen', async () => {
    const alarm = await alarmOf(merchant.admin.token, own.numbers[0]!);
    const recordsOnly = await createAccount(server, admin, { merchantId: merchant.id, menuCodes: ['alarm.records'] });
    const refused = await read('battery', recordsOnly.token, alarm.id);
    expect(refused.code).not.toBe(1);
    expect(refused.data).toBeNull();
    const cabinetsOnly = await createAccount(server, admin, { merchantId: merchant.id, menuCodes: ['alarm.cabinet'] });
    expect((await read('battery', cabinetsOnly.token, alarm.id)).code).not.toBe(1);
  });

  it('offers as rule filter the platform’s rules and the caller’s merchant’s, never another tenant’s, and filters the records by them', async () => {
    const token = merchant.admin.token;
    const [mine, rivals] = await server.db
      .insert(alarmRules)
      .values([
        { ...RULE, merchantId: merchant.id, content: 'Warm pack (own)' },
        { ...RULE, merchantId: rival.id, content: 'Warm pack (rival)' },
        { ...RULE, alarmKind: 'cabinet', parameter: 'smoke', rangeFrom: null, content: 'Smoke (platform)' },
      ])
      .returning();
    const [, rivalBusiness] = await server.db
      .insert(alarmBusinessRules)
      .values([
        {
          merchantId: merchant.id,
          businessCondition: 'swapFailures',
          threshold: 2,
          windowMinutes: 10,
          level: 'LOW',
          content: 'Failing swaps (own)',
          notifications: [],
        },
        {
          merchantId: rival.id,
          businessCondition: 'swapFailures',
          threshold: 2,
          windowMinutes: 10,
          level: 'LOW',
          content: 'Failing swaps (rival)',
          notifications: [],
        },
      ])
      .returning();
    const offered = async (endpoint: typeof alarmRuleOptionsEndpoint | typeof businessRuleOptionsEndpoint, body: object, who = token) =>
      (await server.request(endpoint, body as never, { token: who })).data.map((r) => r.content);
    expect(await offered(alarmRuleOptionsEndpoint, {})).toEqual(['Battery overheating', 'Smoke (platform)', 'Warm pack (own)']);
    expect(await offered(alarmRuleOptionsEndpoint, { alarmKind: 'battery' })).toEqual(['Battery overheating', 'Warm pack (own)']);
    expect(await offered(alarmRuleOptionsEndpoint, { keyword: 'warm' })).toEqual(['Warm pack (own)']);
    // Another tenant's rule is not offered even by its id; the platform sees every one.
    expect(await offered(alarmRuleOptionsEndpoint, { ids: [rivals!.id], keyword: 'zzz' })).toEqual([]);
    expect(await offered(alarmRuleOptionsEndpoint, { keyword: 'warm' }, admin)).toEqual(['Warm pack (own)', 'Warm pack (rival)']);
    expect(await offered(businessRuleOptionsEndpoint, {})).toEqual(['Failing swaps (own)']);
    expect(await offered(businessRuleOptionsEndpoint, { ids: [rivalBusiness!.id] })).toEqual(['Failing swaps (own)']);
    // Bad input is refused, in the caller's language, and an account without an alarm screen is refused.
    for (const bad of [{ limit: 0 }, { keyword: 'x\u0000' }, { alarmKind: 'toaster' }, { ids: ['a'] }]) {
      expect((await server.request(alarmRuleOptionsEndpoint, bad as never, { token })).code, JSON.stringify(bad)).not.toBe(1);
    }
    const outsider = await createAccount(server, admin, { merchantId: merchant.id, menuCodes: ['operation.battery'] });
    expect((await server.request(alarmRuleOptionsEndpoint, {}, { token: outsider.token })).code).not.toBe(1);

    // The records filtered by the chosen rule: only its alarms.
    const platformRule = (await server.request(alarmRuleOptionsEndpoint, { keyword: 'Battery overheating' }, { token })).data[0]!;
    const byRule = (await server.request(alarmApi.records.search, { ruleId: platformRule.id }, { token })).data.records;
    expect(byRule.length).toBeGreaterThan(0);
    expect(new Set(byRule.map((r) => r.ruleId))).toEqual(new Set([platformRule.id]));
    expect((await server.request(alarmApi.battery.search, { ruleId: mine!.id }, { token })).data.records).toEqual([]);
  });
});
