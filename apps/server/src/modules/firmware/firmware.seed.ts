import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.js';
import type { Principal } from '../../app/context.js';
import { cabinetsForTask, setDemoFirmwareVersions } from '../cabinet/index.js';
import { typeIdsByCode } from '../device-type/index.js';
import { storeBinaryFile } from '../file/index.js';
import { enqueueJobs } from '../job/index.js';
import { deviceTaskDevices, deviceTasks, firmwareFiles } from './firmware.table.js';
import { SEND_QUEUE, groupOf } from './task.service.js';

/** The demo's author of firmware and tasks: the platform (no account of its own, like the demo's other rows). */
const DEMO = { id: 0, username: 'admin', name: 'admin', merchantId: null } as Principal;

/** A demo image: deterministic bytes, so every demo database holds the same checksums. */
function demoImage(code: string, version: string): Buffer {
  const seed = createHash('sha256').update(`${code}/${version}`).digest();
  return Buffer.concat(Array.from({ length: 2048 }, () => seed));
}

const RELEASES = [
  { version: '1.4.2', notes: 'Door lock retries; slot temperature read every 10 s.', daysAgo: 90 },
  { version: '1.5.0', notes: 'Faster charging curve for LFP packs; offline swap log kept for 72 h.', daysAgo: 20 },
  { version: '1.6.0-rc1', notes: 'Release candidate: cabinet lamp schedule and quieter fans at night.', daysAgo: 2 },
];

/**
 * Demo firmware (docs/firmware.md): three releases of each cabinet type, the fleet on the versions
 * a finished upgrade left it (most on 1.5.0, its failed cabinets still on 1.4.2), a stopped task and
 * a task still rolling 1.6.0-rc1 out one cabinet a minute, and a finished bulk restart; once (while no firmware file exists).
 */
export async function seedDemoFirmware(db: Db): Promise<void> {
  const [any] = await db.select({ id: firmwareFiles.id }).from(firmwareFiles).limit(1);
  if (any) return;
  const day = 24 * 3600_000;
  const now = Date.now();
  for (const [code, typeId] of Object.entries(await typeIdsByCode(db, 'cabinet'))) {
    const ids: Record<string, number> = {};
    for (const release of RELEASES) {
      const data = demoImage(code, release.version);
      const file = await storeBinaryFile(
        db,
        { principal: DEMO },
        { filename: `${code.toLowerCase()}-${release.version}.bin`, declaredType: '', data },
        null,
      );
      const [row] = await db
        .insert(firmwareFiles)
        .values({
          deviceKind: 'cabinet',
          typeId,
          version: release.version,
          fileId: file.id,
          fileName: file.name,
          fileSize: file.size,
          sha256: file.sha256,
          releaseNotes: release.notes,
          createdById: DEMO.id,
          createdByName: DEMO.name,
          createdAt: new Date(now - release.daysAgo * day),
        })
        .returning({ id: firmwareFiles.id });
      ids[release.version] = row!.id;
    }
    const cabinets = await cabinetsForTask({ db, principal: DEMO }, { typeId });
    if (cabinets.length === 0) continue;
    const task = async (
      values: Omit<typeof deviceTasks.$inferInsert, 'createdById' | 'createdByUsername' | 'createdByName' | 'createdIp'>,
    ) => {
      const [row] = await db
        .insert(deviceTasks)
        .values({ ...values, createdById: DEMO.id, createdByUsername: DEMO.username, createdByName: DEMO.name, createdIp: '127.0.0.1' })
        .returning({ id: deviceTasks.id });
      return row!.id;
    };
    // Finished: 1.5.0 to the whole type 19 days ago, every tenth cabinet failed on the way.
    const startedAt = new Date(now - 19 * day);
    const finished = await task({
      taskKind: 'FIRMWARE',
      taskState: 'FINISHED',
      firmwareId: ids['1.5.0']!,
      devicesPerMinute: 30,
      createdAt: startedAt,
      finishedAt: new Date(startedAt.getTime() + 3600_000),
    });
    const failures = ['firmwareDownloadFailed', 'firmwareBadChecksum', 'firmwareInstallFailed'] as const;
    const statuses = {
      firmwareDownloadFailed: 'DownloadFailed',
      firmwareBadChecksum: 'InvalidChecksum',
      firmwareInstallFailed: 'InstallationFailed',
    } as const;
    const failed = cabinets.filter((_, i) => i % 10 === 3);
    await db.insert(deviceTaskDevices).values(
      cabinets.map((c, i) => {
        const failure = i % 10 === 3 ? failures[Math.floor(i / 10) % 3]! : null;
        const at = new Date(startedAt.getTime() + i * 2000);
        return {
          taskId: finished,
          cabinetId: c.id,
          deviceState: failure ? ('FAILED' as const) : ('SUCCEEDED' as const),
          firmwareStatus: failure ? statuses[failure] : ('Installed' as const),
          failureKey: failure,
          attempts: 1,
          startedAt: at,
          finishedAt: new Date(at.getTime() + 90_000),
        };
      }),
    );
    const failedIds = new Set(failed.map((c) => c.id));
    await setDemoFirmwareVersions(
      db,
      cabinets.filter((c) => !failedIds.has(c.id)).map((c) => c.id),
      '1.5.0',
    );
    await setDemoFirmwareVersions(db, [...failedIds], '1.4.2');
    // Stopped: a first try of the release candidate, stopped after its first cabinets.
    const stoppedAt = new Date(now - 3 * day);
    const stopped = await task({
      taskKind: 'FIRMWARE',
      taskState: 'STOPPED',
      firmwareId: ids['1.6.0-rc1']!,
      devicesPerMinute: 2,
      createdAt: stoppedAt,
      finishedAt: new Date(stoppedAt.getTime() + 600_000),
    });
    const few = cabinets.slice(0, Math.min(6, cabinets.length));
    await db.insert(deviceTaskDevices).values(
      few.map((c, i) => ({
        taskId: stopped,
        cabinetId: c.id,
        deviceState: i < 2 ? ('SUCCEEDED' as const) : ('CANCELLED' as const),
        firmwareStatus: i < 2 ? ('Installed' as const) : null,
        failureKey: i < 2 ? null : 'taskStopped',
        attempts: i < 2 ? 1 : 0,
        startedAt: i < 2 ? new Date(stoppedAt.getTime() + i * 30_000) : null,
        finishedAt: new Date(stoppedAt.getTime() + 600_000),
      })),
    );
    await setDemoFirmwareVersions(
      db,
      few.slice(0, 2).map((c) => c.id),
      '1.6.0-rc1',
    );
    // A finished bulk command: the type's first cabinets restarted 5 days ago, one was offline then.
    const restartedAt = new Date(now - 5 * day);
    const restart = await task({
      taskKind: 'COMMAND',
      taskState: 'FINISHED',
      command: 'RESTART',
      devicesPerMinute: 60,
      createdAt: restartedAt,
      finishedAt: new Date(restartedAt.getTime() + 600_000),
    });
    await db.insert(deviceTaskDevices).values(
      cabinets.slice(0, Math.min(8, cabinets.length)).map((c, i) => ({
        taskId: restart,
        cabinetId: c.id,
        deviceState: i === 4 ? ('FAILED' as const) : ('SUCCEEDED' as const),
        failureKey: i === 4 ? ('cabinetOffline' as const) : null,
        attempts: 1,
        startedAt: new Date(restartedAt.getTime() + i * 1000),
        finishedAt: new Date(restartedAt.getTime() + i * 1000 + 5000),
      })),
    );
    // Running: the release candidate again to the cabinets 1.5.0 left behind, one a minute; its jobs run as any task's.
    if (failed.length === 0) continue;
    const running = await task({ taskKind: 'FIRMWARE', taskState: 'RUNNING', firmwareId: ids['1.6.0-rc1']!, devicesPerMinute: 1 });
    const pending = await db
      .insert(deviceTaskDevices)
      .values(failed.map((c) => ({ taskId: running, cabinetId: c.id })))
      .returning({ id: deviceTaskDevices.id });
    await enqueueJobs(
      db,
      pending.map((d, i) => ({
        queue: SEND_QUEUE,
        payload: { deviceId: d.id },
        runAt: new Date(now + 60_000 + i * 60_000),
        groupKey: groupOf(running),
        maxAttempts: 1,
      })),
    );
  }
}
