import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { commandApi, deviceLogApi, endpointUrl, enumWord, MESSAGES, vehicleApi, type EndpointDef, type InputOf } from '@swap/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createAccountWithMenus, createDevices, createDeviceTypes, deviceCallers, type DeviceCallers } from '../../test/factories.js';
import { startSimulatedCabinets, type SimulatedCabinets } from '../../test/device-fixtures.js';
import { eventually } from '../../test/eventually.js';
import { markSilentCabinetsOffline } from '../../device-link/index.js';
import { cabinets } from '../cabinet/cabinet.table.js';
import { appendDeviceLog } from './index.js';
import { deviceLogs } from './device-log.table.js';

describe('each device’s log: state changes, commands, alarms and upgrades, newest first', () => {
  let server: TestServer;
  let who: DeviceCallers;
  let devices: SimulatedCabinets | undefined;
  const ids = { cabinet: 0, battery: 0, vehicle: 0, rivalCabinet: 0, rivalBattery: 0, rivalVehicle: 0, freeBattery: 0, vehicleType: 0 };

  const log = (
    kind: keyof typeof deviceLogApi,
    token: string,
    body: InputOf<(typeof deviceLogApi)['cabinet']>,
    lang?: 'en' | 'th' | 'zh' | 'in',
  ) => server.request(deviceLogApi[kind], body, { token, ...(lang ? { lang } : {}) });
  const texts = async (kind: keyof typeof deviceLogApi, deviceId: number, lang: 'en' | 'th' = 'en') =>
    (await log(kind, who.merchant, { deviceId, size: 100 }, lang)).data.records.map((r) => r.logText);
  const raw = (token: string, endpoint: EndpointDef, body: Record<string, unknown>, lang?: 'th') =>
    server.call('POST', endpointUrl(endpoint), { token, body, ...(lang ? { lang } : {}) });

  beforeAll(async () => {
    server = await startTestServer({ COMMAND_TIMEOUT_SECONDS: '2', DEMO: '0' });
    who = await deviceCallers(server);
    const types = await createDeviceTypes(server, who.admin);
    const own = (kind: 'cabinet' | 'battery' | 'vehicle', typeId: number, prefix: string, merchantId: number) =>
      createDevices(server, who.admin, kind, 1, { typeId, prefix, merchantId }).then((added) => added.ids[0]!);
    ids.cabinet = await own('cabinet', types.cabinet, 'CDL', who.merchantId);
    ids.battery = await own('battery', types.battery, 'BDL', who.merchantId);
    ids.vehicle = await own('vehicle', types.vehicle1, 'VDL', who.merchantId);
    ids.rivalCabinet = await own('cabinet', types.cabinet, 'CDR', who.rivalId);
    ids.rivalBattery = await own('battery', types.battery, 'BDR', who.rivalId);
    ids.rivalVehicle = await own('vehicle', types.vehicle1, 'VDR', who.rivalId);
    ids.freeBattery = await own('battery', types.battery, 'BDB', who.merchantId);
    ids.vehicleType = types.vehicle1;
    devices = await startSimulatedCabinets(server, who.admin, {
      cabinets: [{ number: 'CDL0001', slots: ['BDL0001', null, null, null] }],
      batteries: false,
      commands: { delayMs: [0, 0], restartMs: 300 },
    });
  });
  afterAll(async () => {
    await devices?.close();
    await server?.close();
  });

  it('records a cabinet coming online and the commands sent to it, with their outcome, in the reader’s language', async () => {
    await eventually(async () => expect(await texts('cabinet', ids.cabinet)).toContain(MESSAGES.deviceLogOnline.text.en));
    const sent = await server.request(
      commandApi.cabinetSend,
      { cabinetId: ids.cabinet, name: 'OPEN_DOOR', compartment: 1 },
      { token: who.merchant },
    );
    expect(sent.data.status).toBe('SUCCEEDED');
    // The cabinet's state told the door open before the command's success.
    const [ended, opened, issued] = await texts('cabinet', ids.cabinet);
    expect(issued).toMatch(/^Open door sent to compartment 1 by .+/);
    expect(opened).toBe('Compartment 1 door opened');
    expect(ended).toBe('Open door: Succeeded');
    // Thai words for the command and its status, not the English ones.
    const [thaiEnded] = await texts('cabinet', ids.cabinet, 'th');
    expect(thaiEnded).toBe(`${enumWord('command.name', 'OPEN_DOOR', 'th')}: ${enumWord('command.status', 'SUCCEEDED', 'th')}`);

    // A command from the battery's page stands in the battery's log and in its cabinet's.
    const locked = await server.request(commandApi.batterySend, { batteryId: ids.battery, name: 'BATTERY_LOCK' }, { token: who.merchant });
    expect(locked.data.status).toBe('SUCCEEDED');
    expect((await texts('battery', ids.battery)).slice(0, 2)).toEqual([
      'Lock battery: Succeeded',
      expect.stringMatching(/^Lock battery sent to compartment 1 by /),
    ]);
    expect((await texts('cabinet', ids.cabinet))[0]).toBe('Lock battery: Succeeded');
  });

  it('lists newest first, pages, filters by kind, and keeps what other modules append (alarms, upgrades)', async () => {
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    await appendDeviceLog(server.db, [
      {
        kind: 'alarm',
        deviceKind: 'vehicle',
        deviceId: ids.vehicle,
        merchantId: who.merchantId,
        text: 'deviceLogAlarmRaised',
        params: { content: 'Overheat' },
        at: at(30),
      },
      {
        kind: 'alarm',
        deviceKind: 'vehicle',
        deviceId: ids.vehicle,
        merchantId: who.merchantId,
        text: 'deviceLogAlarmCleared',
        params: { content: 'Overheat' },
        at: at(20),
      },
      // A NUL byte and control characters in a parameter never reach the database nor the reader.
      {
        kind: 'upgrade',
        deviceKind: 'vehicle',
        deviceId: ids.vehicle,
        merchantId: who.merchantId,
        text: 'deviceLogUpgradeFailed',
        params: { version: '1.2\u0000.3', detail: 'x'.repeat(5000) },
        at: at(10),
      },
      {
        kind: 'state',
        deviceKind: 'vehicle',
        deviceId: ids.vehicle,
        merchantId: who.merchantId,
        text: 'deviceLogBound',
        params: { vehicle: 'VDL0001' },
        at: at(40),
      },
    ]);
    const all = await log('vehicle', who.merchant, { deviceId: ids.vehicle });
    expect(all.data.total).toBe(4);
    expect(all.data.records.map((r) => r.logKind)).toEqual(['upgrade', 'alarm', 'alarm', 'state']);
    expect(all.data.records[0]!.logText).toMatch(/^Firmware 1\.2 \.3 not installed: x+$/);
    expect(all.data.records[0]!.logText.length).toBeLessThan(300);
    expect(all.data.records[1]!.logText).toBe('Alarm cleared: Overheat');
    const alarms = await log('vehicle', who.merchant, { deviceId: ids.vehicle, logKind: 'alarm' }, 'zh');
    expect(alarms.data.records.map((r) => r.logText)).toEqual(['告警已清除：Overheat', '产生告警：Overheat']);
    const second = await log('vehicle', who.merchant, { deviceId: ids.vehicle, size: 3, current: 2 });
    expect(second.data.records.map((r) => r.logKind)).toEqual(['state']);
    // Another device's entries are not in this device's log.
    expect((await log('battery', who.merchant, { deviceId: ids.battery, logKind: 'alarm' })).data.total).toBe(0);
  });

  it('records a silent cabinet heard again through its telemetry, its doors, batteries bound and unbound, a vehicle sold', async () => {
    /** Whether `newer` stands above the latest `older` in the log (newest first). */
    const above = (list: string[], newer: string, older: string) => list.indexOf(newer) >= 0 && list.indexOf(newer) < list.indexOf(older);
    const silent = 'Went offline: not heard from for 5 min';
    await server.db
      .update(cabinets)
      .set({ online: true, lastReportAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(cabinets.id, ids.cabinet));
    await markSilentCabinetsOffline(server.db, 5 * 60_000);
    expect(await texts('cabinet', ids.cabinet)).toContain(silent);
    // Telemetry alone (no state) brings it back: "Came online" above the silence, once.
    await devices!.fleet.tick();
    await eventually(async () => expect(above(await texts('cabinet', ids.cabinet), MESSAGES.deviceLogOnline.text.en, silent)).toBe(true));
    await devices!.fleet.tick();
    const afterTwo = await texts('cabinet', ids.cabinet);
    expect(afterTwo.slice(0, afterTwo.indexOf(silent)).filter((t) => t === MESSAGES.deviceLogOnline.text.en)).toHaveLength(1);

    // A door left open, then closed (the simulator holds it open on request).
    await devices!.fleet.conditions.raise({ device: 'CDL0001', condition: 'doorOpen', compartment: 2 });
    await eventually(async () => expect(await texts('cabinet', ids.cabinet)).toContain('Compartment 2 door opened'));
    await devices!.fleet.conditions.clear('CDL0001', 'doorOpen');
    await eventually(async () =>
      expect(above(await texts('cabinet', ids.cabinet), 'Compartment 2 door closed', 'Compartment 2 door opened')).toBe(true),
    );
    expect(await texts('cabinet', ids.cabinet, 'th')).toContain('ประตูช่อง 2 ปิด');

    // A battery bound to a vehicle and unbound again, each in the battery's log with the vehicle's number.
    const edit = (battery1Number: string | null) =>
      server.request(vehicleApi.edit, { id: ids.vehicle, typeId: ids.vehicleType, battery1Number }, { token: who.merchant });
    expect((await edit('BDB0001')).data.battery1Number).toBe('BDB0001');
    expect((await edit('BDB0001')).data.battery1Number).toBe('BDB0001');
    expect((await edit(null)).data.battery1Number).toBeNull();
    expect(await texts('battery', ids.freeBattery)).toEqual(['Unbound from vehicle VDL0001', 'Bound to vehicle VDL0001']);

    // Sold and unsold by hand, in the vehicle's log; a selection that changes nothing writes nothing.
    const sale = (saleStatus: 'SOLD' | 'UNSOLD') =>
      server.request(vehicleApi.sale, { ids: [ids.vehicle], saleStatus }, { token: who.merchant });
    expect((await sale('SOLD')).data.changed).toBe(1);
    expect((await sale('SOLD')).data.changed).toBe(0);
    expect((await sale('UNSOLD')).data.changed).toBe(1);
    expect((await texts('vehicle', ids.vehicle)).slice(0, 2)).toEqual(['Marked not sold', 'Marked sold']);
    // The rival's vehicle is no one else's to sell: refused, and its log stays empty.
    const refused = await server.call('POST', endpointUrl(vehicleApi.sale), {
      token: who.merchant,
      body: { ids: [ids.rivalVehicle], saleStatus: 'SOLD' },
    });
    expect(refused.code).toBe(MESSAGES.vehicleMissing.code);
    expect((await log('vehicle', who.rival, { deviceId: ids.rivalVehicle })).data.total).toBe(0);
  });

  it('writes a cabinet going silent and going away', async () => {
    // Heard long ago: the heartbeat sweep takes it offline.
    await server.db
      .update(cabinets)
      .set({ online: true, lastReportAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(cabinets.id, ids.rivalCabinet));
    expect(await markSilentCabinetsOffline(server.db, 5 * 60_000)).toBeGreaterThanOrEqual(1);
    const rival = await log('cabinet', who.rival, { deviceId: ids.rivalCabinet, logKind: 'state' });
    expect(rival.data.records.map((r) => r.logText)).toEqual(['Went offline: not heard from for 5 min']);
    await devices!.close();
    devices = undefined;
    await eventually(async () => expect((await texts('cabinet', ids.cabinet))[0]).toBe(MESSAGES.deviceLogOffline.text.en));
  });

  it('answers only for devices the caller may see, with the detail permission', async () => {
    expect((await log('cabinet', who.rival, { deviceId: ids.cabinet })).code).toBe(MESSAGES.cabinetMissing.code);
    expect((await log('battery', who.rival, { deviceId: ids.battery })).code).toBe(MESSAGES.batteryMissing.code);
    expect((await log('vehicle', who.rival, { deviceId: ids.vehicle })).code).toBe(MESSAGES.vehicleMissing.code);
    expect((await log('vehicle', who.merchant, { deviceId: ids.rivalVehicle })).code).toBe(MESSAGES.vehicleMissing.code);
    // A device of another kind with the same id is not this kind's device.
    expect((await log('cabinet', who.merchant, { deviceId: 999_999 })).code).toBe(MESSAGES.cabinetMissing.code);
    // Platform staff read any tenant's.
    expect((await log('cabinet', who.admin, { deviceId: ids.rivalCabinet })).data.total).toBeGreaterThanOrEqual(1);
    await createAccountWithMenus(server.db, {
      username: 'cabinet-list-only',
      merchantId: who.merchantId,
      menuCodes: ['operation.cabinet'],
    });
    const listOnly = await server.login('cabinet-list-only');
    expect((await log('cabinet', listOnly, { deviceId: ids.cabinet })).status).toBe(403);
  });

  it('refuses bad input in the caller’s language and changes nothing', async () => {
    const before = await server.db.select({ id: deviceLogs.id }).from(deviceLogs);
    for (const body of [
      { deviceId: 'abc' },
      { deviceId: 0 },
      { deviceId: -1 },
      { deviceId: 2 ** 40 },
      { deviceId: '1\u0000' },
      {},
      { deviceId: ids.cabinet, logKind: 'bogus' },
      { deviceId: ids.cabinet, merchantId: who.rivalId },
      { deviceId: ids.cabinet, size: 10_000 },
    ]) {
      const answer = await raw(who.merchant, deviceLogApi.cabinet, body, 'th');
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.message, JSON.stringify(body)).toMatch(/[\u0E00-\u0E7F]/);
    }
    expect(await server.db.select({ id: deviceLogs.id }).from(deviceLogs)).toHaveLength(before.length);
  });
});
