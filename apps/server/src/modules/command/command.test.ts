import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import {
  batteryApi,
  cabinetApi,
  cabinetTopic,
  commandApi,
  DEVICE_FAILURE_CODES,
  DEVICE_FAILURE_MESSAGES,
  type EndpointDef,
  endpointUrl,
  type InputOf,
  MESSAGES,
} from '@swap/contracts';
import type { RunningFleet, VirtualCabinet } from '@swap/simulator';
import { exportRows } from '../../test/csv.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createAccountWithMenus, deviceCallers, type DeviceCallers, createDeviceTypes } from '../../test/factories.js';
import type { DeviceGateway } from '../../device-link/gateway.js';
import { collectingLog, startSimulatedCabinets } from '../../test/device-fixtures.js';
import type { DeviceChange } from '../../app/device-hub.js';
import { auditLogs } from '../audit-log/audit-log.table.js';
import { batteries } from '../battery/battery.table.js';
import { deviceCommands } from './command.table.js';
import { deviceLogs } from '../device-log/device-log.table.js';
import { sweepOverdueCommands } from './command.lifecycle.js';
import { eventually } from '../../test/eventually.js';

const ANSWERING = 'CCM0001';
const SILENT = 'CCM0002';
const UNPLUGGED = 'CCM0003';

describe('remote commands to simulated cabinets on the embedded broker', () => {
  let server: TestServer;
  let who: DeviceCallers;
  let gateway: DeviceGateway;
  let fleet: RunningFleet;
  let answering: VirtualCabinet;
  const ids: Record<string, number> = {};
  const { log, messages: logged } = collectingLog({ info: true });
  const changes: DeviceChange[] = [];

  const send = (token: string, body: InputOf<typeof commandApi.cabinetSend>, lang?: 'en' | 'th') =>
    server.request(commandApi.cabinetSend, body, { token, ...(lang ? { lang } : {}) });
  // Refused bodies answer field errors, not a command: through the untyped caller.
  const refused = (token: string, endpoint: EndpointDef, body: Record<string, unknown>) =>
    server.call('POST', endpointUrl(endpoint), { token, body });
  const sendBattery = (token: string, body: InputOf<typeof commandApi.batterySend>, lang?: 'en' | 'th') =>
    server.request(commandApi.batterySend, body, { token, ...(lang ? { lang } : {}) });
  const history = (token: string, body: InputOf<typeof commandApi.cabinetSearch>, lang?: 'en' | 'th') =>
    server.request(commandApi.cabinetSearch, body, { token, ...(lang ? { lang } : {}) });
  const detail = async (id: number) => (await server.request(cabinetApi.detail, { id: id }, { token: who.admin })).data;
  const row = async (id: string) => (await server.db.select().from(deviceCommands).where(eq(deviceCommands.id, id)))[0]!;

  beforeAll(async () => {
    server = await startTestServer({ COMMAND_TIMEOUT_SECONDS: '1', DEMO: '0' });
    who = await deviceCallers(server);
    const types = await createDeviceTypes(server, who.admin);
    for (const number of [ANSWERING, SILENT, UNPLUGGED]) {
      const added = await server.request(cabinetApi.add, { number, typeId: types.cabinet }, { token: who.merchant });
      ids[number] = added.data.id;
    }
    for (const number of ['BCM000001', 'BCM000002', 'BCM000009']) {
      const added = await server.request(batteryApi.add, { number, typeId: types.battery }, { token: who.merchant });
      ids[number] = added.data.id;
    }
    server.app.deviceHub.onChange((change) => changes.push(change));
    ({ gateway, fleet } = await startSimulatedCabinets(server, who.admin, {
      cabinets: [
        { number: ANSWERING, slots: ['BCM000001', null, null, null] },
        { number: SILENT, slots: ['BCM000002', null, null, null] },
      ],
      batteries: true,
      log,
      commands: { delayMs: [0, 0], restartMs: 300 },
    }));
    answering = fleet.cabinets[0]!;
    fleet.cabinets[1]!.commands.silent = true;
    await eventually(async () => {
      expect((await detail(ids[ANSWERING]!)).compartments[0]!.batteryNumber).toBe('BCM000001');
      expect((await detail(ids[SILENT]!)).online).toBe(true);
    });
  });
  afterAll(async () => {
    await fleet?.stop();
    await gateway?.close();
    await server?.close();
  });

  it('opens a door: the answer waits for the device, the compartment has changed, history and audit name the sender', async () => {
    const sent = await send(who.merchant, { cabinetId: ids[ANSWERING], name: 'OPEN_DOOR', compartment: 1 });
    expect(sent.code).toBe(1);
    expect(sent.data).toMatchObject({
      name: 'OPEN_DOOR',
      compartment: 1,
      status: 'SUCCEEDED',
      cabinetNumber: ANSWERING,
      failureMessage: null,
    });
    expect(sent.data.sentAt).not.toBeNull();
    expect(sent.data.acceptedAt).not.toBeNull();
    expect(Date.parse(sent.data.expiresAt) - Date.parse(sent.data.issuedAt)).toBe(1000);
    // The cabinet's new state is persisted before its result: no wait.
    expect((await detail(ids[ANSWERING]!)).compartments[0]!.doorLock).toBe('UNLOCKED');
    const listed = await history(who.merchant, { cabinetId: ids[ANSWERING] });
    expect(listed.data.total).toBe(1);
    expect(listed.data.records[0]).toMatchObject({ id: sent.data.id, status: 'SUCCEEDED', issuedByName: expect.any(String) });
    expect(listed.data.records[0]?.issuedById).not.toBeNull();
    const audit = await server.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'command.send'), eq(auditLogs.objectId, String(ids[ANSWERING]))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      username: who.fixtures.merchant.admin.username,
      success: true,
      changes: { commandId: sent.data.id, name: 'OPEN_DOOR', compartment: 1 },
    });
    expect(changes).toContainEqual({ kind: 'cabinet', number: ANSWERING, channel: 'command' });
    expect(changes).toContainEqual({ kind: 'cabinet', number: ANSWERING, channel: 'cmd-result' });
  });

  it('switches the charger and disables a compartment, each seen in the cabinet detail', async () => {
    expect((await send(who.merchant, { cabinetId: ids[ANSWERING], name: 'CHARGER_OFF', compartment: 1 })).data.status).toBe('SUCCEEDED');
    expect((await send(who.merchant, { cabinetId: ids[ANSWERING], name: 'COMPARTMENT_DISABLE', compartment: 3 })).data.status).toBe(
      'SUCCEEDED',
    );
    const cabinet = await detail(ids[ANSWERING]!);
    expect(cabinet.compartments[0]!.chargerSwitch).toBe('OFF');
    expect(cabinet.compartments[2]!.enabled).toBe(false);
  });

  it('sends a battery’s command to the compartment holding it; a battery outside a cabinet is refused', async () => {
    const sent = await sendBattery(who.merchant, { batteryId: ids.BCM000001, name: 'CHARGE_FORBID' });
    expect(sent.data).toMatchObject({ status: 'SUCCEEDED', cabinetNumber: ANSWERING, compartment: 1, batteryNumber: 'BCM000001' });
    // Shown at once, and the battery's own report (the simulator sends one on the change) agrees.
    const [battery] = await server.db.select().from(batteries).where(eq(batteries.id, ids.BCM000001!));
    expect(battery!.chargeSwitch).toBe('FORBIDDEN');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const [reported] = await server.db.select().from(batteries).where(eq(batteries.id, ids.BCM000001!));
    expect([reported!.chargeSwitch, reported!.dischargeSwitch]).toEqual(['FORBIDDEN', 'ALLOWED']);
    const listed = await server.request(commandApi.batterySearch, { batteryId: ids.BCM000001 }, { token: who.merchant });
    expect(listed.data.records.map((r) => r.name)).toEqual(['CHARGE_FORBID']);
    const outside = await sendBattery(who.merchant, { batteryId: ids.BCM000009, name: 'BATTERY_LOCK' }, 'th');
    expect(outside).toMatchObject({ code: 5021, message: MESSAGES.batteryNotInCabinet.text.th });
    // The battery page asks where its commands would go before it offers them.
    const place = (token: string, batteryId: unknown) =>
      server.call('POST', endpointUrl(commandApi.batteryPlace), { token, body: { batteryId } });
    expect((await place(who.merchant, ids.BCM000001)).data).toMatchObject({ cabinetNumber: ANSWERING, compartment: 1, online: true });
    expect((await place(who.merchant, ids.BCM000009)).data).toBeNull();
    expect((await place(who.rival, ids.BCM000001)).code).toBe(MESSAGES.batteryMissing.code);
    for (const bad of ['abc', 0, -1, 2 ** 40, '1\u0000']) expect((await place(who.merchant, bad)).status).toBe(400);
  });

  it('shows every device failure as the catalogue’s message in the caller’s language', async () => {
    for (const code of DEVICE_FAILURE_CODES) {
      answering.commands.failNext(code);
      const failed = await send(who.merchant, { cabinetId: ids[ANSWERING], name: 'CHARGER_ON', compartment: 2 }, 'th');
      const key = DEVICE_FAILURE_MESSAGES[code];
      expect(failed.code, code).toBe(MESSAGES[key].code);
      expect(failed.message, code).toBe(MESSAGES[key].text.th);
      expect(failed.data).toMatchObject({ status: 'FAILED', failureCode: code, failureMessage: MESSAGES[key].text.th });
    }
    // Each end stands in the cabinet's log with its reason, written with the failure itself.
    const ends = await server.db
      .select({ text: deviceLogs.textKey, params: deviceLogs.params })
      .from(deviceLogs)
      .where(
        and(
          eq(deviceLogs.deviceKind, 'cabinet'),
          eq(deviceLogs.deviceId, ids[ANSWERING]!),
          eq(deviceLogs.textKey, 'deviceLogCommandFailed'),
        ),
      );
    expect(ends).toEqual(
      DEVICE_FAILURE_CODES.map((code) => ({
        text: 'deviceLogCommandFailed',
        params: { command: 'CHARGER_ON', status: 'FAILED', reason: DEVICE_FAILURE_MESSAGES[code] },
      })),
    );
    const listed = await history(who.merchant, { cabinetId: ids[ANSWERING], status: 'FAILED', size: 50 }, 'en');
    expect(listed.data.total).toBe(DEVICE_FAILURE_CODES.length);
    expect(new Set(listed.data.records.map((r) => r.failureMessage))).toEqual(
      new Set(DEVICE_FAILURE_CODES.map((code) => MESSAGES[DEVICE_FAILURE_MESSAGES[code]].text.en)),
    );
  });

  it('times out when the cabinet does not answer, one command outstanding at a time, race-safe', async () => {
    const started = Date.now();
    const [first, second] = await Promise.all([
      send(who.merchant, { cabinetId: ids[SILENT], name: 'OPEN_DOOR', compartment: 1 }, 'th'),
      // Both in Thai: either may win the race for the cabinet.
      send(who.merchant, { cabinetId: ids[SILENT], name: 'OPEN_DOOR', compartment: 2 }, 'th'),
    ]);
    const [timedOut, busy] = first.code === 5019 ? [first, second] : [second, first];
    expect(busy).toMatchObject({ code: 5020, status: 409, message: MESSAGES.commandOutstanding.text.th });
    expect(timedOut).toMatchObject({ code: 5019, message: MESSAGES.commandTimeout.text.th });
    expect(timedOut.data.status).toBe('TIMEOUT');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    // A late answer to a finished command, and one to a command nobody sent, change nothing.
    const silent = fleet.cabinets[1]!;
    await silent.publishTo(
      cabinetTopic(SILENT, 'cmd-result'),
      JSON.stringify({ id: timedOut.data.id, status: 'SUCCEEDED', ts: new Date().toISOString() }),
    );
    await silent.publishTo(
      cabinetTopic(SILENT, 'cmd-result'),
      JSON.stringify({ id: randomUUID(), status: 'ACCEPTED', ts: new Date().toISOString() }),
    );
    await eventually(() => {
      expect(logged).toContain('command result ignored: not outstanding');
      expect(logged).toContain('command result ignored: unknown command');
    });
    expect((await row(timedOut.data.id)).status).toBe('TIMEOUT');
    // Its end in the cabinet's log once, the late answer adding none.
    const ends = await server.db
      .select({ text: deviceLogs.textKey, params: deviceLogs.params })
      .from(deviceLogs)
      .where(
        and(eq(deviceLogs.deviceKind, 'cabinet'), eq(deviceLogs.deviceId, ids[SILENT]!), eq(deviceLogs.textKey, 'deviceLogCommandFailed')),
      );
    expect(ends).toEqual([
      { text: 'deviceLogCommandFailed', params: { command: 'OPEN_DOOR', status: 'TIMEOUT', reason: 'commandTimeout' } },
    ]);
    const refusals = await server.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.objectId, String(ids[SILENT])), eq(auditLogs.success, false)));
    expect(refusals.map((r) => (r.changes as { refused: string }).refused)).toEqual(['commandOutstanding']);
  });

  it('refuses a command to an offline cabinet at once', async () => {
    const started = Date.now();
    const offline = await send(who.merchant, { cabinetId: ids[UNPLUGGED], name: 'RESTART' }, 'th');
    expect(offline).toMatchObject({ code: 5013, message: MESSAGES.cabinetOffline.text.th });
    expect(Date.now() - started).toBeLessThan(500);
    expect(await server.db.select().from(deviceCommands).where(eq(deviceCommands.cabinetId, ids[UNPLUGGED]!))).toEqual([]);
  });

  it('lets the device ignore a repeated command id', async () => {
    const sent = await send(who.merchant, { cabinetId: ids[ANSWERING], name: 'BATTERY_UNLOCK', compartment: 1 });
    expect(sent.data.status).toBe('SUCCEEDED');
    const executed = answering.commands.executed;
    const before = await row(sent.data.id);
    const ignoredBefore = logged.filter((line) => line === 'command result ignored: not outstanding').length;
    const { id, name, compartment, issuedAt, expiresAt } = sent.data;
    await server.app.deviceHub.send(cabinetTopic(ANSWERING, 'cmd'), { id, name, compartment, issuedAt, expiresAt });
    // The device answers its earlier outcome again without acting; the server keeps the one result.
    await eventually(() =>
      expect(logged.filter((line) => line === 'command result ignored: not outstanding').length).toBe(ignoredBefore + 1),
    );
    expect(answering.commands.executed).toBe(executed);
    expect(await row(sent.data.id)).toEqual(before);
  });

  it('ends an orphaned command of a stopped server at its expiry, and the cabinet takes new commands', async () => {
    const orphan = randomUUID();
    const past = new Date(Date.now() - 60_000);
    await server.db.insert(deviceCommands).values({
      id: orphan,
      cabinetId: ids[ANSWERING]!,
      name: 'OPEN_DOOR',
      compartment: 2,
      status: 'SENT',
      issuedByName: 'admin',
      issuedAt: past,
      sentAt: past,
      expiresAt: new Date(past.getTime() + 1000),
    });
    const sent = await send(who.merchant, { cabinetId: ids[ANSWERING], name: 'OPEN_DOOR', compartment: 2 });
    expect(sent.data.status).toBe('SUCCEEDED');
    expect((await row(orphan)).status).toBe('TIMEOUT');

    const unsent = randomUUID();
    await server.db.insert(deviceCommands).values({
      id: unsent,
      cabinetId: ids[SILENT]!,
      name: 'RESTART',
      status: 'QUEUED',
      issuedByName: 'admin',
      issuedAt: past,
      expiresAt: new Date(past.getTime() + 1000),
    });
    expect(await sweepOverdueCommands(server.db)).toEqual([SILENT]);
    expect((await row(unsent)).status).toBe('EXPIRED');
    // Ended by the sweep, not by the server that sent it: its end stands in the cabinet's log all the same.
    const [ended] = await server.db
      .select({ params: deviceLogs.params })
      .from(deviceLogs)
      .where(and(eq(deviceLogs.deviceKind, 'cabinet'), eq(deviceLogs.deviceId, ids[SILENT]!)))
      .orderBy(desc(deviceLogs.id))
      .limit(1);
    expect(ended?.params).toEqual({ command: 'RESTART', status: 'EXPIRED', reason: 'commandTimeout' });
  });

  it('checks the permission codes, the tenant and the compartment', async () => {
    expect((await send(who.rival, { cabinetId: ids[ANSWERING], name: 'OPEN_DOOR', compartment: 1 })).code).toBe(3007);
    expect((await history(who.rival, { cabinetId: ids[ANSWERING] })).code).toBe(3007);
    expect((await sendBattery(who.rival, { batteryId: ids.BCM000001, name: 'BATTERY_LOCK' })).code).toBe(3005);
    await createAccountWithMenus(server.db, { username: 'battery-only', merchantId: who.merchantId, menuCodes: ['operation.battery'] });
    const batteryOnly = await server.login('battery-only');
    expect((await send(batteryOnly, { cabinetId: ids[ANSWERING], name: 'OPEN_DOOR', compartment: 1 })).status).toBe(403);
    expect((await history(batteryOnly, { cabinetId: ids[ANSWERING] })).status).toBe(403);
    const missing = await refused(who.merchant, commandApi.cabinetSend, { cabinetId: ids[ANSWERING], name: 'OPEN_DOOR' });
    expect(missing.data.fields[0].field).toBe('compartment');
    expect(
      (await refused(who.merchant, commandApi.cabinetSend, { cabinetId: ids[ANSWERING], name: 'OPEN_DOOR', compartment: 9 })).data.fields[0]
        .field,
    ).toBe('compartment');
    expect((await refused(who.merchant, commandApi.cabinetSend, { cabinetId: ids[ANSWERING], name: 'FIRMWARE_UPDATE' })).code).toBe(1002);
    expect((await refused(batteryOnly, commandApi.batterySend, { batteryId: ids.BCM000001, name: 'OPEN_DOOR' })).code).toBe(1002);
  });

  it('exports the history as CSV and filters it by command', async () => {
    const filtered = await history(who.admin, { cabinetId: ids[ANSWERING], name: 'OPEN_DOOR' });
    expect(filtered.data.records.every((r: { name: string }) => r.name === 'OPEN_DOOR')).toBe(true);
    const csv = await server.request(
      commandApi.cabinetExport,
      { cabinetId: ids[ANSWERING], status: 'FAILED' },
      { token: who.merchant, lang: 'th' },
    );
    const lines = csv.raw.body.trim().split('\r\n');
    expect(lines[0]).toContain('คำสั่ง');
    expect(lines).toHaveLength(DEVICE_FAILURE_CODES.length + 1);
    // As the history shows it: the command and its status in words, times in the reader's zone.
    const opened = await exportRows(
      server,
      commandApi.cabinetExport,
      { cabinetId: ids[ANSWERING]!, name: 'OPEN_DOOR' },
      { token: who.merchant, lang: 'th', timeZone: 'Asia/Bangkok' },
    );
    expect(opened.header).toEqual([
      'ส่งเมื่อ',
      'ตู้',
      'ช่อง',
      'แบตเตอรี่',
      'คำสั่ง',
      'สถานะ',
      'ความล้มเหลว',
      'รหัสความล้มเหลว',
      'ส่งโดย',
      'เสร็จเมื่อ',
      'ID',
    ]);
    expect(opened.rows[0]).toMatchObject({ คำสั่ง: 'เปิดประตู', ตู้: ANSWERING });
    expect(opened.rows[0]?.ส่งเมื่อ).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} UTC\+7$/);
    expect(opened.rows.map((row) => row.สถานะ)).toContain('สำเร็จ');
  });

  it('restarts a cabinet: it goes offline briefly and comes back', async () => {
    const sent = await send(who.merchant, { cabinetId: ids[ANSWERING], name: 'RESTART' });
    expect(sent.data).toMatchObject({ status: 'SUCCEEDED', compartment: null });
    await eventually(async () => expect((await detail(ids[ANSWERING]!)).online).toBe(false), 2000);
    await eventually(async () => expect((await detail(ids[ANSWERING]!)).online).toBe(true), 3000);
  });
  it('ends the outstanding command as cancelled at once when the cabinet drops off, answering “cabinet offline”', async () => {
    const silent = fleet.cabinets[1]!;
    const pending = send(who.merchant, { cabinetId: ids[SILENT], name: 'CHARGER_ON', compartment: 2 }, 'th');
    await eventually(async () =>
      expect((await history(who.merchant, { cabinetId: ids[SILENT], size: 1 })).data.records[0]?.status).toBe('SENT'),
    );
    await silent.cutLink();
    const answer = await pending;
    expect(answer).toMatchObject({ code: 5013, message: MESSAGES.cabinetOffline.text.th });
    expect(answer.data).toMatchObject({ status: 'CANCELLED', name: 'CHARGER_ON' });
    expect((await row(answer.data.id)).finishedAt).not.toBeNull();
    expect((await detail(ids[SILENT]!)).online).toBe(false);
    expect(changes).toContainEqual({ kind: 'cabinet', number: SILENT, channel: 'command' });
    // Its battery's page is told the cabinet is offline, and a command from there is refused as well.
    const place = await server.request(commandApi.batteryPlace, { batteryId: ids.BCM000002! }, { token: who.merchant });
    expect(place.data).toMatchObject({ cabinetNumber: SILENT, online: false });
    expect(await sendBattery(who.merchant, { batteryId: ids.BCM000002!, name: 'BATTERY_LOCK' }, 'th')).toMatchObject({
      code: 5013,
      message: MESSAGES.cabinetOffline.text.th,
    });
  });
  // Last: it takes the link's sender away.
  it('ends a command the link fails to publish as a sending failure, and refuses at once without a link: the device link is down', async () => {
    await eventually(async () => expect((await detail(ids[ANSWERING]!)).online).toBe(true), 3000);
    server.app.deviceHub.attachSender(() => Promise.reject(new Error('broker gone')));
    const failed = await send(who.merchant, { cabinetId: ids[ANSWERING], name: 'OPEN_DOOR', compartment: 4 });
    expect(failed.code).toBe(MESSAGES.sendingFailed.code);
    const [last] = (await history(who.merchant, { cabinetId: ids[ANSWERING], size: 1 })).data.records;
    expect(last).toMatchObject({ status: 'FAILED', failureCode: 'SENDING_FAILED', compartment: 4 });
    server.app.deviceHub.attachSender(undefined);
    expect((await send(who.merchant, { cabinetId: ids[ANSWERING], name: 'OPEN_DOOR', compartment: 4 })).code).toBe(
      MESSAGES.deviceLinkDown.code,
    );
  });
});
