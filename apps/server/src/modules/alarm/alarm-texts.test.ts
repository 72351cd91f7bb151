import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { alarmApi, alarmRuleOptionsEndpoint, businessRuleOptionsEndpoint, deviceLogApi, type Language } from '@swap/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createDeviceTypes, createDevices, createMerchant, platformAdmin, type MerchantFixture } from '../../test/factories.js';
import { alarmRules } from './alarm.table.js';
import { evaluateAlarms, forgetRules } from './alarm.evaluate.js';
import { OVERHEATING_RULE } from './alarm.fixtures.js';

/** The demo's rule texts in the reader's language, an operator's own text as typed (docs/alarms.md, "Demo data"). */
describe('alarm texts', () => {
  let server: TestServer;
  let admin: string;
  let merchant: MerchantFixture;
  let battery: { id: number; number: string };

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    admin = (await platformAdmin(server)).token;
    merchant = await createMerchant(server, admin, {
      menuCodes: ['alarmConfiguration.device', 'alarmConfiguration.business', 'alarm.records', 'alarm.battery', 'operation.battery'],
    });
    const types = await createDeviceTypes(server, admin);
    const added = await createDevices(server, admin, 'battery', 1, { typeId: types.battery, prefix: 'BTX', merchantId: merchant.id });
    battery = { id: added.ids[0]!, number: added.numbers[0]! };
  });
  afterAll(() => server?.close());

  it('shows a known text in each reader’s language everywhere it is read, keeps it in English, and an own text as typed', async () => {
    const token = merchant.admin.token;
    // Saved by a Thai reader in Thai: kept as the known text, so every reader reads it in their language.
    await server.request(alarmApi.rules.add, { ...OVERHEATING_RULE, content: 'แบตเตอรี่ร้อนเกินไป' }, { token, lang: 'th' });
    await server.request(
      alarmApi.rules.add,
      { ...OVERHEATING_RULE, parameter: 'soc', rangeFrom: null, rangeTo: 10, content: 'Pack almost flat' },
      { token },
    );
    expect((await server.db.select({ content: alarmRules.content }).from(alarmRules)).map((r) => r.content).sort()).toEqual([
      'Battery overheating',
      'Pack almost flat',
    ]);
    forgetRules();
    await evaluateAlarms(server.db, [{ kind: 'battery', number: battery.number, values: { temperature: 60, soc: 5 } }]);

    const read = async (lang: Language) => {
      const rules = (await server.request(alarmApi.rules.search, {}, { token, lang })).data.records.map((r) => r.content);
      const options = (await server.request(alarmRuleOptionsEndpoint, { limit: 20 }, { token, lang })).data.map((o) => o.content);
      const records = (await server.request(alarmApi.records.search, {}, { token, lang })).data.records.map((r) => r.content);
      const log = (await server.request(deviceLogApi.battery, { deviceId: battery.id }, { token, lang })).data.records.map(
        (r) => r.logText,
      );
      return { rules: rules.sort(), options: options.sort(), records: records.sort(), log: log.sort() };
    };
    expect(await read('zh')).toEqual({
      rules: ['Pack almost flat', '电池过热'],
      options: ['Pack almost flat', '电池过热'],
      records: ['Pack almost flat', '电池过热'],
      log: [expect.stringContaining('Pack almost flat'), expect.stringContaining('电池过热')],
    });
    expect((await read('in')).records).toEqual(['Baterai terlalu panas', 'Pack almost flat']);
    expect((await read('en')).rules).toEqual(['Battery overheating', 'Pack almost flat']);
    // A text that only starts like a known one is the operator's own.
    const [hot] = await server.db.select().from(alarmRules).where(eq(alarmRules.content, 'Battery overheating'));
    const edited = await server.request(
      alarmApi.rules.edit,
      { ...OVERHEATING_RULE, id: hot!.id, content: 'Battery overheating!' },
      { token, lang: 'th' },
    );
    expect(edited.data.content).toBe('Battery overheating!');
  });

  it('finds a demo rule by its words in the reader’s language, an own rule by its words as typed; add and edit answer the reader’s words', async () => {
    const token = merchant.admin.token;
    await server.db.delete(alarmRules);
    const device = await server.request(alarmApi.rules.add, { ...OVERHEATING_RULE, content: 'Battery overheating' }, { token, lang: 'zh' });
    expect(device.data.content).toBe('电池过热');
    await server.request(
      alarmApi.rules.add,
      { ...OVERHEATING_RULE, parameter: 'soc', rangeFrom: null, rangeTo: 10, content: 'Pack panas 热' },
      { token },
    );
    const swaps = {
      businessCondition: 'swapFailures' as const,
      threshold: 3,
      windowMinutes: 30,
      level: 'HIGH' as const,
      content: 'Penukaran gagal di kabinet',
      notifications: ['IN_APP' as const],
      enabled: true,
    };
    const business = await server.request(alarmApi.businessRules.add, swaps, { token, lang: 'th' });
    expect(business.data.content).toBe('การสลับแบตเตอรี่ล้มเหลวที่ตู้');
    const edited = await server.request(
      alarmApi.businessRules.edit,
      { ...swaps, id: business.data.id, threshold: 4 },
      { token, lang: 'in' },
    );
    expect(edited.data.content).toBe('Penukaran gagal di kabinet');

    const found = async (lang: Language, keyword: string) => ({
      rules: (await server.request(alarmApi.rules.search, { content: keyword }, { token, lang })).data.records.map((r) => r.content).sort(),
      options: (await server.request(alarmRuleOptionsEndpoint, { keyword, limit: 20 }, { token, lang })).data.map((o) => o.content).sort(),
      business: (await server.request(alarmApi.businessRules.search, { content: keyword }, { token, lang })).data.records.map(
        (r) => r.content,
      ),
      businessOptions: (await server.request(businessRuleOptionsEndpoint, { keyword, limit: 20 }, { token, lang })).data.map(
        (o) => o.content,
      ),
    });
    // Chinese: 热 is in 电池过热 and in the operator's own text; 换电 in the swaps rule.
    expect(await found('zh', '热')).toEqual({
      rules: ['Pack panas 热', '电池过热'],
      options: ['Pack panas 热', '电池过热'],
      business: [],
      businessOptions: [],
    });
    expect(await found('zh', '换电')).toEqual({
      rules: [],
      options: [],
      business: ['换电柜换电失败'],
      businessOptions: ['换电柜换电失败'],
    });
    // Bahasa, any case: panas in Baterai terlalu panas and in the own text; the stored English is not what a Bahasa reader searches.
    expect(await found('in', 'PANAS')).toEqual({
      rules: ['Baterai terlalu panas', 'Pack panas 热'],
      options: ['Baterai terlalu panas', 'Pack panas 热'],
      business: [],
      businessOptions: [],
    });
    expect(await found('in', 'overheating')).toEqual({ rules: [], options: [], business: [], businessOptions: [] });
    expect((await found('in', 'gagal')).business).toEqual(['Penukaran gagal di kabinet']);
    // English reads the stored words; a keyword with the pattern's own characters is taken as typed.
    expect((await found('en', 'overheat')).rules).toEqual(['Battery overheating']);
    expect(await found('en', '%')).toEqual({ rules: [], options: [], business: [], businessOptions: [] });
  });
});
