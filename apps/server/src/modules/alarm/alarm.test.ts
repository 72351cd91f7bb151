import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import {
  alarmApi,
  alarmAssigneeOptionsEndpoint,
  batteryTelemetryTopic,
  cabinetTopic,
  dashboardApi,
  endpointUrl,
  liveApi,
  type AlarmSummary,
  type BatteryTelemetry,
  type Language,
} from '@swap/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import {
  createAccount,
  createDeviceTypes,
  createDevices,
  createDeviceWithCredential,
  createMerchant,
  platformAdmin,
  type MerchantFixture,
} from '../../test/factories.js';
import { batteryReport, startEmbeddedGateway } from '../../test/device-fixtures.js';
import { eventually } from '../../test/eventually.js';
import { openEventStream } from '../../test/event-stream.js';
import type { DeviceGateway } from '../../device-link/index.js';
import { auditLogs } from '../audit-log/audit-log.table.js';
import { batteries } from '../battery/battery.table.js';
import { cabinets } from '../cabinet/cabinet.table.js';
import { deviceLogs } from '../device-log/device-log.table.js';
import { markSilentCabinetsOffline } from '../../device-link/index.js';
import { alarmLevels, alarmRules, alarms } from './alarm.table.js';
import { AlarmSteps, clearRetiredRuleAlarms, evaluateAlarms, forgetRules, type Reading } from './alarm.evaluate.js';
import { OFFLINE_RULE, OVERHEATING_RULE } from './alarm.fixtures.js';
import { alarmAnnouncer } from './alarm.live.js';

const ALARM_MENUS = [
  'alarmConfiguration.device',
  'alarmConfiguration.level',
  'alarm.records',
  'alarm.battery',
  'alarm.cabinet',
  'operation.battery',
];

const RULE = OVERHEATING_RULE;

const telemetry = (temperature: number, soc = 80): BatteryTelemetry => batteryReport({ temperature, soc, position: null });

/** A stream of the header as a browser reads it: the `alarm` events it has heard. */
async function openAlarmStream(base: string, token: string) {
  const stream = await openEventStream(`${base}${endpointUrl(alarmApi.live)}`, token);
  await stream.next('ready');
  return { ...stream, alarms: () => stream.events.filter((e) => e.event === 'alarm').map((e) => e.data) };
}

describe('alarms', () => {
  let server: TestServer;
  let admin: string;
  let merchant: MerchantFixture;
  let rival: MerchantFixture;
  let types: Awaited<ReturnType<typeof createDeviceTypes>>;
  let own: { ids: number[]; numbers: string[] };
  let theirs: { ids: number[]; numbers: string[] };

  const addRule = (token: string, body: Record<string, unknown>, lang?: Language) =>
    server.call('POST', endpointUrl(alarmApi.rules.add), { token, body, ...(lang ? { lang } : {}) });
  const reading = (number: string, values: Reading['values']): Reading => ({ kind: 'battery', number, values });
  const activeOf = (deviceId: number) =>
    server.db
      .select()
      .from(alarms)
      .where(and(eq(alarms.deviceId, deviceId), eq(alarms.alarmKind, 'battery')));
  const at = (seconds: number) => new Date(Date.UTC(2026, 0, 5, 8, 0, seconds));

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0', WEBHOOK_ALLOW_PRIVATE: '1' });
    admin = (await platformAdmin(server)).token;
    merchant = await createMerchant(server, admin, { menuCodes: ALARM_MENUS });
    rival = await createMerchant(server, admin, { menuCodes: ALARM_MENUS });
    types = await createDeviceTypes(server, admin);
    own = await createDevices(server, admin, 'battery', 6, { typeId: types.battery, prefix: 'BAL', merchantId: merchant.id });
    theirs = await createDevices(server, admin, 'battery', 2, { typeId: types.battery, prefix: 'BAR', merchantId: rival.id });
  });
  afterAll(() => server.close());

  describe('levels', () => {
    it('lists low, medium and high with their colours; platform staff edit one, audited', async () => {
      const levels = (await server.request(alarmApi.levels, {}, { token: merchant.admin.token })).data.records;
      expect(levels.map((l) => [l.level, l.colour])).toEqual([
        ['LOW', '#1677ff'],
        ['MEDIUM', '#fa8c16'],
        ['HIGH', '#f5222d'],
      ]);
      const { updatedAt: _at, ...high } = levels[2]!;
      const edited = await server.request(
        alarmApi.editLevel,
        { ...high, colour: '#cf1322', webhookUrl: 'http://127.0.0.1:9/alarms', labelIn: 'Kritis' },
        { token: admin },
      );
      expect(edited.data).toMatchObject({ colour: '#cf1322', labelIn: 'Kritis', sound: true });
      const [audit] = await server.db.select().from(auditLogs).where(eq(auditLogs.action, 'alarmLevel.edit'));
      expect(audit?.changes).toMatchObject({ colour: ['#f5222d', '#cf1322'], labelIn: ['Tinggi', 'Kritis'] });
    });

    it('refuses a merchant’s edit, a bad colour or webhook, in the caller’s language, and changes nothing', async () => {
      const [high] = await server.db.select().from(alarmLevels).where(eq(alarmLevels.level, 'HIGH'));
      const body = {
        level: 'HIGH',
        colour: '#000000',
        sound: false,
        webhookUrl: '',
        labelEn: 'High',
        labelIn: 'Tinggi',
        labelTh: 'สูง',
        labelZh: '高',
      };
      const byMerchant = await server.call('POST', endpointUrl(alarmApi.editLevel), { token: merchant.admin.token, body });
      expect(byMerchant.status).toBe(403);
      const colour = await server.call('POST', endpointUrl(alarmApi.editLevel), {
        token: admin,
        body: { ...body, colour: 'red' },
        lang: 'in',
      });
      expect([colour.status, colour.message]).toEqual([400, expect.stringContaining('Warna')]);
      const hook = await server.call('POST', endpointUrl(alarmApi.editLevel), { token: admin, body: { ...body, webhookUrl: 'ftp://x' } });
      expect(hook.status).toBe(400);
      const nul = await server.call('POST', endpointUrl(alarmApi.editLevel), { token: admin, body: { ...body, labelEn: 'Hi\u0000gh' } });
      expect(nul.status).toBe(400);
      const unknown = await server.call('POST', endpointUrl(alarmApi.editLevel), { token: admin, body: { ...body, level: 'SEVERE' } });
      expect(unknown.status).toBe(400);
      expect((await server.db.select().from(alarmLevels).where(eq(alarmLevels.level, 'HIGH')))[0]).toEqual(high);
    });
  });

  describe('device rules', () => {
    it('adds a rule for the caller’s tenant; each merchant sees its own, the platform every one', async () => {
      const added = await server.request(
        alarmApi.rules.add,
        { ...RULE, rangeFrom: 60, content: 'Merchant overheat' },
        { token: merchant.admin.token },
      );
      expect(added.data).toMatchObject({ merchantId: merchant.id, rangeFrom: 60, content: 'Merchant overheat' });
      await server.request(alarmApi.rules.add, { ...RULE, content: 'Rival overheat' }, { token: rival.admin.token });
      const contents = async (token: string) =>
        (await server.request(alarmApi.rules.search, {}, { token })).data.records.map((r) => r.content);
      expect(await contents(merchant.admin.token)).toEqual(['Merchant overheat']);
      expect(await contents(rival.admin.token)).toEqual(['Rival overheat']);
      expect(await contents(admin)).toEqual(['Rival overheat', 'Merchant overheat']);
      // Another tenant's rule does not exist for the caller, and stays.
      const [rivals] = (await server.request(alarmApi.rules.search, {}, { token: rival.admin.token })).data.records;
      const edit = await server.call('POST', endpointUrl(alarmApi.rules.edit), {
        token: merchant.admin.token,
        body: { ...RULE, id: rivals!.id },
      });
      expect(edit.code).toBe(1017);
      expect((await server.request(alarmApi.rules.remove, { id: rivals!.id }, { token: merchant.admin.token })).code).toBe(1017);
      // Clean up for the evaluation below.
      await server.db.delete(alarmRules);
      forgetRules();
    });

    it('refuses a parameter the kind does not report, a range without bound or upside down, another kind’s type, and NUL text', async () => {
      const token = merchant.admin.token;
      const param = await addRule(token, { ...RULE, parameter: 'smoke' }, 'th');
      expect([param.status, param.message]).toEqual([400, expect.stringContaining('พารามิเตอร์')]);
      expect((await addRule(token, { ...RULE, rangeFrom: null, rangeTo: null })).status).toBe(400);
      const upside = await addRule(token, { ...RULE, rangeFrom: 60, rangeTo: 40 }, 'in');
      expect([upside.status, upside.message]).toEqual([400, expect.stringContaining('Sampai')]);
      expect((await addRule(token, { ...RULE, content: 'Hot\u0000' })).status).toBe(400);
      expect((await addRule(token, { ...RULE, rangeFrom: Number.MAX_VALUE })).status).toBe(400);
      expect((await addRule(token, { ...RULE, holdSeconds: -1 })).status).toBe(400);
      expect((await addRule(token, { ...RULE, notifications: ['SMS'] })).status).toBe(400);
      const type = await addRule(token, { ...RULE, deviceTypeId: types.cabinet });
      expect([type.status, type.code]).toEqual([400, 8002]);
      // A condition keeps no range.
      const smoke = await server.request(
        alarmApi.rules.add,
        { ...RULE, alarmKind: 'cabinet', parameter: 'smoke', rangeFrom: 3, clearMargin: 2, content: 'Smoke' },
        { token },
      );
      expect(smoke.data).toMatchObject({ rangeFrom: null, rangeTo: null, clearMargin: 0 });
      expect(await server.db.select().from(alarmRules)).toHaveLength(1);
      await server.db.delete(alarmRules);
      forgetRules();
    });
  });

  describe('evaluation', () => {
    it('opens once inside the range, takes new readings while open, keeps it within the clear margin, clears beyond it', async () => {
      await server.request(alarmApi.rules.add, RULE, { token: admin });
      const [number] = own.numbers;
      const [id] = own.ids;
      expect(await evaluateAlarms(server.db, [reading(number!, { temperature: 50 })], at(0))).toEqual([]);
      expect(await activeOf(id!)).toHaveLength(0);
      const opened = await evaluateAlarms(server.db, [reading(number!, { temperature: 56 })], at(1));
      expect(opened).toEqual([{ kind: 'battery', number, merchantId: merchant.id, level: 'HIGH', header: true }]);
      expect((await server.db.select().from(batteries).where(eq(batteries.id, id!)))[0]?.alarmStatus).toBe('ALARM');
      // Reported again and again: the one alarm takes the value, no second opens.
      await evaluateAlarms(server.db, [reading(number!, { temperature: 59 })], at(2));
      await Promise.all([1, 2, 3].map((i) => evaluateAlarms(server.db, [reading(number!, { temperature: 57 + i })], at(3))));
      let rows = await activeOf(id!);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ alarmState: 'OPEN', openedAt: at(1) });
      // Each reading worse than the alarm's was written at once (58 and 59 after 59 were not worse).
      expect(rows[0]).toMatchObject({ value: 60, lastSeenAt: at(3) });
      // 52 is below 55 but within the 5° margin: still open, and a better reading waits for the
      // alarm's 30 s refresh (docs/alarms.md, "Evaluation").
      await evaluateAlarms(server.db, [reading(number!, { temperature: 52 })], at(4));
      expect((await activeOf(id!))[0]).toMatchObject({ alarmState: 'OPEN', value: 60, lastSeenAt: at(3) });
      await evaluateAlarms(server.db, [reading(number!, { temperature: 49 })], at(5));
      rows = await activeOf(id!);
      expect(rows[0]).toMatchObject({ alarmState: 'CLEARED', clearedAt: at(5) });
      expect((await server.db.select().from(batteries).where(eq(batteries.id, id!)))[0]?.alarmStatus).toBe('NORMAL');
      // Raised again: a new alarm beside the cleared one.
      await evaluateAlarms(server.db, [reading(number!, { temperature: 70 })], at(6));
      expect((await activeOf(id!)).map((r) => r.alarmState).sort()).toEqual(['CLEARED', 'OPEN']);
      // The same reading within 30 s writes nothing, not even its last-seen time; a new reading is
      // written at once; the same reading 30 s on, its last-seen time (docs/alarms.md, "Evaluation").
      const open = async () => (await activeOf(id!)).find((r) => r.alarmState === 'OPEN');
      await evaluateAlarms(server.db, [reading(number!, { temperature: 70 })], at(20));
      expect(await open()).toMatchObject({ value: 70, lastSeenAt: at(6) });
      await evaluateAlarms(server.db, [reading(number!, { temperature: 71 })], at(21));
      expect(await open()).toMatchObject({ value: 71, lastSeenAt: at(21) });
      await evaluateAlarms(server.db, [reading(number!, { temperature: 71 })], at(50));
      expect(await open()).toMatchObject({ value: 71, lastSeenAt: at(21) });
      await evaluateAlarms(server.db, [reading(number!, { temperature: 71 })], at(51));
      expect(await open()).toMatchObject({ value: 71, lastSeenAt: at(51) });
      // A better reading is written once the alarm was last written 30 s ago, a worse one at once.
      await evaluateAlarms(server.db, [reading(number!, { temperature: 64 })], at(60));
      expect(await open()).toMatchObject({ value: 71, lastSeenAt: at(51) });
      await evaluateAlarms(server.db, [reading(number!, { temperature: 63 })], at(81));
      expect(await open()).toMatchObject({ value: 63, lastSeenAt: at(81) });
      await evaluateAlarms(server.db, [reading(number!, { temperature: 65 })], at(82));
      expect(await open()).toMatchObject({ value: 65, lastSeenAt: at(82) });
    });

    it('waits out the hold time (kept in the database across a restart) and forgets a condition that did not hold', async () => {
      await server.db.delete(alarmRules);
      await server.request(
        alarmApi.rules.add,
        { ...RULE, parameter: 'soc', rangeFrom: null, rangeTo: 10, holdSeconds: 60, level: 'LOW', content: 'Low' },
        { token: admin },
      );
      forgetRules();
      const [, second, third] = own.numbers;
      const [, secondId, thirdId] = own.ids;
      await evaluateAlarms(server.db, [reading(second!, { soc: 8 }), reading(third!, { soc: 9 })], at(0));
      expect((await activeOf(secondId!))[0]?.alarmState).toBe('PENDING');
      // Hidden while pending.
      expect((await server.request(alarmApi.records.search, {}, { token: admin })).data.records.map((r) => r.deviceNumber)).not.toContain(
        second,
      );
      // The third recovers before the hold ends: nothing opens.
      await evaluateAlarms(server.db, [reading(third!, { soc: 30 })], at(30));
      expect(await activeOf(thirdId!)).toHaveLength(0);
      // A restart forgets what the server kept in memory; the pending alarm is in the database.
      forgetRules();
      expect(await evaluateAlarms(server.db, [reading(second!, { soc: 7 })], at(59))).toEqual([]);
      const opened = await evaluateAlarms(server.db, [reading(second!, { soc: 7 })], at(61));
      expect(opened.map((o) => o.number)).toEqual([second]);
      expect((await activeOf(secondId!))[0]).toMatchObject({ alarmState: 'OPEN', openedAt: at(61), header: true, value: 7 });
      // Under a range's upper bound a lower charge is the worse reading: written at once, a higher one not.
      await evaluateAlarms(server.db, [reading(second!, { soc: 9 })], at(62));
      expect((await activeOf(secondId!))[0]).toMatchObject({ value: 7, lastSeenAt: at(61) });
      await evaluateAlarms(server.db, [reading(second!, { soc: 6 })], at(63));
      expect((await activeOf(secondId!))[0]).toMatchObject({ value: 6, lastSeenAt: at(63) });
    });

    it('lets a rule naming the device type replace the same owner’s rule of the parameter; another owner’s rule watches none of its devices', async () => {
      await server.db.delete(alarmRules);
      await server.request(alarmApi.rules.add, { ...RULE, rangeFrom: 40, content: 'Generic' }, { token: merchant.admin.token });
      await server.request(
        alarmApi.rules.add,
        { ...RULE, rangeFrom: 45, deviceTypeId: types.battery, content: 'Typed' },
        { token: merchant.admin.token },
      );
      await server.request(alarmApi.rules.add, { ...RULE, rangeFrom: 30, content: 'Rival only' }, { token: rival.admin.token });
      forgetRules();
      const [, , , fourth] = own.numbers;
      await evaluateAlarms(server.db, [reading(fourth!, { temperature: 43 }), reading(theirs.numbers[0]!, { temperature: 35 })], at(0));
      expect(await activeOf(own.ids[3]!)).toHaveLength(0);
      await evaluateAlarms(server.db, [reading(fourth!, { temperature: 46 })], at(1));
      expect((await activeOf(own.ids[3]!)).map((r) => r.content)).toEqual(['Typed']);
      expect((await activeOf(theirs.ids[0]!)).map((r) => r.content)).toEqual(['Rival only']);
    });

    it('writes each alarm raised and cleared into the device’s log', async () => {
      const entries = await server.db
        .select()
        .from(deviceLogs)
        .where(and(eq(deviceLogs.deviceKind, 'battery'), eq(deviceLogs.deviceId, own.ids[0]!), eq(deviceLogs.kind, 'alarm')));
      expect(entries.map((e) => [e.textKey, e.params])).toEqual(
        expect.arrayContaining([
          ['deviceLogAlarmRaised', { content: 'Battery overheating' }],
          ['deviceLogAlarmCleared', { content: 'Battery overheating' }],
        ]),
      );
    });

    it('opens an offline alarm when the heartbeat sweep finds a cabinet silent, and its next report clears it', async () => {
      await server.request(alarmApi.rules.add, { ...OFFLINE_RULE, content: 'Cabinet silent' }, { token: admin });
      forgetRules();
      const cabinet = await createDevices(server, admin, 'cabinet', 1, { typeId: types.cabinet, prefix: 'CAL', merchantId: merchant.id });
      // The cabinet was heard an hour ago and is still marked online.
      await server.db
        .update(cabinets)
        .set({ online: true, lastReportAt: new Date(Date.now() - 3600_000) })
        .where(eq(cabinets.id, cabinet.ids[0]!));
      expect(await markSilentCabinetsOffline(server.db, 60_000)).toBeGreaterThanOrEqual(1);
      const [alarm] = await server.db
        .select()
        .from(alarms)
        .where(and(eq(alarms.alarmKind, 'cabinet'), eq(alarms.deviceId, cabinet.ids[0]!)));
      expect(alarm).toMatchObject({ alarmState: 'OPEN', content: 'Cabinet silent', merchantId: merchant.id });
      await evaluateAlarms(server.db, [{ kind: 'cabinet', number: cabinet.numbers[0]!, values: { offline: false, water: false } }]);
      const [after] = await server.db.select().from(alarms).where(eq(alarms.id, alarm!.id));
      expect(after?.alarmState).toBe('CLEARED');
    });
  });

  describe('records', () => {
    it('shows each merchant its own alarms with the device’s live readings, filtered by level, state and device', async () => {
      const numbersSeen = async (token: string, filter: Record<string, unknown> = {}) =>
        (await server.request(alarmApi.records.search, filter, { token })).data.records.map((r) => r.deviceNumber);
      expect(await numbersSeen(rival.admin.token)).toEqual([theirs.numbers[0]]);
      const mine = await numbersSeen(merchant.admin.token);
      expect(mine).not.toContain(theirs.numbers[0]);
      expect(mine).toContain(own.numbers[1]);
      expect(await numbersSeen(merchant.admin.token, { level: 'LOW' })).toEqual([own.numbers[1]]);
      expect(await numbersSeen(merchant.admin.token, { deviceNumber: own.numbers[3] })).toEqual([own.numbers[3]]);
      expect(await numbersSeen(merchant.admin.token, { alarmState: 'CLEARED', alarmKind: 'battery' })).toEqual([own.numbers[0]]);
      expect(await numbersSeen(merchant.admin.token, { openedFrom: new Date().toISOString() })).toEqual([]);
      const batteryPage = await server.request(alarmApi.battery.search, { deviceNumber: own.numbers[3] }, { token: merchant.admin.token });
      expect(batteryPage.data.records[0]?.live).toHaveProperty('soc');
    });

    it('acknowledges and clears with a comment, assigns to an account of the tenant; audited; another tenant’s alarm does not exist', async () => {
      const token = merchant.admin.token;
      const [alarm] = (await server.request(alarmApi.records.search, { deviceNumber: own.numbers[3] }, { token })).data.records;
      const rivalsAlarm = (await server.request(alarmApi.records.search, {}, { token: rival.admin.token })).data.records[0]!;
      const acked = await server.request(alarmApi.battery.acknowledge, { id: alarm!.id, comment: 'On my way' }, { token });
      expect(acked.data).toMatchObject({ alarmState: 'ACKNOWLEDGED', comment: 'On my way' });
      const foreign = await server.request(alarmApi.battery.acknowledge, { id: rivalsAlarm.id, comment: 'x' }, { token });
      expect(foreign.code).toBe(1017);
      // A cabinet alarm's call does not reach a battery alarm.
      expect((await server.request(alarmApi.cabinet.clear, { id: alarm!.id, comment: 'x' }, { token })).code).toBe(1017);
      expect((await server.request(alarmApi.battery.acknowledge, { id: alarm!.id, comment: 'x\u0000' }, { token })).code).not.toBe(1);

      const colleague = await createAccount(server, admin, { merchantId: merchant.id, menuCodes: ['alarm.records'] });
      const outsider = await createAccount(server, admin, { merchantId: rival.id, menuCodes: ['alarm.records'] });
      const refused = await server.request(alarmApi.battery.assign, { id: alarm!.id, assigneeId: outsider.id }, { token, lang: 'zh' });
      expect([refused.code, refused.message]).toEqual([8001, expect.stringContaining('处理人')]);
      const assigned = await server.request(alarmApi.battery.assign, { id: alarm!.id, assigneeId: colleague.id }, { token });
      expect(assigned.data).toMatchObject({ assigneeId: colleague.id, assigneeName: expect.any(String) });

      const cleared = await server.request(alarmApi.battery.clear, { id: alarm!.id, comment: 'Pack replaced' }, { token });
      expect(cleared.data).toMatchObject({ alarmState: 'CLEARED', comment: 'Pack replaced', clearedAt: expect.any(String) });
      const again = await server.request(alarmApi.battery.clear, { id: alarm!.id, comment: 'twice' }, { token, lang: 'in' });
      expect([again.code, again.message]).toEqual([8000, 'Alarm ini sudah pulih']);
      const audits = await server.db.select().from(auditLogs).where(eq(auditLogs.objectType, 'alarm'));
      expect(audits.map((a) => a.action).sort()).toEqual(['alarm.acknowledge', 'alarm.assign', 'alarm.clear']);
      expect((await server.db.select().from(batteries).where(eq(batteries.id, own.ids[3]!)))[0]?.alarmStatus).toBe('NORMAL');
    });

    it('offers as assignees the alarm’s merchant’s enabled accounts (and the platform’s to platform staff); refuses the rest', async () => {
      const token = merchant.admin.token;
      const [alarm] = (await server.request(alarmApi.records.search, { alarmKind: 'battery' }, { token })).data.records;
      const colleague = await createAccount(server, admin, { merchantId: merchant.id, menuCodes: ['alarm.records'] });
      const outsider = await createAccount(server, admin, { merchantId: rival.id, menuCodes: ['alarm.records'] });
      const offered = async (who: string, body: Record<string, unknown>) =>
        server.request(alarmAssigneeOptionsEndpoint, { alarmId: alarm!.id, ...body }, { token: who });
      const mine = (await offered(token, {})).data.map((a) => a.id);
      expect(mine).toContain(colleague.id);
      expect(mine).not.toContain(outsider.id);
      const platformAdminId = (
        await server.request(alarmAssigneeOptionsEndpoint, { alarmId: alarm!.id, keyword: 'admin' }, { token: admin })
      ).data;
      expect(platformAdminId.length).toBeGreaterThan(0);
      // A merchant's staff are not shown, nor may they name, the platform's accounts.
      const platformIds = platformAdminId.filter((a) => !mine.includes(a.id)).map((a) => a.id);
      expect(platformIds.length).toBeGreaterThan(0);
      const refused = await server.request(alarmApi.battery.assign, { id: alarm!.id, assigneeId: platformIds[0]! }, { token });
      expect(refused.code).toBe(8001);
      // Another tenant's alarm offers nothing: it does not exist for the caller.
      expect((await offered(rival.admin.token, {})).code).toBe(1017);
      expect((await offered(token, { keyword: 'x\u0000' })).code).not.toBe(1);
      const picked = await offered(token, { keyword: colleague.username });
      expect(picked.data.map((a) => a.id)).toContain(colleague.id);
    });

    it('a sub-account asking for assignees by ids gets its own merchant’s enabled accounts only; over-range asks are refused', async () => {
      const [alarm] = (await server.request(alarmApi.records.search, { alarmKind: 'battery' }, { token: merchant.admin.token })).data
        .records;
      const sub = await createAccount(server, admin, {
        merchantId: merchant.id,
        type: 'SON',
        menuCodes: ['alarm.records', 'alarm.battery'],
      });
      const outsider = await createAccount(server, admin, { merchantId: rival.id, menuCodes: ['alarm.records'] });
      const staff = (await server.request(alarmAssigneeOptionsEndpoint, { alarmId: alarm!.id, keyword: 'admin' }, { token: admin })).data;
      const platformId = staff.find((a) => a.username === 'admin')!.id;
      const adminId = (await server.request(alarmAssigneeOptionsEndpoint, { alarmId: alarm!.id }, { token: sub.token })).data.find(
        (a) => a.username === merchant.admin.username,
      )!.id;
      // The merchant's administrator (who holds more) may handle the alarm; another tenant's or the platform's accounts are never named.
      const named = await server.request(
        alarmAssigneeOptionsEndpoint,
        { alarmId: alarm!.id, keyword: 'nobody-has-this-name', ids: [adminId, outsider.id, platformId, 2_147_483_647] },
        { token: sub.token },
      );
      expect(named.data.map((a) => a.id)).toEqual([adminId]);
      for (const body of [
        { alarmId: alarm!.id, limit: 201 },
        { alarmId: alarm!.id, limit: 0 },
        { alarmId: alarm!.id, ids: Array.from({ length: 201 }, (_, i) => i + 1) },
        { alarmId: 2_147_483_648 },
        { alarmId: alarm!.id, keyword: 'k'.repeat(101) },
        { alarmId: alarm!.id, ids: [outsider.id, '1\u0000'] },
      ]) {
        const refused = await server.call('POST', endpointUrl(alarmAssigneeOptionsEndpoint), { token: sub.token, body, lang: 'th' });
        expect([refused.status, refused.code === 1], JSON.stringify(body).slice(0, 80)).toEqual([400, false]);
      }
      // Nor may the sub-account hand the alarm to them.
      for (const assigneeId of [outsider.id, platformId]) {
        expect((await server.request(alarmApi.battery.assign, { id: alarm!.id, assigneeId }, { token: sub.token })).code).toBe(8001);
      }
    });

    it('answers the header’s count of open alarms within the caller’s tenant, of the rules that name the header badge', async () => {
      const summary = async (token: string) => (await server.request(alarmApi.summary, undefined, { token })).data;
      const before = await summary(merchant.admin.token);
      // A rule telling the in-app list only: its high alarm is in the records, open, and not in the header's count.
      const quiet = { ...RULE, parameter: 'soc', rangeFrom: null, rangeTo: 5, content: 'Quiet empty', notifications: ['IN_APP'] };
      await server.request(alarmApi.rules.add, quiet as typeof RULE, { token: merchant.admin.token });
      forgetRules();
      await evaluateAlarms(server.db, [reading(own.numbers[5]!, { soc: 3 })]);
      const listed = await server.request(
        alarmApi.records.search,
        { deviceNumber: own.numbers[5], alarmState: 'OPEN' },
        { token: merchant.admin.token },
      );
      expect(listed.data.records.map((r) => [r.content, r.level])).toEqual([['Quiet empty', 'HIGH']]);
      const mine = await summary(merchant.admin.token);
      expect(mine).toEqual(before);
      const all = await summary(admin);
      expect(mine.open).toBeGreaterThan(0);
      expect(all.open).toBe(mine.open + 1);
      // The bell's list (state open, told in the header) holds as many alarms as it counts, each
      // caller's own; the list-only alarm is under "not told in the header".
      for (const [token, figures] of [
        [merchant.admin.token, mine],
        [admin, all],
      ] as const) {
        const told = await server.request(alarmApi.records.search, { alarmState: 'OPEN', header: true, size: 100 }, { token });
        expect([told.data.total, told.data.records.length]).toEqual([figures.open, figures.open]);
        expect(told.data.records.map((r) => r.content)).not.toContain('Quiet empty');
      }
      const untold = await server.request(alarmApi.records.search, { alarmState: 'OPEN', header: false }, { token: merchant.admin.token });
      expect(untold.data.records.map((r) => r.content)).toEqual(['Quiet empty']);
    });
  });

  describe('on the ingest path, live', () => {
    let gateway: DeviceGateway;
    let base: string;
    beforeAll(async () => {
      ({ gateway } = await startEmbeddedGateway(server));
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      const address = server.app.server.address();
      base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    });
    afterAll(() => gateway.close());

    /** The merchant's battery connected to the gateway, and the header streams of its merchant's and a rival's administrator. */
    async function reportingBattery(number: string) {
      const device = await createDeviceWithCredential(server, admin, 'battery', { typeId: types.battery, number, merchantId: merchant.id });
      const ownStream = await openAlarmStream(base, merchant.admin.token);
      const rivalStream = await openAlarmStream(base, rival.admin.token);
      const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${gateway.port}`, {
        clientId: device.number,
        username: device.number,
        password: device.secret,
      });
      return { device, ownStream, rivalStream, client };
    }

    it('a battery reporting over the limit opens one alarm, told live to its owner’s header and not to another tenant’s', async () => {
      await server.db.delete(alarmRules);
      await server.request(alarmApi.rules.add, { ...RULE, content: 'Live overheat' }, { token: admin });
      const { device, ownStream, rivalStream, client } = await reportingBattery('BLIVE0001');
      try {
        for (let i = 0; i < 3; i++)
          await client.publishAsync(batteryTelemetryTopic(device.number), JSON.stringify(telemetry(62 + i)), { qos: 1 });
        await eventually(() =>
          expect(ownStream.alarms()).toEqual([
            expect.objectContaining({ deviceNumber: device.number, level: 'HIGH', content: 'Live overheat' }),
          ]),
        );
        // Acknowledged once stored, its rules checked just after: the one alarm takes the last reading.
        await eventually(async () => expect((await activeOf(device.id)).map((row) => row.value)).toEqual([64]));
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(rivalStream.alarms()).toEqual([]);
        // Back to normal: the alarm clears.
        await client.publishAsync(batteryTelemetryTopic(device.number), JSON.stringify(telemetry(30)), { qos: 1 });
        await eventually(async () => expect((await activeOf(device.id))[0]?.alarmState).toBe('CLEARED'));
      } finally {
        ownStream.close();
        rivalStream.close();
        await client.endAsync();
      }
    });

    it('the header’s count follows an alarm cleared or acknowledged by anyone, told only to the accounts that see it', async () => {
      await server.db.delete(alarmRules);
      // What the rules removed above left open clears now, not at the periodic check in the middle of this test.
      await clearRetiredRuleAlarms(server.db);
      await server.request(alarmApi.rules.add, { ...RULE, content: 'Count me' }, { token: admin });
      const { device, ownStream, rivalStream, client } = await reportingBattery('BCNT0001');
      const counts = (stream: typeof ownStream) => stream.events.filter((e) => e.event === 'summary').map((e) => e.data['open'] as number);
      const openedNow = async () => {
        await client.publishAsync(batteryTelemetryTopic(device.number), JSON.stringify(telemetry(70)), { qos: 1 });
        await eventually(async () => expect((await activeOf(device.id)).filter((r) => r.alarmState === 'OPEN')).toHaveLength(1));
        return (await activeOf(device.id)).find((r) => r.alarmState === 'OPEN')!;
      };
      try {
        // Each stream starts with its own account's figures.
        await eventually(() => expect(counts(ownStream)).toHaveLength(1));
        await eventually(() => expect(counts(rivalStream)).toHaveLength(1));
        const start = counts(ownStream)[0]!;
        const rivalStart = counts(rivalStream)[0]!;
        const first = await openedNow();
        await eventually(() => expect(counts(ownStream).at(-1)).toBe(start + 1));
        // Cleared by platform staff elsewhere: the merchant's bell goes down.
        await server.request(alarmApi.battery.clear, { id: first.id, comment: 'Cooled down' }, { token: admin });
        await eventually(() => expect(counts(ownStream).at(-1)).toBe(start));
        // Raised again and acknowledged by the merchant: no longer open, the bell goes down too.
        const second = await openedNow();
        await eventually(() => expect(counts(ownStream).at(-1)).toBe(start + 1));
        await server.request(alarmApi.battery.acknowledge, { id: second.id, comment: 'On it' }, { token: merchant.admin.token });
        await eventually(() => expect(counts(ownStream).at(-1)).toBe(start));
        expect(counts(ownStream)).toEqual([start, start + 1, start, start + 1, start]);
        // The other tenant's account heard none of it.
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(counts(rivalStream)).toEqual([rivalStart]);
        expect(rivalStream.alarms()).toEqual([]);
      } finally {
        ownStream.close();
        rivalStream.close();
        await client.endAsync();
      }
    });

    it('the header streams sharing a read never hand one tenant’s answer to another’s header, even with announcements at once', async () => {
      await server.db.delete(alarmRules);
      await clearRetiredRuleAlarms(server.db);
      await server.request(alarmApi.rules.add, { ...RULE, content: 'Shared read' }, { token: admin });
      forgetRules();
      const mine = await createDevices(server, admin, 'battery', 3, { typeId: types.battery, prefix: 'BSHM', merchantId: merchant.id });
      const yours = await createDevices(server, admin, 'battery', 2, { typeId: types.battery, prefix: 'BSHR', merchantId: rival.id });
      const sub = await createAccount(server, admin, { merchantId: merchant.id, type: 'SON', menuCodes: ['alarm.records'] });
      // Headers of each kind of caller: the merchant's administrator and its sub-account (one scope,
      // so they share), another merchant's administrator, platform staff (who see every tenant's).
      const headers = {
        merchant: { token: merchant.admin.token, merchantId: merchant.id as number | null },
        sub: { token: sub.token, merchantId: merchant.id as number | null },
        rival: { token: rival.admin.token, merchantId: rival.id as number | null },
        platform: { token: admin, merchantId: null },
      };
      const streams = Object.fromEntries(
        await Promise.all(Object.entries(headers).map(async ([name, h]) => [name, await openAlarmStream(base, h.token)] as const)),
      );
      // As the device link does: the batch's rules evaluated, each change announced on the device hub.
      // Dated a minute ahead (a server whose clock runs ahead): a stream looks for new alarms from a
      // little before the newest it sent, so after the first batch every stream looks from the same
      // time, and their reads of new alarms, not only of the figures, may be shared.
      const announce = alarmAnnouncer(server.app);
      const ahead = new Date(Date.now() + 60_000);
      const batch = async (numbers: string[], temperature: number) => {
        const opened = await evaluateAlarms(
          server.db,
          numbers.map((n) => reading(n, { temperature })),
          ahead,
          announce,
        );
        opened.forEach(announce);
      };
      const summaries = (name: string) => streams[name]!.events.filter((e) => e.event === 'summary').map((e) => e.data as AlarmSummary);
      try {
        await eventually(() => Object.keys(headers).forEach((name) => expect(summaries(name)).not.toHaveLength(0)));
        // Both tenants' alarms in one batch: every stream is poked by the same announcements.
        await batch([...mine.numbers, ...yours.numbers], 70);
        // Then cleared, raised again and acknowledged by each tenant at once, in batches and calls running in parallel.
        await Promise.all([batch(mine.numbers, 30), batch(yours.numbers, 30)]);
        await Promise.all([batch(mine.numbers, 71), batch(yours.numbers, 72), batch([mine.numbers[0]!, yours.numbers[0]!], 73)]);
        const openOf = async (token: string, numbers: string[]) =>
          (await server.request(alarmApi.records.search, { alarmState: 'OPEN', size: 100 }, { token })).data.records.filter((r) =>
            numbers.includes(r.deviceNumber),
          );
        const acknowledgements = [
          ...(await openOf(merchant.admin.token, mine.numbers)).map((r) => ({ id: r.id, token: merchant.admin.token })),
          ...(await openOf(rival.admin.token, yours.numbers)).map((r) => ({ id: r.id, token: rival.admin.token })),
        ];
        expect(acknowledgements).toHaveLength(5);
        await Promise.all(
          acknowledgements.map(({ id, token }) => server.request(alarmApi.battery.acknowledge, { id, comment: 'Seen' }, { token })),
        );

        // Each header ends with its own account's figures.
        for (const [name, h] of Object.entries(headers)) {
          const own = (await server.request(alarmApi.summary, undefined, { token: h.token })).data;
          await eventually(() => expect(summaries(name).at(-1), name).toEqual(own));
        }
        const rows = await server.db
          .select({ id: alarms.id, merchantId: alarms.merchantId, deviceNumber: alarms.deviceNumber })
          .from(alarms);
        const raised = new Set([...mine.numbers, ...yours.numbers]);
        for (const [name, h] of Object.entries(headers)) {
          const theirs = new Set(rows.filter((r) => h.merchantId === null || r.merchantId === h.merchantId).map((r) => r.id));
          const heard = streams[name]!.alarms().map((a) => a['id'] as number);
          // Every alarm heard, and every figure's newest alarm, is one of the header's own tenant.
          expect(
            heard.filter((id) => !theirs.has(id)),
            name,
          ).toEqual([]);
          expect(
            summaries(name).filter((s) => s.latestId !== 0 && !theirs.has(s.latestId)),
            name,
          ).toEqual([]);
          // And each header heard all of its own tenant's alarms raised here (four rounds' worth: the test did reach it).
          const expected = rows.filter((r) => raised.has(r.deviceNumber) && theirs.has(r.id)).map((r) => r.id);
          expect(new Set(heard.filter((id) => expected.includes(id))), name).toEqual(new Set(expected));
        }
      } finally {
        Object.values(streams).forEach((stream) => stream.close());
      }
    });

    it('a cabinet’s last will (its state offline) opens the rules watching offline at once, without waiting for the heartbeat sweep', async () => {
      await server.db.delete(alarmRules);
      await server.request(
        alarmApi.rules.add,
        { ...OFFLINE_RULE, notifications: ['IN_APP', 'HEADER'], content: 'Cabinet went away' },
        { token: admin },
      );
      const device = await createDeviceWithCredential(server, admin, 'cabinet', {
        typeId: types.cabinet,
        number: 'CWILL0001',
        merchantId: merchant.id,
      });
      const stream = await openAlarmStream(base, merchant.admin.token);
      const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${gateway.port}`, {
        clientId: device.number,
        username: device.number,
        password: device.secret,
        will: {
          topic: cabinetTopic(device.number, 'state'),
          payload: Buffer.from(JSON.stringify({ online: false })),
          qos: 1,
          retain: true,
        },
      });
      try {
        // The connection drops without a goodbye: the broker publishes the will.
        client.stream.destroy();
        await eventually(() =>
          expect(stream.alarms()).toEqual([expect.objectContaining({ deviceNumber: device.number, content: 'Cabinet went away' })]),
        );
        const rows = await server.db
          .select()
          .from(alarms)
          .where(and(eq(alarms.alarmKind, 'cabinet'), eq(alarms.deviceId, device.id)));
        expect(rows.map((r) => [r.parameter, r.alarmState])).toEqual([['offline', 'OPEN']]);
      } finally {
        stream.close();
        await client.endAsync(true);
      }
    });
    it('a rule removed or set to watch another parameter clears its alarms at once, told live to the battery page and the dashboard; audited', async () => {
      await server.db.delete(alarmRules);
      const body = { ...RULE, content: 'Retired live' };
      const rule = (await server.request(alarmApi.rules.add, body, { token: admin })).data;
      const fresh = await createDevices(server, admin, 'battery', 2, { typeId: types.battery, prefix: 'BRL', merchantId: merchant.id });
      const [first, second] = fresh.ids as [number, number];
      const stillOpen = async (deviceId: number) => (await activeOf(deviceId)).filter((r) => r.alarmState !== 'CLEARED');
      const changesHeard = (stream: { events: { event: string; data: Record<string, unknown> }[] }) =>
        stream.events.filter((e) => e.event === 'change' && (e.data['channels'] as string[]).includes('alarm')).length;
      forgetRules();
      await evaluateAlarms(server.db, [reading(fresh.numbers[0]!, { temperature: 80 }), reading(fresh.numbers[1]!, { temperature: 80 })]);
      expect(await stillOpen(first)).toHaveLength(1);
      const page = await openEventStream(`${base}${endpointUrl(liveApi.battery.live)}?id=${first}`, merchant.admin.token);
      const dashboard = await openEventStream(`${base}${endpointUrl(dashboardApi.live)}`, admin);
      try {
        await page.next('ready');
        await dashboard.next('ready');
        // Watching another parameter now: what it raised is no longer watched.
        await server.request(
          alarmApi.rules.edit,
          { ...body, id: rule.id, parameter: 'voltage', rangeFrom: 80, rangeTo: null },
          { token: admin },
        );
        expect(await stillOpen(first)).toEqual([]);
        expect((await server.db.select().from(batteries).where(eq(batteries.id, first)))[0]?.alarmStatus).toBe('NORMAL');
        await eventually(() => expect(changesHeard(page)).toBeGreaterThan(0));
        await dashboard.next('figures');
        // Raised again and removed: cleared, and its page told again.
        forgetRules();
        await evaluateAlarms(server.db, [reading(fresh.numbers[0]!, { voltage: 81 })]);
        expect(await stillOpen(first)).toHaveLength(1);
        const heardBefore = changesHeard(page);
        const figuresBefore = dashboard.events.length;
        await server.request(alarmApi.rules.remove, { id: rule.id }, { token: admin });
        expect(await stillOpen(first)).toEqual([]);
        await eventually(() => expect(changesHeard(page)).toBeGreaterThan(heardBefore));
        await dashboard.next('figures', figuresBefore);
      } finally {
        page.close();
        dashboard.close();
      }
      // Each clear audited as done by the account that changed the rule, and shown so in the alarm's history.
      const cleared = (await activeOf(first)).map((row) => row.id);
      const trail = await server.db.select().from(auditLogs).where(eq(auditLogs.action, 'alarm.clear'));
      expect(trail.filter((entry) => cleared.includes(Number(entry.objectId))).map((entry) => entry.changes)).toEqual([
        { alarmState: ['OPEN', 'CLEARED'], ruleId: rule.id },
        { alarmState: ['OPEN', 'CLEARED'], ruleId: rule.id },
      ]);
      const [secondRow] = await activeOf(second);
      const history = (await server.request(alarmApi.battery.detail, { id: secondRow!.id }, { token: merchant.admin.token })).data.history;
      expect(history.map((step) => [step.event, step.by])).toEqual([
        ['opened', null],
        ['cleared', expect.any(String)],
      ]);
    });
  });

  describe('retired rules', () => {
    it('clears a rule’s alarms when it is disabled, and when it is removed', async () => {
      await server.db.delete(alarmRules);
      const rule = (await server.request(alarmApi.rules.add, { ...RULE, content: 'Retired' }, { token: admin })).data;
      const fresh = await createDevices(server, admin, 'battery', 2, { typeId: types.battery, prefix: 'BRT', merchantId: merchant.id });
      const [number, second] = fresh.numbers;
      const [id, secondId] = fresh.ids;
      await evaluateAlarms(server.db, [reading(number!, { temperature: 80 }), reading(second!, { temperature: 80 })], at(10));
      const open = async (deviceId: number) => (await activeOf(deviceId)).filter((r) => r.alarmState !== 'CLEARED');
      expect(await open(id!)).toHaveLength(1);
      await server.request(alarmApi.rules.edit, { ...RULE, content: 'Retired', id: rule.id, enabled: false }, { token: admin });
      expect(await open(id!)).toHaveLength(0);
      expect((await server.db.select().from(batteries).where(eq(batteries.id, id!)))[0]?.alarmStatus).toBe('NORMAL');
      // Enabled again and raised, then removed: cleared as well.
      await server.request(alarmApi.rules.edit, { ...RULE, content: 'Retired', id: rule.id, enabled: true }, { token: admin });
      await evaluateAlarms(server.db, [reading(second!, { temperature: 81 })], at(11));
      expect(await open(secondId!)).toHaveLength(1);
      await server.request(alarmApi.rules.remove, { id: rule.id }, { token: admin });
      expect(await open(secondId!)).toHaveLength(0);
    });

    it('an edit of a rule’s content or level rewords its open and acknowledged alarms at once, announced; the cleared keep theirs', async () => {
      await server.db.delete(alarmRules);
      const body = { ...RULE, content: 'Hot pack', holdSeconds: 0 };
      const rule = (await server.request(alarmApi.rules.add, body, { token: merchant.admin.token })).data;
      const fresh = await createDevices(server, admin, 'battery', 3, { typeId: types.battery, prefix: 'BRW', merchantId: merchant.id });
      const [first, second, third] = fresh.ids as [number, number, number];
      forgetRules();
      await evaluateAlarms(
        server.db,
        fresh.numbers.map((n) => reading(n, { temperature: 80 })),
        at(20),
      );
      await evaluateAlarms(server.db, [reading(fresh.numbers[2]!, { temperature: 20 })], at(21));
      const [secondRow] = await activeOf(second);
      await server.request(alarmApi.battery.acknowledge, { id: secondRow!.id, comment: 'Seen' }, { token: merchant.admin.token });
      const heard: { kind: string; number: string; channel: string }[] = [];
      const stop = server.app.deviceHub.onChange((change) => heard.push(change));
      try {
        // Another tenant's rule does not exist for the caller; bad input is refused in its language: nothing changes.
        const taken = await server.call('POST', endpointUrl(alarmApi.rules.edit), {
          token: rival.admin.token,
          body: { ...body, id: rule.id, content: 'Taken over', level: 'LOW' },
        });
        expect(taken.code).toBe(1017);
        const nul = await server.call('POST', endpointUrl(alarmApi.rules.edit), {
          token: merchant.admin.token,
          body: { ...body, id: rule.id, content: 'Hot\u0000pack', level: 'LOW' },
        });
        expect(nul.status).toBe(400);
        const huge = await server.call('POST', endpointUrl(alarmApi.rules.edit), {
          token: merchant.admin.token,
          body: { ...body, id: rule.id, content: 'x'.repeat(5000), level: 'LOW' },
          lang: 'zh',
        });
        expect([huge.status, /[\u4e00-\u9fff]/.test(huge.message ?? '')]).toEqual([400, true]);
        expect(heard.filter((c) => c.channel === 'alarm')).toEqual([]);
        const words = async () =>
          (await server.db.select().from(alarms).where(eq(alarms.ruleId, rule.id)))
            .map((r) => [r.deviceId, r.alarmState, r.level, r.content])
            .sort();
        expect(await words()).toEqual(
          [
            [first, 'OPEN', 'HIGH', 'Hot pack'],
            [second, 'ACKNOWLEDGED', 'HIGH', 'Hot pack'],
            [third, 'CLEARED', 'HIGH', 'Hot pack'],
          ].sort(),
        );
        // The owner's edit: the alarms not cleared read as the rule reads now, and their devices are told.
        await server.request(
          alarmApi.rules.edit,
          { ...body, id: rule.id, content: 'Pack too warm', level: 'MEDIUM' },
          { token: merchant.admin.token },
        );
        expect(await words()).toEqual(
          [
            [first, 'OPEN', 'MEDIUM', 'Pack too warm'],
            [second, 'ACKNOWLEDGED', 'MEDIUM', 'Pack too warm'],
            [third, 'CLEARED', 'HIGH', 'Hot pack'],
          ].sort(),
        );
        expect(
          heard
            .filter((c) => c.channel === 'alarm')
            .map((c) => c.number)
            .sort(),
        ).toEqual([fresh.numbers[0], fresh.numbers[1]].sort());
        const records = (await server.request(alarmApi.records.search, { ruleId: rule.id, active: true }, { token: merchant.admin.token }))
          .data.records;
        expect(records.map((r) => [r.level, r.content])).toEqual([
          ['MEDIUM', 'Pack too warm'],
          ['MEDIUM', 'Pack too warm'],
        ]);
        // A range edit keeps the words as they are, and tells no one.
        heard.length = 0;
        await server.request(
          alarmApi.rules.edit,
          { ...body, id: rule.id, content: 'Pack too warm', level: 'MEDIUM', rangeFrom: 60 },
          { token: merchant.admin.token },
        );
        expect(heard.filter((c) => c.channel === 'alarm')).toEqual([]);
      } finally {
        stop();
      }
    });
  });
  describe('a batch read beside the step before it', () => {
    it('counts what the step before changed when a batch was read beside it, opens and clears once, and keeps what a person did', async () => {
      await server.db.delete(alarmRules);
      await server.request(alarmApi.rules.add, RULE, { token: admin });
      forgetRules();
      const fresh = await createDevices(server, admin, 'battery', 1, { typeId: types.battery, prefix: 'BSTP', merchantId: merchant.id });
      const device = { id: fresh.ids[0]!, number: fresh.numbers[0]!, typeId: types.battery, merchantId: merchant.id };
      const logged = async () =>
        (
          await server.db
            .select()
            .from(deviceLogs)
            .where(and(eq(deviceLogs.deviceKind, 'battery'), eq(deviceLogs.deviceId, device.id), eq(deviceLogs.kind, 'alarm')))
            .orderBy(deviceLogs.id)
        ).map((e) => e.textKey);
      // As the device link's batches come: the device and its alarms not cleared as the batch's write read them.
      const read = (temperature: number, alarms = '[]'): Reading => ({
        ...reading(device.number, { temperature }),
        device: { ...device, alarms },
      });
      const steps = new AlarmSteps();
      steps.writeBegins();
      expect(await evaluateAlarms(server.db, [read(60)], at(0), undefined, steps)).toHaveLength(1);
      // The next batch was written while that step ran and read no alarm: the alarm opened clears all the same.
      await evaluateAlarms(server.db, [read(40)], at(1), undefined, steps);
      expect((await activeOf(device.id)).map((r) => r.alarmState)).toEqual(['CLEARED']);
      expect(await logged()).toEqual(['deviceLogAlarmRaised', 'deviceLogAlarmCleared']);
      // Raised again; then a read older still, showing it waiting out a hold: it does not open twice.
      await evaluateAlarms(server.db, [read(60)], at(2), undefined, steps);
      const open = (await activeOf(device.id)).find((r) => r.alarmState === 'OPEN')!;
      const as = (state: string) => JSON.stringify([[open.id, open.ruleId, 0, state, at(2).getTime(), 60, '', at(2).getTime()]]);
      expect(await evaluateAlarms(server.db, [read(61, as('PENDING'))], at(3))).toEqual([]);
      expect(await activeOf(device.id)).toContainEqual(expect.objectContaining({ id: open.id, alarmState: 'OPEN', openedAt: at(2) }));
      // Acknowledged by a person while a batch read it open: it takes the value and stays acknowledged.
      await server.request(alarmApi.battery.acknowledge, { id: open.id, comment: 'On it' }, { token: admin });
      await evaluateAlarms(server.db, [read(62, as('OPEN'))], at(4));
      expect(await activeOf(device.id)).toContainEqual(expect.objectContaining({ id: open.id, alarmState: 'ACKNOWLEDGED', value: 62 }));
      // Cleared by a person; a batch written after the last step ended reads no alarm: the reading opens a new one.
      await server.request(alarmApi.battery.clear, { id: open.id, comment: 'Checked' }, { token: admin });
      steps.writeBegins();
      expect(await evaluateAlarms(server.db, [read(63)], at(5), undefined, steps)).toHaveLength(1);
      expect((await activeOf(device.id)).map((r) => r.alarmState).sort()).toEqual(['CLEARED', 'CLEARED', 'OPEN']);
      expect(await logged()).toEqual([
        'deviceLogAlarmRaised',
        'deviceLogAlarmCleared',
        'deviceLogAlarmRaised',
        'deviceLogAlarmCleared',
        'deviceLogAlarmRaised',
      ]);
    });
  });
});
