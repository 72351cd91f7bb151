import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cabinetApi, cabinetOptionsEndpoint, commandApi, endpointUrl, firmwareApi, MESSAGES, type InputOf } from '@swap/contracts';
import { DEVICE_MENUS } from '@swap/contracts/testing';
import type { VirtualCabinet } from '@swap/simulator';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createDeviceTypes, createMerchant, platformAdmin, type MerchantFixture } from '../../test/factories.js';
import { startSimulatedCabinets, type SimulatedCabinets } from '../../test/device-fixtures.js';
import { multipart } from '../../test/upload.js';
import { eventually } from '../../test/eventually.js';
import { auditLogs } from '../audit-log/audit-log.table.js';
import { JobHandlers, type JobRow } from '../job/index.js';
import { jobs } from '../job/job.table.js';
import { deviceLogs } from '../device-log/device-log.table.js';
import { deviceTaskDevices, deviceTasks, firmwareFiles } from './firmware.table.js';
import { DeviceHub } from '../../app/device-hub.js';
import { applyFirmwareStatus, handleTaskJobs, SEND_QUEUE } from './task.service.js';

const UPGRADE_MENUS = [...DEVICE_MENUS, 'updrade.firmware', 'updrade.version', 'updrade.record'];
const COUNT = 20;
const numberOf = (i: number) => `FWC${String(i + 1).padStart(4, '0')}`;

describe('firmware files, versions, paced upgrade tasks and commands to many cabinets', () => {
  let server: TestServer;
  let admin: string;
  let owner: MerchantFixture;
  let other: MerchantFixture;
  let types: Awaited<ReturnType<typeof createDeviceTypes>>;
  let devices: SimulatedCabinets;
  const cabinetIds: number[] = [];
  let otherCabinetId: number;
  const cabinet = (i: number): VirtualCabinet => devices.fleet.cabinets[i]!;

  const upload = (token: string, fields: Record<string, string>, data: Buffer, filename = 'sc4.bin', lang?: 'en' | 'th') => {
    const { body, headers } = multipart(filename, 'application/octet-stream', data, undefined, fields);
    return server.call('POST', endpointUrl(firmwareApi.upload), { token, body, headers, ...(lang ? { lang } : {}) });
  };
  const image = (version: string) => Buffer.from(`SC4 firmware ${version} `.repeat(200));
  const upgrade = (token: string, body: InputOf<typeof firmwareApi.upgrade>, lang?: 'en' | 'th') =>
    server.request(firmwareApi.upgrade, body, { token, ...(lang ? { lang } : {}) });
  const task = async (token: string, id: number) => {
    const found = await server.request(firmwareApi.tasks, { current: 1, size: 100 }, { token });
    return found.data.records.find((t) => t.id === id);
  };
  const taskDevices = async (token: string, taskId: number) =>
    (await server.request(firmwareApi.taskDevices, { taskId, size: 100 }, { token })).data.records;

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0', COMMAND_TIMEOUT_SECONDS: '3', JOB_POLL_MS: '100' });
    admin = (await platformAdmin(server)).token;
    types = await createDeviceTypes(server, admin);
    owner = await createMerchant(server, admin, { menuCodes: UPGRADE_MENUS });
    other = await createMerchant(server, admin, { type: 'DIRECT', menuCodes: UPGRADE_MENUS });
    for (let i = 0; i < COUNT; i++) {
      const added = await server.request(cabinetApi.add, { number: numberOf(i), typeId: types.cabinet }, { token: owner.admin.token });
      cabinetIds.push(added.data.id);
    }
    otherCabinetId = (await server.request(cabinetApi.add, { number: 'FWO0001', typeId: types.cabinet }, { token: other.admin.token })).data
      .id;
    devices = await startSimulatedCabinets(server, admin, {
      cabinets: Array.from({ length: COUNT }, (_, i) => ({ number: numberOf(i), slots: [null, null, null, null] })),
      batteries: false,
      commands: { delayMs: [0, 20] },
      firmware: {
        downloadMs: [20, 150],
        installMs: [20, 150],
        // The link is https on the server's public address; here it reaches the test server itself.
        fetch: async (url) => {
          const link = new URL(url);
          const answer = await server.app.inject({ method: 'GET', url: link.pathname + link.search });
          if (answer.statusCode !== 200) throw new Error(`download answered ${answer.statusCode}`);
          return answer.rawPayload;
        },
      },
    });
    await eventually(async () => {
      const listed = await server.request(firmwareApi.versionDevices, { typeId: types.cabinet, size: 100 }, { token: owner.admin.token });
      expect(listed.data.records.filter((r) => r.online && r.firmwareVersion === '1.4.2')).toHaveLength(COUNT);
    }, 15_000);
  }, 120_000);
  afterAll(async () => {
    await devices?.close();
    await server?.close();
  });

  it('keeps an uploaded image with the size and SHA-256 the server computed, and refuses a second image of the version', async () => {
    const data = image('1.5.0');
    const added = await upload(admin, { typeId: String(types.cabinet), version: '1.5.0', releaseNotes: 'Faster charging curve' }, data);
    expect(added.code).toBe(1);
    expect(added.data).toMatchObject({
      deviceKind: 'cabinet',
      typeId: types.cabinet,
      version: '1.5.0',
      fileName: 'sc4.bin',
      fileSize: data.length,
      sha256: createHash('sha256').update(data).digest('hex'),
      releaseNotes: 'Faster charging curve',
    });
    const again = await upload(admin, { typeId: String(types.cabinet), version: '1.5.0' }, image('other'), 'sc4.bin', 'th');
    expect(again.code).toBe(MESSAGES.firmwareVersionTaken.code);
    expect(again.message).toBe(MESSAGES.firmwareVersionTaken.text.th);
    expect(await server.db.select().from(firmwareFiles).where(eq(firmwareFiles.version, '1.5.0'))).toHaveLength(1);
    const audit = await server.db.select().from(auditLogs).where(eq(auditLogs.action, 'firmware.add'));
    expect(audit).toHaveLength(1);
  });

  it('refuses uploads by merchant staff, of an unknown type, a malformed version or without a file, and keeps nothing', async () => {
    const before = (await server.db.select().from(firmwareFiles)).length;
    const merchant = await upload(owner.admin.token, { typeId: String(types.cabinet), version: '9.0.0' }, image('9.0.0'));
    expect(merchant.code).not.toBe(1);
    const unknownType = await upload(admin, { typeId: '999999', version: '9.0.1' }, image('9.0.1'));
    expect(unknownType.code).toBe(MESSAGES.typeMissing.code);
    for (const version of ['', '<script>alert(1)</script>', '1.0\u0000', 'v 1', 'x'.repeat(41)]) {
      const bad = await upload(admin, { typeId: String(types.cabinet), version }, image('bad'));
      expect(bad.code, version).not.toBe(1);
    }
    const { body, headers } = multipart('', 'application/octet-stream', Buffer.alloc(0), undefined, {
      typeId: String(types.cabinet),
      version: '9.0.2',
    });
    const noFile = await server.call('POST', endpointUrl(firmwareApi.upload), { token: admin, body, headers });
    expect(noFile.code).not.toBe(1);
    expect(await server.db.select().from(firmwareFiles)).toHaveLength(before);
  });

  it('answers "Please choose a cabinet before upgrade" when none is chosen, and refuses another tenant’s cabinet without starting a task', async () => {
    const [firmware] = await server.db.select().from(firmwareFiles).where(eq(firmwareFiles.version, '1.5.0'));
    const none = await upgrade(owner.admin.token, { firmwareId: firmware!.id, cabinetIds: [] });
    expect(none.code).toBe(MESSAGES.upgradeNoCabinet.code);
    expect(none.message).toBe('Please choose a cabinet before upgrade');
    const th = await upgrade(owner.admin.token, { firmwareId: firmware!.id }, 'th');
    expect(th.message).toBe(MESSAGES.upgradeNoCabinet.text.th);
    const foreign = await upgrade(owner.admin.token, { firmwareId: firmware!.id, cabinetIds: [cabinetIds[0]!, otherCabinetId] });
    expect(foreign.code).toBe(MESSAGES.cabinetMissing.code);
    const badPace = await server.call('POST', endpointUrl(firmwareApi.upgrade), {
      token: owner.admin.token,
      body: { firmwareId: firmware!.id, cabinetIds: [cabinetIds[0]], devicesPerMinute: 0 },
    });
    expect(badPace.code).not.toBe(1);
    expect(await server.db.select().from(deviceTasks)).toHaveLength(0);
  });

  it('offers the caller’s own cabinets as choices by number, of the chosen type, never another tenant’s', async () => {
    const choices = (token: string, body: InputOf<typeof cabinetOptionsEndpoint>) =>
      server.request(cabinetOptionsEndpoint, body, { token });
    const mine = await choices(owner.admin.token, { keyword: 'fwc001', ids: [otherCabinetId] });
    expect(mine.data.map((c) => c.number)).toEqual(Array.from({ length: 10 }, (_, i) => numberOf(9 + i)));
    expect(mine.data.every((c) => c.typeId === types.cabinet && c.firmwareVersion === '1.4.2')).toBe(true);
    expect((await choices(owner.admin.token, { keyword: 'FWO' })).data).toEqual([]);
    expect((await choices(other.admin.token, { ids: [cabinetIds[0]!, otherCabinetId] })).data.map((c) => c.id)).toEqual([otherCabinetId]);
    expect((await choices(owner.admin.token, { typeId: types.battery, limit: 200 })).data).toEqual([]);
    expect((await choices(owner.admin.token, { keyword: 'FWC\u0000' })).code).not.toBe(1);
  });

  it('rolls firmware out to 20 cabinets at its pace: failures are kept per cabinet, a retry brings them all to the new version', async () => {
    const [firmware] = await server.db.select().from(firmwareFiles).where(eq(firmwareFiles.version, '1.5.0'));
    cabinet(1).firmware.failNext('DownloadFailed');
    cabinet(4).firmware.failNext('InvalidChecksum');
    cabinet(8).firmware.failNext('InstallationFailed');
    const started = await upgrade(owner.admin.token, { firmwareId: firmware!.id, typeId: types.cabinet, devicesPerMinute: 600 });
    expect(started.code).toBe(1);
    expect(started.data).toMatchObject({ taskKind: 'FIRMWARE', taskState: 'RUNNING', version: '1.5.0', deviceCount: COUNT });
    // Paced: one cabinet every 100 ms, each job due in turn.
    const due = await server.db
      .select()
      .from(jobs)
      .where(eq(jobs.groupKey, `device-task:${started.data.id}`));
    const times = due.map((j) => j.runAt.getTime()).sort((a, b) => a - b);
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(1800);
    const id = started.data.id;
    await eventually(async () => expect((await task(owner.admin.token, id))?.taskState).toBe('FINISHED'), 30_000, 200);
    expect(await task(owner.admin.token, id)).toMatchObject({ succeeded: 17, failed: 3, pending: 0, running: 0 });
    const rows = await taskDevices(owner.admin.token, id);
    const failed = Object.fromEntries(rows.filter((r) => r.deviceState === 'FAILED').map((r) => [r.cabinetNumber, r]));
    expect(Object.keys(failed).sort()).toEqual([numberOf(1), numberOf(4), numberOf(8)]);
    expect(failed[numberOf(1)]).toMatchObject({
      firmwareStatus: 'DownloadFailed',
      failureMessage: MESSAGES.firmwareDownloadFailed.text.en,
    });
    expect(failed[numberOf(4)]).toMatchObject({ firmwareStatus: 'InvalidChecksum', failureMessage: MESSAGES.firmwareBadChecksum.text.en });
    expect(failed[numberOf(8)]).toMatchObject({ firmwareStatus: 'InstallationFailed' });
    expect(rows.filter((r) => r.deviceState === 'SUCCEEDED').every((r) => r.firmwareStatus === 'Installed')).toBe(true);
    // Each cabinet's log keeps its upgrade's outcome.
    const logged = await server.db.select().from(deviceLogs).where(eq(deviceLogs.kind, 'upgrade'));
    expect(logged.filter((l) => l.textKey === 'deviceLogUpgradeInstalled')).toHaveLength(17);
    expect(logged.find((l) => l.deviceId === cabinetIds[4] && l.textKey === 'deviceLogUpgradeFailed')?.params).toMatchObject({
      version: '1.5.0',
      detail: 'InvalidChecksum',
    });
    // The installed cabinets report their new version in their state.
    await eventually(async () => {
      const versions = await server.request(firmwareApi.versions, { typeId: types.cabinet }, { token: owner.admin.token });
      const count = (v: string) => versions.data.records.find((r) => r.version === v)?.deviceCount;
      expect(count('1.5.0')).toBe(17);
      expect(count('1.4.2')).toBe(3);
      expect(versions.data.records.find((r) => r.version === '1.5.0')?.hasFirmware).toBe(true);
    });
    // The other tenant sees neither the task nor its cabinets' versions.
    expect(await task(other.admin.token, id)).toBeUndefined();
    expect((await server.request(firmwareApi.taskDevices, { taskId: id }, { token: other.admin.token })).code).toBe(
      MESSAGES.taskMissing.code,
    );
    expect((await server.request(firmwareApi.retry, { id }, { token: other.admin.token })).code).toBe(MESSAGES.taskMissing.code);
    const otherVersions = await server.request(firmwareApi.versions, {}, { token: other.admin.token });
    expect(otherVersions.data.records.reduce((n, r) => n + r.deviceCount, 0)).toBe(1);

    // A download link ends with its attempt.
    const [done] = await server.db.select().from(deviceTaskDevices).where(eq(deviceTaskDevices.cabinetId, cabinetIds[0]!));
    const link = await server.call('GET', endpointUrl(firmwareApi.download), { query: { token: done!.downloadToken! } });
    expect(link.status).not.toBe(200);

    const retried = await server.request(firmwareApi.retry, { id }, { token: owner.admin.token });
    expect(retried.data).toMatchObject({ taskState: 'RUNNING', pending: 3, succeeded: 17 });
    await eventually(async () => expect((await task(owner.admin.token, id))?.taskState).toBe('FINISHED'), 30_000, 200);
    expect(await task(owner.admin.token, id)).toMatchObject({ succeeded: 20, failed: 0 });
    const nothing = await server.request(firmwareApi.retry, { id }, { token: owner.admin.token });
    expect(nothing.code).toBe(MESSAGES.taskNothingToRetry.code);
    await eventually(async () => {
      const listed = await server.request(
        firmwareApi.versionDevices,
        { typeId: types.cabinet, version: '1.5.0', size: 100 },
        { token: owner.admin.token },
      );
      expect(listed.data.total).toBe(COUNT);
    });
  }, 90_000);

  it('stops a slow rollout: cabinets not started are cancelled, the stopped task cannot be stopped again', async () => {
    const data = image('1.6.0');
    const added = await upload(admin, { typeId: String(types.cabinet), version: '1.6.0' }, data);
    // Two a minute: the first cabinet goes at once, the next in 30 s.
    const started = await upgrade(owner.admin.token, { firmwareId: added.data.id, cabinetIds, devicesPerMinute: 2 });
    const id = started.data.id;
    await eventually(async () => expect((await task(owner.admin.token, id))?.pending).toBe(COUNT - 1));
    const [stopped, again] = await Promise.all([
      server.request(firmwareApi.stop, { id }, { token: owner.admin.token }),
      server.request(firmwareApi.stop, { id }, { token: owner.admin.token }),
    ]);
    const answers = [stopped, again].sort((a, b) => a.code - b.code);
    expect(answers[0]!.code).toBe(1);
    expect(answers[1]!.code).toBe(MESSAGES.taskEnded.code);
    const record = answers[0]!.data as { taskState: string; cancelled: number };
    expect(record).toMatchObject({ taskState: 'STOPPED', cancelled: COUNT - 1 });
    const pendingJobs = await server.db
      .select()
      .from(jobs)
      .where(eq(jobs.groupKey, `device-task:${id}`));
    expect(pendingJobs.filter((j) => j.state === 'PENDING')).toHaveLength(0);
    const rows = await taskDevices(owner.admin.token, id);
    expect(rows.filter((r) => r.deviceState === 'CANCELLED').every((r) => r.failureMessage === MESSAGES.taskStopped.text.en)).toBe(true);
    // The one started ends as it would.
    await eventually(
      async () => expect((await taskDevices(owner.admin.token, id)).find((r) => r.attempts === 1)?.deviceState).toBe('SUCCEEDED'),
      15_000,
    );
    expect((await task(owner.admin.token, id))?.taskState).toBe('STOPPED');
    // The firmware a task names stays.
    expect((await server.request(firmwareApi.remove, { id: added.data.id }, { token: admin })).code).toBe(MESSAGES.firmwareInUse.code);
  }, 60_000);

  it('exports the records as CSV in the reader’s language, each tenant its own', async () => {
    const exported = async (token: string, body: InputOf<typeof firmwareApi.exportTasks>) =>
      (await server.call('POST', endpointUrl(firmwareApi.exportTasks), { token, body, lang: 'th' })).raw.body;
    const stopped = await exported(owner.admin.token, { taskState: 'STOPPED' });
    const [header, ...rows] = stopped.trim().split('\r\n');
    expect(header).toContain('สถานะงาน');
    expect(header).toContain('ยกเลิกแล้ว');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain('หยุดแล้ว');
    expect(rows[0]).toContain('1.6.0');
    expect(rows[0]).toContain(`,${COUNT - 1},`);
    expect((await exported(other.admin.token, {})).trim().split('\r\n')).toHaveLength(1);
    const refused = await server.call('POST', endpointUrl(firmwareApi.exportTasks), {
      token: owner.admin.token,
      body: { taskState: 'GONE' },
    });
    expect(refused.code).not.toBe(1);
  });

  it('ignores a firmware report for a command it did not send or of another cabinet', async () => {
    const ts = new Date().toISOString();
    expect(await applyFirmwareStatus(server.db, numberOf(0), { commandId: randomUUID(), version: '1.5.0', status: 'Installed', ts })).toBe(
      false,
    );
    const [row] = await server.db.select().from(deviceTaskDevices).where(eq(deviceTaskDevices.cabinetId, cabinetIds[1]!));
    expect(
      await applyFirmwareStatus(server.db, numberOf(2), { commandId: row!.commandId!, version: '1.5.0', status: 'InstallationFailed', ts }),
    ).toBe(false);
  });

  it('sends a command to many cabinets with progress per cabinet, and retries the failed one', async () => {
    cabinet(2).commands.failNext('DOOR_FAILURE');
    const chosen = cabinetIds.slice(0, 5);
    const missingCompartment = await server.call('POST', endpointUrl(firmwareApi.commandTask), {
      token: owner.admin.token,
      body: { name: 'OPEN_DOOR', cabinetIds: chosen },
    });
    expect(missingCompartment.code).not.toBe(1);
    const none = await server.request(firmwareApi.commandTask, { name: 'RESTART', cabinetIds: [] }, { token: owner.admin.token });
    expect(none.code).toBe(MESSAGES.commandNoCabinet.code);
    const started = await server.request(
      firmwareApi.commandTask,
      { name: 'OPEN_DOOR', compartment: 1, cabinetIds: chosen, devicesPerMinute: 600 },
      { token: owner.admin.token },
    );
    expect(started.data).toMatchObject({ taskKind: 'COMMAND', command: 'OPEN_DOOR', compartment: 1, deviceCount: 5 });
    const id = started.data.id;
    const detail = () => server.request(firmwareApi.commandTaskDetail, { id }, { token: owner.admin.token });
    await eventually(async () => expect((await detail()).data.taskState).toBe('FINISHED'), 20_000, 200);
    const finished = (await detail()).data;
    expect(finished).toMatchObject({ succeeded: 4, failed: 1 });
    expect(finished.devices.find((d) => d.deviceState === 'FAILED')).toMatchObject({
      cabinetNumber: numberOf(2),
      failureMessage: MESSAGES.doorFailure.text.en,
    });
    expect((await server.request(firmwareApi.commandTaskDetail, { id }, { token: other.admin.token })).code).toBe(
      MESSAGES.taskMissing.code,
    );
    await server.request(firmwareApi.commandTaskRetry, { id }, { token: owner.admin.token });
    await eventually(async () => expect((await detail()).data).toMatchObject({ taskState: 'FINISHED', succeeded: 5 }), 20_000, 200);
    // Each cabinet's own command history names the account that started the task.
    const history = await server.request(commandApi.cabinetSearch, { cabinetId: cabinetIds[2]! }, { token: owner.admin.token });
    expect(history.data.records.filter((r) => r.name === 'OPEN_DOOR')).toHaveLength(2);
  }, 60_000);
  it('ends a cabinet whose send breaks off failed, not running for ever, and a retry sends it again', async () => {
    const started = await server.request(
      firmwareApi.commandTask,
      { name: 'OPEN_DOOR', compartment: 1, cabinetIds: [cabinetIds[5]!], devicesPerMinute: 600 },
      { token: owner.admin.token },
    );
    const id = started.data.id;
    const detail = () => server.request(firmwareApi.commandTaskDetail, { id }, { token: owner.admin.token });
    await eventually(async () => expect((await detail()).data).toMatchObject({ taskState: 'FINISHED', succeeded: 1 }), 20_000, 200);
    // The same cabinet's send again, on a device link that breaks while sending.
    class BrokenHub extends DeviceHub {
      override get connected(): boolean {
        throw new Error('device link broke');
      }
    }
    const handlers = new JobHandlers();
    handleTaskJobs(handlers, { hub: new BrokenHub(), timeoutMs: 3000, upgradeDeadlineMs: 60_000, linkMs: 60_000, linkBase: 'https://x' });
    const send = handlers.get(SEND_QUEUE)!;
    const [row] = await server.db.select().from(deviceTaskDevices).where(eq(deviceTaskDevices.taskId, id));
    const reopen = async (state: 'PENDING' | 'RUNNING') => {
      await server.db
        .update(deviceTaskDevices)
        .set({ deviceState: state, failureKey: null, finishedAt: null })
        .where(eq(deviceTaskDevices.id, row!.id));
      await server.db.update(deviceTasks).set({ taskState: 'RUNNING', finishedAt: null }).where(eq(deviceTasks.id, id));
    };
    const failedAsUnsent = async () => {
      const ended = (await detail()).data;
      expect(ended).toMatchObject({ taskState: 'FINISHED', failed: 1, succeeded: 0 });
      expect(ended.devices[0]).toMatchObject({ deviceState: 'FAILED', failureMessage: MESSAGES.taskSendFailed.text.en });
    };
    await reopen('PENDING');
    await expect(send({ deviceId: row!.id }, { attempts: 1 } as JobRow, server.db)).rejects.toThrow('device link broke');
    await failedAsUnsent();
    // A send job taken up again after its server stopped mid-send finds the cabinet still running.
    await reopen('RUNNING');
    await send({ deviceId: row!.id }, { attempts: 2 } as JobRow, server.db);
    await failedAsUnsent();
    await server.request(firmwareApi.commandTaskRetry, { id }, { token: owner.admin.token });
    await eventually(async () => expect((await detail()).data).toMatchObject({ taskState: 'FINISHED', succeeded: 1 }), 20_000, 200);
  }, 60_000);
});
