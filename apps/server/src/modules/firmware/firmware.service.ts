import type { FastifyRequest } from 'fastify';
import { and, eq, getTableColumns } from 'drizzle-orm';
import {
  DEVICE_KINDS,
  FIRMWARE_MAX_BYTES,
  firmwareApi,
  firmwareUploadFields,
  type FirmwareEdit,
  type FirmwareRecord,
  type VersionRecord,
} from '@swap/contracts';
import type { Ctx } from '../../app/context.js';
import { AppError, isUniqueViolation } from '../../app/errors.js';
import { defineList } from '../../app/list.js';
import { fieldInvalid } from '../../app/policy.js';
import { recordAudit } from '../audit-log/index.js';
import { cabinetVersionCounts } from '../cabinet/index.js';
import { deviceTypeJoin, findTypeOfKind, type DeviceTypeRow } from '../device-type/index.js';
import { readUpload, removeStoredFile, storeBinaryFile } from '../file/index.js';
import { deviceTasks, firmwareFiles } from './firmware.table.js';

/**
 * Firmware files (docs/firmware.md, "Firmware files"): the platform's staff upload an image per
 * device type and version; the server computes its size and SHA-256 and keeps the bytes with the
 * other uploads. Every account holding the screen sees the list (types are platform-wide).
 */

type Row = typeof firmwareFiles.$inferSelect & { typeName: string };

const type = deviceTypeJoin(firmwareFiles.typeId);

/** Devices of each type per version, for the rows' "devices running it" (cabinets report theirs). */
async function runningCounts(ctx: Ctx): Promise<Map<string, number>> {
  const counts = await cabinetVersionCounts(ctx);
  return new Map(counts.map((c) => [`${c.typeId}/${c.version}`, c.count]));
}

function present(row: Row, counts: Map<string, number>): FirmwareRecord {
  return {
    id: row.id,
    deviceKind: row.deviceKind,
    typeId: row.typeId,
    typeName: row.typeName,
    version: row.version,
    fileName: row.fileName,
    fileSize: row.fileSize,
    sha256: row.sha256,
    releaseNotes: row.releaseNotes,
    deviceCount: row.deviceKind === 'cabinet' ? (counts.get(`${row.typeId}/${row.version}`) ?? 0) : 0,
    createdByName: row.createdByName,
    createdAt: row.createdAt.toISOString(),
  };
}

export const firmwareList = defineList({
  endpoint: firmwareApi.search,
  table: firmwareFiles,
  id: firmwareFiles.id,
  select: { ...getTableColumns(firmwareFiles), typeName: type.name },
  joins: [type.join],
  scope: () => undefined,
  filters: {
    deviceKind: (kind) => eq(firmwareFiles.deviceKind, kind),
    typeId: {
      where: (typeId) => eq(firmwareFiles.typeId, typeId),
      unindexed: 'A type holds a few firmware versions; its unique (type, version) key serves it.',
    },
    version: {
      where: (version) => eq(firmwareFiles.version, version),
      unindexed: 'A few hundred firmware files at most: read in full.',
    },
  },
  defaultOrder: () => ({ column: firmwareFiles.createdAt, direction: 'desc' }),
  count: 'exact',
  more: (ctx: Ctx) => runningCounts(ctx),
  present: (row: Row, _ctx: Ctx, counts: Map<string, number>) => present(row, counts),
});

async function typeOfAnyKind(ctx: Ctx, typeId: number): Promise<DeviceTypeRow> {
  for (const kind of DEVICE_KINDS) {
    const found = await findTypeOfKind(ctx.db, kind, typeId);
    if (found) return found;
  }
  throw new AppError('typeMissing');
}

async function readFirmware(ctx: Ctx, id: number): Promise<FirmwareRecord> {
  const [row] = await ctx.db
    .select({ ...getTableColumns(firmwareFiles), typeName: type.name })
    .from(firmwareFiles)
    .innerJoin(type.join.table, type.join.on)
    .where(eq(firmwareFiles.id, id));
  if (!row) throw new AppError('firmwareMissing');
  return present(row, await runningCounts(ctx));
}

/** Uploads an image: the type must exist, the version must be new for the type; size and SHA-256 are the server's. */
export async function uploadFirmware(ctx: Ctx, req: FastifyRequest): Promise<FirmwareRecord> {
  let read;
  try {
    read = await readUpload(req, FIRMWARE_MAX_BYTES);
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('firmwareTooLarge');
    throw error;
  }
  const parsed = firmwareUploadFields.safeParse(read.fields);
  if (!parsed.success) throw fieldInvalid(ctx, String(parsed.error.issues[0]?.path[0] ?? 'version'));
  const fields = parsed.data;
  const deviceType = await typeOfAnyKind(ctx, fields.typeId);
  let id: number;
  try {
    id = await ctx.db.transaction(async (tx) => {
      const file = await storeBinaryFile(tx, ctx, read.upload, null);
      const [row] = await tx
        .insert(firmwareFiles)
        .values({
          deviceKind: deviceType.kind,
          typeId: deviceType.id,
          version: fields.version,
          fileId: file.id,
          fileName: file.name,
          fileSize: file.size,
          sha256: file.sha256,
          releaseNotes: fields.releaseNotes,
          createdById: ctx.principal.id,
          createdByName: ctx.principal.name || ctx.principal.username,
        })
        .returning({ id: firmwareFiles.id });
      await recordAudit(tx, ctx, {
        action: 'firmware.add',
        objectType: 'firmware',
        objectId: row!.id,
        changes: { typeId: deviceType.id, version: fields.version, fileName: file.name, fileSize: file.size, sha256: file.sha256 },
      });
      return row!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('firmwareVersionTaken');
    throw error;
  }
  return readFirmware(ctx, id);
}

/** Release notes are the only thing that changes after an upload (a new image is a new version). */
export async function editFirmware(ctx: Ctx, input: FirmwareEdit): Promise<FirmwareRecord> {
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(firmwareFiles).where(eq(firmwareFiles.id, input.id)).for('update');
    if (!before) throw new AppError('firmwareMissing');
    await tx.update(firmwareFiles).set({ releaseNotes: input.releaseNotes, updatedAt: new Date() }).where(eq(firmwareFiles.id, input.id));
    await recordAudit(tx, ctx, {
      action: 'firmware.edit',
      objectType: 'firmware',
      objectId: input.id,
      changes: { releaseNotes: { from: before.releaseNotes, to: input.releaseNotes } },
    });
  });
  return readFirmware(ctx, input.id);
}

/** Removes a firmware file no task names (a task's history keeps its image). */
export async function removeFirmware(ctx: Ctx, id: number): Promise<null> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(firmwareFiles).where(eq(firmwareFiles.id, id)).for('update');
    if (!row) throw new AppError('firmwareMissing');
    const [used] = await tx.select({ id: deviceTasks.id }).from(deviceTasks).where(eq(deviceTasks.firmwareId, id)).limit(1);
    if (used) throw new AppError('firmwareInUse');
    await tx.delete(firmwareFiles).where(eq(firmwareFiles.id, id));
    await removeStoredFile(tx, row.fileId);
    await recordAudit(tx, ctx, {
      action: 'firmware.remove',
      objectType: 'firmware',
      objectId: id,
      changes: { typeId: row.typeId, version: row.version },
    });
  });
  return null;
}

/** A firmware file for a task, or "firmware does not exist". */
export async function firmwareForTask(ctx: Pick<Ctx, 'db'>, id: number) {
  const [row] = await ctx.db
    .select({ ...getTableColumns(firmwareFiles), typeName: type.name })
    .from(firmwareFiles)
    .innerJoin(type.join.table, type.join.on)
    .where(eq(firmwareFiles.id, id));
  if (!row) throw new AppError('firmwareMissing');
  return row;
}

/** System → Upgrades → Versions: per cabinet type, how many of the caller's cabinets run each version. */
export async function searchVersions(
  ctx: Ctx,
  input: { typeId?: number | undefined; current: number; size: number },
): Promise<{ records: VersionRecord[]; total: number; current: number; size: number; pages: number }> {
  const counts = await cabinetVersionCounts(ctx, input.typeId);
  const files = await ctx.db
    .select({ typeId: firmwareFiles.typeId, version: firmwareFiles.version, typeName: type.name })
    .from(firmwareFiles)
    .innerJoin(type.join.table, type.join.on)
    .where(and(eq(firmwareFiles.deviceKind, 'cabinet'), input.typeId === undefined ? undefined : eq(firmwareFiles.typeId, input.typeId)));
  const withFile = new Set(files.map((f) => `${f.typeId}/${f.version}`));
  const typeIds = [...new Set(counts.map((c) => c.typeId))];
  const names = new Map<number, string>(files.map((f) => [f.typeId, f.typeName]));
  for (const typeId of typeIds.filter((t) => !names.has(t))) {
    const found = await findTypeOfKind(ctx.db, 'cabinet', typeId);
    names.set(typeId, found?.name ?? String(typeId));
  }
  const rows: VersionRecord[] = counts.map((c) => ({
    typeId: c.typeId,
    typeName: names.get(c.typeId) ?? String(c.typeId),
    deviceKind: 'cabinet',
    version: c.version,
    deviceCount: c.count,
    hasFirmware: c.version !== null && withFile.has(`${c.typeId}/${c.version}`),
  }));
  // Versions with a file that no cabinet runs yet show with 0 devices.
  for (const f of files)
    if (!counts.some((c) => c.typeId === f.typeId && c.version === f.version))
      rows.push({ typeId: f.typeId, typeName: f.typeName, deviceKind: 'cabinet', version: f.version, deviceCount: 0, hasFirmware: true });
  rows.sort(
    (a, b) => a.typeName.localeCompare(b.typeName) || (b.version ?? '').localeCompare(a.version ?? '', undefined, { numeric: true }),
  );
  const start = (input.current - 1) * input.size;
  return {
    records: rows.slice(start, start + input.size),
    total: rows.length,
    current: input.current,
    size: input.size,
    pages: Math.max(1, Math.ceil(rows.length / input.size)),
  };
}
