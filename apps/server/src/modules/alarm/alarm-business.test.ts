import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { alarmApi, cabinetTopic, endpointUrl, type BusinessRuleAdd, type Language, type SwapEvent } from '@swap/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import {
  assignToStation,
  compartment,
  createDeviceTypes,
  createDevices,
  createDeviceWithCredential,
  createMerchant,
  platformAdmin,
  type MerchantFixture,
} from '../../test/factories.js';
import { DeviceHub } from '../../app/device-hub.js';
import { startDeviceGateway } from '../../device-link/gateway.js';
import { SILENT_LOG } from '../../test/device-fixtures.js';
import { eventually } from '../../test/eventually.js';
import { storeCabinetState } from '../../device-link/device-state.service.js';
import { auditLogs } from '../audit-log/audit-log.table.js';
import { deviceLogs } from '../device-log/device-log.table.js';
import { applySwapEvent } from '../swap/index.js';
import { sendTaskCommand } from '../command/index.js';
import { alarmBusinessRules, alarms } from './alarm.table.js';
import { evaluateBusinessAlarms } from './alarm.business.js';
import type { AlarmChange } from './alarm.evaluate.js';

const MENUS = ['alarmConfiguration.business', 'alarm.records'];

const SWAPS: BusinessRuleAdd = {
  businessCondition: 'swapFailures',
  threshold: 3,
  windowMinutes: 30,
  level: 'HIGH',
  content: 'Swaps failing at the cabinet',
  notifications: ['IN_APP', 'HEADER'],
  enabled: true,
};

const failedSwap = (eventId: string, startedAt: Date): SwapEvent => ({
  type: 'SWAP',
  eventId,
  batteryIn: null,
  batteryOut: null,
  startedAt: startedAt.toISOString(),
  endedAt: new Date(startedAt.getTime() + 20_000).toISOString(),
  result: 'FAILED',
  failureCode: 'DOOR_FAILURE',
});

describe('business alarm rules', () => {
  let server: TestServer;
  let admin: string;
  let merchant: MerchantFixture;
  let rival: MerchantFixture;
  let types: Awaited<ReturnType<typeof createDeviceTypes>>;
  let cabinet: { id: number; number: string };
  let rivalCabinet: { id: number; number: string };
  const now = new Date();
  const minutes = (m: number) => new Date(now.getTime() + m * 60_000);

  const add = (token: string, body: Record<string, unknown>, lang?: Language) =>
    server.call('POST', endpointUrl(alarmApi.businessRules.add), { token, body, ...(lang ? { lang } : {}) });
  const business = () => server.db.select().from(alarms).where(eq(alarms.alarmKind, 'business')).orderBy(alarms.id);
  const seenBy = async (token: string) =>
    (await server.request(alarmApi.records.search, { alarmKind: 'business' }, { token })).data.records.map((r) => [
      r.deviceNumber,
      r.alarmState,
    ]);

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    admin = (await platformAdmin(server)).token;
    merchant = await createMerchant(server, admin, { menuCodes: MENUS });
    rival = await createMerchant(server, admin, { menuCodes: MENUS });
    types = await createDeviceTypes(server, admin);
    const own = await createDevices(server, admin, 'cabinet', 1, { typeId: types.cabinet, prefix: 'CBA', merchantId: merchant.id });
    const theirs = await createDevices(server, admin, 'cabinet', 1, { typeId: types.cabinet, prefix: 'CBR', merchantId: rival.id });
    cabinet = { id: own.ids[0]!, number: own.numbers[0]! };
    rivalCabinet = { id: theirs.ids[0]!, number: theirs.numbers[0]! };
  });
  afterAll(() => server.close());

  describe('rules', () => {
    it('adds a rule for the caller’s tenant, audited; another tenant’s rule does not exist for the caller', async () => {
      const added = await server.request(alarmApi.businessRules.add, SWAPS, { token: merchant.admin.token });
      expect(added.data).toMatchObject({ merchantId: merchant.id, businessCondition: 'swapFailures', threshold: 3, windowMinutes: 30 });
      await server.request(alarmApi.businessRules.add, { ...SWAPS, content: 'Rival swaps' }, { token: rival.admin.token });
      const contents = async (token: string) =>
        (await server.request(alarmApi.businessRules.search, {}, { token })).data.records.map((r) => r.content);
      expect(await contents(merchant.admin.token)).toEqual(['Swaps failing at the cabinet']);
      expect(await contents(admin)).toEqual(['Rival swaps', 'Swaps failing at the cabinet']);
      const [theirs] = (await server.request(alarmApi.businessRules.search, {}, { token: rival.admin.token })).data.records;
      const edit = await server.call('POST', endpointUrl(alarmApi.businessRules.edit), {
        token: merchant.admin.token,
        body: { ...SWAPS, id: theirs!.id, content: 'Taken over' },
      });
      expect(edit.code).toBe(1017);
      expect((await server.request(alarmApi.businessRules.remove, { id: theirs!.id }, { token: merchant.admin.token })).code).toBe(1017);
      const [row] = await server.db.select().from(alarmBusinessRules).where(eq(alarmBusinessRules.id, theirs!.id));
      expect(row?.content).toBe('Rival swaps');
      const audits = await server.db.select().from(auditLogs).where(eq(auditLogs.action, 'businessAlarmRule.add'));
      expect(audits).toHaveLength(2);
      // A station's swappable batteries are counted as they are: no window is kept.
      const station = await server.request(
        alarmApi.businessRules.add,
        { ...SWAPS, businessCondition: 'noSwappableBattery', threshold: 0, windowMinutes: 15, content: 'Station empty' },
        { token: admin },
      );
      expect(station.data).toMatchObject({ merchantId: null, windowMinutes: null, threshold: 0 });
      await server.db.delete(alarmBusinessRules);
    });

    it('refuses a windowed condition without its window, a rate over 100 %, no failures, huge, negative and NUL values, in the caller’s language', async () => {
      const token = merchant.admin.token;
      const window = await add(token, { ...SWAPS, windowMinutes: null }, 'in');
      expect([window.status, window.message]).toEqual([400, expect.stringContaining('Jendela')]);
      const rate = await add(token, { ...SWAPS, businessCondition: 'commandFailureRate', threshold: 150 }, 'th');
      expect([rate.status, rate.message]).toEqual([400, expect.stringContaining('เกณฑ์')]);
      expect((await add(token, { ...SWAPS, threshold: 0 })).status).toBe(400);
      expect((await add(token, { ...SWAPS, threshold: 1e12 })).status).toBe(400);
      expect((await add(token, { ...SWAPS, threshold: -2 })).status).toBe(400);
      expect((await add(token, { ...SWAPS, threshold: 2.5 })).status).toBe(400);
      expect((await add(token, { ...SWAPS, windowMinutes: 1e9 })).status).toBe(400);
      expect((await add(token, { ...SWAPS, content: 'Swap\u0000s' })).status).toBe(400);
      expect((await add(token, { ...SWAPS, businessCondition: 'temperature' })).status).toBe(400);
      expect((await add(token, { ...SWAPS, notifications: ['SMS'] })).status).toBe(400);
      expect(await server.db.select().from(alarmBusinessRules)).toHaveLength(0);
    });
  });

  describe('evaluation', () => {
    it('opens one alarm per cabinet for failed swaps in the window, seen by its tenant only, and clears when the window has passed', async () => {
      await server.request(alarmApi.businessRules.add, SWAPS, { token: admin });
      // A rival's own rule never watches this merchant's cabinet.
      await server.request(alarmApi.businessRules.add, { ...SWAPS, threshold: 1, content: 'Rival only' }, { token: rival.admin.token });
      for (const i of [1, 2]) await applySwapEvent(server.db, cabinet.number, failedSwap(`f${i}`, minutes(-5)));
      await applySwapEvent(server.db, rivalCabinet.number, failedSwap('r1', minutes(-5)));
      expect(await evaluateBusinessAlarms(server.db, now)).toEqual([
        { number: rivalCabinet.number, merchantId: rival.id, level: 'HIGH', header: true },
      ]);
      await applySwapEvent(server.db, cabinet.number, failedSwap('f3', minutes(-4)));
      // A redelivered event is one swap: still three.
      await applySwapEvent(server.db, cabinet.number, failedSwap('f3', minutes(-4)));
      const opened = await evaluateBusinessAlarms(server.db, now);
      expect(opened).toEqual([{ number: cabinet.number, merchantId: merchant.id, level: 'HIGH', header: true }]);
      // Swept again, and by two servers at once: still one alarm per cabinet and rule.
      await Promise.all([evaluateBusinessAlarms(server.db, minutes(1)), evaluateBusinessAlarms(server.db, minutes(1))]);
      const rows = await business();
      expect(rows.filter((r) => r.deviceId === cabinet.id)).toMatchObject([
        { alarmState: 'OPEN', value: 3, parameter: 'swapFailures', deviceNumber: cabinet.number, merchantId: merchant.id },
      ]);
      expect(await seenBy(merchant.admin.token)).toEqual([[cabinet.number, 'OPEN']]);
      expect(await seenBy(rival.admin.token)).toEqual([[rivalCabinet.number, 'OPEN']]);
      // The cabinet's log tells it.
      const logged = await server.db
        .select()
        .from(deviceLogs)
        .where(and(eq(deviceLogs.deviceKind, 'cabinet'), eq(deviceLogs.deviceId, cabinet.id)));
      expect(logged.map((l) => l.textKey)).toContain('deviceLogAlarmRaised');
      // Half an hour later the failures are out of the window: cleared.
      await evaluateBusinessAlarms(server.db, minutes(30));
      expect((await business()).every((r) => r.alarmState === 'CLEARED')).toBe(true);
      await server.db.delete(alarmBusinessRules);
    });

    it('handles a business alarm on the records’ edit action; another tenant’s alarm does not exist', async () => {
      await server.request(alarmApi.businessRules.add, { ...SWAPS, threshold: 1 }, { token: admin });
      await applySwapEvent(server.db, cabinet.number, failedSwap('h1', minutes(-1)));
      await evaluateBusinessAlarms(server.db, now);
      const [open] = await server.db
        .select()
        .from(alarms)
        .where(and(eq(alarms.alarmKind, 'business'), eq(alarms.deviceId, cabinet.id), eq(alarms.alarmState, 'OPEN')));
      const other = await server.request(alarmApi.business.acknowledge, { id: open!.id, comment: 'mine' }, { token: rival.admin.token });
      expect(other.code).toBe(1017);
      const acked = await server.request(
        alarmApi.business.acknowledge,
        { id: open!.id, comment: 'Door checked' },
        { token: merchant.admin.token },
      );
      expect(acked.data).toMatchObject({ alarmKind: 'business', alarmState: 'ACKNOWLEDGED', comment: 'Door checked' });
      // A business alarm is not a cabinet alarm.
      expect((await server.request(alarmApi.cabinet.clear, { id: open!.id, comment: '' }, { token: admin })).code).toBe(1017);
      await server.db.delete(alarmBusinessRules);
    });

    it('a rule disabled or removed clears its alarms in the same change, audited as cleared by its changer and announced; another tenant’s rule is refused', async () => {
      const rule = (await server.request(alarmApi.businessRules.add, { ...SWAPS, threshold: 1 }, { token: merchant.admin.token })).data;
      await applySwapEvent(server.db, cabinet.number, failedSwap('d1', minutes(-1)));
      await evaluateBusinessAlarms(server.db, now);
      const ofRule = () => server.db.select().from(alarms).where(eq(alarms.businessRuleId, rule.id)).orderBy(alarms.id);
      const [open] = await ofRule();
      expect(open).toMatchObject({ alarmState: 'OPEN', deviceId: cabinet.id });
      const heard: { kind: string; number: string; channel: string }[] = [];
      const stop = server.app.deviceHub.onChange((change) => heard.push(change));
      try {
        // Another tenant's staff cannot disable it, nor remove it; a disable with bad input changes nothing.
        const disable = { ...SWAPS, threshold: 1, id: rule.id, enabled: false };
        expect(
          (await server.call('POST', endpointUrl(alarmApi.businessRules.edit), { token: rival.admin.token, body: disable })).code,
        ).toBe(1017);
        expect((await server.request(alarmApi.businessRules.remove, { id: rule.id }, { token: rival.admin.token })).code).toBe(1017);
        const bad = await server.call('POST', endpointUrl(alarmApi.businessRules.edit), {
          token: merchant.admin.token,
          body: { ...disable, windowMinutes: null },
          lang: 'in',
        });
        expect([bad.status, bad.message]).toEqual([400, expect.stringContaining('Jendela')]);
        expect((await ofRule()).map((a) => a.alarmState)).toEqual(['OPEN']);
        expect(heard).toEqual([]);
        // Disabled by its owner: cleared at once, not at the next check.
        await server.request(alarmApi.businessRules.edit, disable, { token: merchant.admin.token });
        expect((await ofRule()).map((a) => a.alarmState)).toEqual(['CLEARED']);
        expect(heard).toEqual([expect.objectContaining({ kind: 'cabinet', number: cabinet.number, channel: 'alarm' })]);
        const trail = await server.db
          .select()
          .from(auditLogs)
          .where(and(eq(auditLogs.action, 'alarm.clear'), eq(auditLogs.objectId, String(open!.id))));
        expect(trail.map((t) => [t.accountId, t.changes])).toEqual([
          [merchant.admin.id, { alarmState: ['OPEN', 'CLEARED'], businessRuleId: rule.id }],
        ]);
        const logged = await server.db
          .select()
          .from(deviceLogs)
          .where(
            and(eq(deviceLogs.deviceKind, 'cabinet'), eq(deviceLogs.deviceId, cabinet.id), eq(deviceLogs.textKey, 'deviceLogAlarmCleared')),
          );
        expect(logged.length).toBeGreaterThan(0);
        // Enabled again, raised, acknowledged, then removed: cleared as well.
        await server.request(alarmApi.businessRules.edit, { ...disable, enabled: true }, { token: merchant.admin.token });
        await evaluateBusinessAlarms(server.db, now);
        const [again] = (await ofRule()).filter((a) => a.alarmState === 'OPEN');
        await server.request(alarmApi.business.acknowledge, { id: again!.id, comment: 'On it' }, { token: merchant.admin.token });
        heard.length = 0;
        await server.request(alarmApi.businessRules.remove, { id: rule.id }, { token: admin });
        const [gone] = await server.db.select().from(alarms).where(eq(alarms.id, again!.id));
        expect(gone?.alarmState).toBe('CLEARED');
        expect(heard).toEqual([expect.objectContaining({ kind: 'cabinet', number: cabinet.number, channel: 'alarm' })]);
      } finally {
        stop();
      }
    });

    it('raises a station with no swappable battery left, clears once a charged pack is in', async () => {
      const packs = await createDevices(server, admin, 'battery', 1, { typeId: types.battery, prefix: 'BBS', merchantId: merchant.id });
      const placed = await createDevices(server, admin, 'cabinet', 1, { typeId: types.cabinet, prefix: 'CBS' });
      const stationId = await assignToStation(server, admin, 'cabinet', placed.numbers, merchant.id);
      await server.request(
        alarmApi.businessRules.add,
        { ...SWAPS, businessCondition: 'noSwappableBattery', threshold: 0, windowMinutes: null, level: 'MEDIUM', content: 'Station empty' },
        { token: merchant.admin.token },
      );
      // Opened and cleared, it is announced on its station (by the station's id), not as a cabinet.
      const announced: AlarmChange[] = [];
      const opened = await evaluateBusinessAlarms(server.db, now, false, (change) => announced.push(change));
      expect(opened).toHaveLength(1);
      expect(announced).toEqual([{ kind: 'station', number: String(stationId), merchantId: merchant.id }]);
      const [row] = (await business()).filter((r) => r.alarmState === 'OPEN');
      expect(row).toMatchObject({
        deviceId: stationId,
        parameter: 'noSwappableBattery',
        value: 0,
        merchantId: merchant.id,
        level: 'MEDIUM',
      });
      expect(await seenBy(rival.admin.token)).not.toContainEqual([row!.deviceNumber, 'OPEN']);
      const state = { online: true as const, ts: new Date().toISOString(), compartments: [compartment(1, packs.numbers[0]!)] };
      expect(await storeCabinetState(server.db, placed.numbers[0]!, state, new Date())).toBe(true);
      await evaluateBusinessAlarms(server.db, minutes(1), false, (change) => announced.push(change));
      expect((await server.db.select().from(alarms).where(eq(alarms.id, row!.id)))[0]).toMatchObject({ alarmState: 'CLEARED' });
      expect(announced.slice(1)).toEqual([{ kind: 'station', number: String(stationId), merchantId: merchant.id }]);
      await server.db.delete(alarmBusinessRules);
    });

    it('raises a cabinet whose commands fail over the rate, once enough of them finished', async () => {
      await server.request(
        alarmApi.businessRules.add,
        { ...SWAPS, businessCondition: 'commandFailureRate', threshold: 50, windowMinutes: 10, content: 'Commands failing' },
        { token: admin },
      );
      // A broker that refuses every message: each command ends FAILED.
      const hub = new DeviceHub();
      hub.attachSender(() => Promise.reject(new Error('broker refused')));
      const principal = {
        id: merchant.admin.id,
        username: merchant.admin.username,
        name: 'Ops',
        type: 'NORMAL' as const,
        accountType: 'MERCHANT' as const,
        merchantId: merchant.id,
      };
      const sender = { db: server.db, principal, ip: '127.0.0.1', requestTime: new Date() };
      const target = { id: cabinet.id, number: cabinet.number, merchantId: merchant.id, online: true };
      const send = () => sendTaskCommand(sender, { hub, timeoutMs: 5000 }, target, { name: 'RESTART', compartment: null });
      await send();
      await send();
      expect(await evaluateBusinessAlarms(server.db, new Date())).toEqual([]);
      await send();
      const opened = await evaluateBusinessAlarms(server.db, new Date());
      expect(opened).toEqual([{ number: cabinet.number, merchantId: merchant.id, level: 'HIGH', header: true }]);
      const [row] = (await business()).filter((r) => r.alarmState === 'OPEN' && r.parameter === 'commandFailureRate');
      expect(row?.value).toBe(100);
      await evaluateBusinessAlarms(server.db, new Date(Date.now() + 11 * 60_000));
      expect((await server.db.select().from(alarms).where(eq(alarms.id, row!.id)))[0]?.alarmState).toBe('CLEARED');
    });

    it('an edit of a rule’s content or level rewords its open alarms at once, announced on their station; the next check keeps them so', async () => {
      const placed = await createDevices(server, admin, 'cabinet', 1, { typeId: types.cabinet, prefix: 'CBW' });
      const stationId = await assignToStation(server, admin, 'cabinet', placed.numbers, merchant.id);
      const body = {
        ...SWAPS,
        businessCondition: 'noSwappableBattery' as const,
        threshold: 0,
        windowMinutes: null,
        level: 'LOW' as const,
        content: 'Nothing to swap',
      };
      const rule = (await server.request(alarmApi.businessRules.add, body, { token: merchant.admin.token })).data;
      await evaluateBusinessAlarms(server.db, now);
      const words = async () =>
        (await server.db.select().from(alarms).where(eq(alarms.businessRuleId, rule.id))).map((a) => [
          a.deviceId,
          a.alarmState,
          a.level,
          a.content,
        ]);
      expect(await words()).toEqual([[stationId, 'OPEN', 'LOW', 'Nothing to swap']]);
      const heard: { kind: string; number: string; channel: string }[] = [];
      const stop = server.app.deviceHub.onChange((change) => heard.push(change));
      try {
        const taken = await server.call('POST', endpointUrl(alarmApi.businessRules.edit), {
          token: rival.admin.token,
          body: { ...body, id: rule.id, level: 'HIGH' },
        });
        expect(taken.code).toBe(1017);
        expect(
          (
            await server.call('POST', endpointUrl(alarmApi.businessRules.edit), {
              token: merchant.admin.token,
              body: { ...body, id: rule.id, level: 'URGENT' },
            })
          ).status,
        ).toBe(400);
        expect(await words()).toEqual([[stationId, 'OPEN', 'LOW', 'Nothing to swap']]);
        await server.request(
          alarmApi.businessRules.edit,
          { ...body, id: rule.id, level: 'HIGH', content: 'Station ran dry' },
          { token: merchant.admin.token },
        );
        expect(await words()).toEqual([[stationId, 'OPEN', 'HIGH', 'Station ran dry']]);
        expect(heard).toEqual([
          expect.objectContaining({ kind: 'station', number: String(stationId), channel: 'alarm', merchantId: merchant.id }),
        ]);
        // The next check keeps it open with its new words.
        await evaluateBusinessAlarms(server.db, minutes(1));
        expect(await words()).toEqual([[stationId, 'OPEN', 'HIGH', 'Station ran dry']]);
      } finally {
        stop();
        await server.db.delete(alarmBusinessRules);
      }
    });
  });

  describe('at the event', () => {
    it('a failed swap reported over MQTT raises its alarm within a second, not at the next periodic check', async () => {
      await server.db.delete(alarmBusinessRules);
      await server.request(alarmApi.businessRules.add, { ...SWAPS, threshold: 1, content: 'A swap failed here' }, { token: admin });
      const device = await createDeviceWithCredential(server, admin, 'cabinet', {
        typeId: types.cabinet,
        number: 'CBEV0001',
        merchantId: merchant.id,
      });
      // The periodic check waits an hour: only the event can raise the alarm in time.
      const gateway = await startDeviceGateway(
        server.db,
        { url: undefined, host: '127.0.0.1', port: 0, heartbeatTimeoutSeconds: 60, businessAlarmIntervalMs: 3_600_000 },
        SILENT_LOG,
        server.app.deviceHub,
      );
      const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${gateway.port}`, {
        clientId: device.number,
        username: device.number,
        password: device.secret,
      });
      try {
        await client.publishAsync(cabinetTopic(device.number, 'event'), JSON.stringify(failedSwap('ev-at-once', new Date())), { qos: 1 });
        await eventually(async () =>
          expect((await business()).filter((a) => a.deviceId === device.id).map((a) => [a.alarmState, a.content])).toEqual([
            ['OPEN', 'A swap failed here'],
          ]),
        );
        // The records' rule filter finds it by its business rule.
        const [rule] = (await server.request(alarmApi.businessRules.search, {}, { token: admin })).data.records;
        const found = await server.request(alarmApi.records.search, { businessRuleId: rule!.id }, { token: merchant.admin.token });
        expect(found.data.records.map((r) => r.deviceNumber)).toContain(device.number);
        expect(found.data.records.every((r) => r.businessRuleId === rule!.id && r.alarmKind === 'business')).toBe(true);
        expect(
          (await server.request(alarmApi.records.search, { businessRuleId: rule!.id }, { token: rival.admin.token })).data.records.map(
            (r) => r.deviceNumber,
          ),
        ).not.toContain(device.number);
      } finally {
        await client.endAsync();
        await gateway.close();
      }
    });
  });
});
