import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { alarmApi, commandApi, vehicleTelemetryTopic, type AlarmRuleAdd, type VehicleTelemetry } from '@swap/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createDeviceTypes, createDevices, createDeviceWithCredential, createMerchant, platformAdmin } from '../../test/factories.js';
import { startSimulatedCabinets, type SimulatedCabinets } from '../../test/device-fixtures.js';
import { eventually } from '../../test/eventually.js';
import { cabinets } from '../cabinet/cabinet.table.js';
import { deviceLogs } from '../device-log/device-log.table.js';
import { evaluateBusinessAlarms } from './alarm.business.js';
import { alarms } from './alarm.table.js';

const RULE: AlarmRuleAdd = {
  alarmKind: 'cabinet',
  parameter: 'doorOpen',
  rangeFrom: null,
  rangeTo: null,
  holdSeconds: 1,
  clearMargin: 0,
  level: 'MEDIUM',
  content: 'Door left open',
  notifications: ['IN_APP', 'HEADER'],
  enabled: true,
};

const vehicleReport = (fault: string | null | undefined): VehicleTelemetry => ({
  ts: new Date().toISOString(),
  position: { lat: -6.2, lng: 106.8 },
  speed: 0,
  acc: 'OFF',
  soc: 60,
  ...(fault !== undefined ? { fault } : {}),
});

/** "Door open too long" per compartment and vehicle faults, over real MQTT (docs/alarms.md, "Parameters"). */
describe('door and fault alarms', () => {
  let server: TestServer;
  let admin: string;
  let merchantId: number;
  let types: Awaited<ReturnType<typeof createDeviceTypes>>;
  let devices: SimulatedCabinets;
  let cabinet: { id: number; number: string };

  const alarmsOf = (kind: 'cabinet' | 'vehicle', deviceId: number) =>
    server.db
      .select()
      .from(alarms)
      .where(and(eq(alarms.alarmKind, kind), eq(alarms.deviceId, deviceId)));

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    admin = (await platformAdmin(server)).token;
    merchantId = (await createMerchant(server, admin, { menuCodes: ['alarm.records', 'alarm.cabinet'] })).id;
    types = await createDeviceTypes(server, admin);
    const added = await createDevices(server, admin, 'cabinet', 1, { typeId: types.cabinet, prefix: 'CDR', merchantId });
    cabinet = { id: added.ids[0]!, number: added.numbers[0]! };
    devices = await startSimulatedCabinets(server, admin, {
      cabinets: [{ number: cabinet.number, slots: [null, null, null] }],
      batteries: false,
      // The door stays open long enough to outlast the rule's hold, then closes by itself.
      commands: { delayMs: [0, 0], doorOpenMs: 2500 },
    });
    await eventually(async () =>
      expect((await server.db.select().from(cabinets).where(eq(cabinets.id, cabinet.id)))[0]?.online).toBe(true),
    );
  });
  afterAll(async () => {
    await devices?.close();
    await server?.close();
  });

  it('a door left open past the hold opens one alarm for its compartment, which clears when the door closes', async () => {
    await server.request(alarmApi.rules.add, RULE, { token: admin });
    const sent = await server.request(
      commandApi.cabinetSend,
      { cabinetId: cabinet.id, name: 'OPEN_DOOR', compartment: 2 },
      { token: admin },
    );
    expect(sent.code).toBe(1);
    // Unlocked: the alarm waits out its hold (no one sees it yet).
    await eventually(async () =>
      expect((await alarmsOf('cabinet', cabinet.id)).map((a) => [a.compartment, a.alarmState])).toEqual([[2, 'PENDING']]),
    );
    const records = async () => (await server.request(alarmApi.cabinet.search, {}, { token: admin })).data.records;
    expect(await records()).toEqual([]);
    // The cabinet says nothing more while the door stays open: the periodic check opens it once the hold has passed.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const opened = await evaluateBusinessAlarms(server.db);
    expect(opened).toEqual([expect.objectContaining({ number: cabinet.number, merchantId, level: 'MEDIUM' })]);
    expect(await evaluateBusinessAlarms(server.db)).toEqual([]);
    expect((await records()).map((r) => [r.deviceNumber, r.compartment, r.alarmState, r.content])).toEqual([
      [cabinet.number, 2, 'OPEN', 'Door left open'],
    ]);
    // The simulated cabinet locks the door again: its state clears the alarm.
    await eventually(async () => expect((await alarmsOf('cabinet', cabinet.id)).map((a) => a.alarmState)).toEqual(['CLEARED']), 8000);
    const log = await server.db
      .select()
      .from(deviceLogs)
      .where(and(eq(deviceLogs.deviceKind, 'cabinet'), eq(deviceLogs.deviceId, cabinet.id), eq(deviceLogs.kind, 'alarm')));
    expect(log.map((e) => e.textKey).sort()).toEqual(['deviceLogAlarmCleared', 'deviceLogAlarmRaised']);
  });

  it('two compartments open at once are two alarms, one each', async () => {
    await server.request(alarmApi.rules.add, { ...RULE, holdSeconds: 0, content: 'Door open' }, { token: admin });
    for (const compartment of [1, 3]) {
      const sent = await server.request(
        commandApi.cabinetSend,
        { cabinetId: cabinet.id, name: 'OPEN_DOOR', compartment },
        { token: admin },
      );
      expect(sent.code).toBe(1);
    }
    await eventually(async () => {
      const open = (await alarmsOf('cabinet', cabinet.id)).filter((a) => a.content === 'Door open' && a.alarmState === 'OPEN');
      expect(open.map((a) => a.compartment).sort()).toEqual([1, 3]);
    });
  });

  it('a vehicle reporting a fault opens an alarm with its words; no fault field says nothing; no fault clears it', async () => {
    await server.request(
      alarmApi.rules.add,
      { ...RULE, alarmKind: 'vehicle', parameter: 'fault', holdSeconds: 0, level: 'HIGH', content: 'Vehicle fault' },
      { token: admin },
    );
    const vehicle = await createDeviceWithCredential(server, admin, 'vehicle', { typeId: types.vehicle1, number: 'VFLT0001', merchantId });
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${devices.gateway.port}`, {
      clientId: vehicle.number,
      username: vehicle.number,
      password: vehicle.secret,
    });
    const publish = (fault: string | null | undefined) =>
      client.publishAsync(vehicleTelemetryTopic(vehicle.number), JSON.stringify(vehicleReport(fault)), { qos: 1 });
    try {
      await publish(null);
      await publish('Motor controller overheat');
      await eventually(async () =>
        expect((await alarmsOf('vehicle', vehicle.id)).map((a) => [a.alarmState, a.detail])).toEqual([
          ['OPEN', 'Motor controller overheat'],
        ]),
      );
      const [record] = (await server.request(alarmApi.records.search, { alarmKind: 'vehicle' }, { token: admin })).data.records;
      expect(record).toMatchObject({ detail: 'Motor controller overheat', compartment: null, parameter: 'fault' });
      await publish(undefined);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await alarmsOf('vehicle', vehicle.id)).map((a) => a.alarmState)).toEqual(['OPEN']);
      await publish(null);
      await eventually(async () => expect((await alarmsOf('vehicle', vehicle.id)).map((a) => a.alarmState)).toEqual(['CLEARED']));
    } finally {
      await client.endAsync();
    }
  });
});
