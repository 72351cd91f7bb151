import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, eq, inArray, or, type SQL, type SQLWrapper } from 'drizzle-orm';
import { IMAGE_MAX_BYTES, IMAGE_TYPES, containsScript, hasIllegalText, type UploadedFile } from '@swap/contracts';
import type { Ctx } from '../../app/context.js';
import { AppError, IllegalTextError, notFound } from '../../app/errors.js';
import { fieldInvalid } from '../../app/policy.js';
import { recordAudit } from '../audit-log/index.js';
import type { Db } from '../../db/client.js';
import { storedFiles } from './file.table.js';
import { handOver } from '../../app/hand-over.js';

type ImageType = (typeof IMAGE_TYPES)[number];

/** The image type the bytes really are (the declared type is only a claim), or null. */
export function sniffImageType(data: Buffer): ImageType | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** A display name without folders, control characters or quotes; at most 120 characters. */
function cleanName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // Control characters (below space, and DEL) and quotes would break the download header.
  const cleaned = base
    .replace(/[\p{Cc}"]/gu, '')
    .trim()
    .slice(-120);
  return cleaned || 'file';
}

export interface Upload {
  filename: string;
  declaredType: string;
  data: Buffer;
}

/**
 * The one image of a multipart request and the text fields sent before it (a field after the file
 * is not read). Names and texts get the same check as any JSON field; past IMAGE_MAX_BYTES the
 * request is refused as too large (413).
 */
export async function readImageUpload(req: FastifyRequest): Promise<{ upload: Upload; fields: Record<string, string> }> {
  return readUpload(req, IMAGE_MAX_BYTES);
}

/** The one file of a multipart request of at most `maxBytes` and the text fields sent before it (see readImageUpload). */
export async function readUpload(req: FastifyRequest, maxBytes: number): Promise<{ upload: Upload; fields: Record<string, string> }> {
  const part = await req.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (!part) throw new AppError('noFileUploaded');
  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries(part.fields)) {
    const one = Array.isArray(field) ? field[0] : field;
    if (one && one.type === 'field' && typeof one.value === 'string') fields[name] = one.value;
  }
  const texts: [string, string][] = [
    [part.fieldname, part.fieldname],
    ['file', part.filename],
    ['file', part.mimetype],
    ...Object.keys(part.fields).map((name): [string, string] => [name, name]),
    ...Object.entries(fields),
  ];
  const illegal = texts.find(([, value]) => hasIllegalText(value));
  if (illegal) throw new IllegalTextError(illegal[0]);
  const data = await part.toBuffer();
  return { upload: { filename: part.filename, declaredType: part.mimetype, data }, fields };
}

/**
 * Stores an uploaded image after checking its bytes are an allowed image, in the uploader's tenant
 * or in `tenant` (a customer's identity photo belongs to the customer's merchant).
 */
/** An upload that is an allowed image, by its bytes: its display name, type and SHA-256; refused otherwise. */
function checkedImage(upload: Upload): { name: string; mime: ImageType; sha256: string } {
  if (upload.data.length === 0) throw new AppError('noFileUploaded');
  if (containsScript(upload.filename)) throw new AppError('invalidInput');
  const mime = sniffImageType(upload.data);
  if (!mime || !(IMAGE_TYPES as readonly string[]).includes(upload.declaredType)) throw new AppError('fileTypeNotAllowed');
  return { name: cleanName(upload.filename), mime, sha256: createHash('sha256').update(upload.data).digest('hex') };
}

export async function storeImage(ctx: Ctx, upload: Upload, tenant: number | null = ctx.principal.merchantId): Promise<UploadedFile> {
  const { name, mime, sha256 } = checkedImage(upload);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(storedFiles)
      .values({
        merchantId: tenant,
        uploadedBy: ctx.principal.id,
        name,
        mime,
        size: upload.data.length,
        sha256,
        data: upload.data,
      })
      .returning({ id: storedFiles.id });
    const file: UploadedFile = { id: row!.id, name, mime, size: upload.data.length, sha256 };
    await recordAudit(tx, ctx, { action: 'file.upload', objectType: 'file', objectId: file.id, changes: file });
    return file;
  });
}

/**
 * Stores an image someone not signed in sent (a sign-up applicant's document), for the platform
 * (tenant null, uploader 0) after the same checks as storeImage; the caller records who sent it.
 */
export async function storeApplicantImage(db: Db, upload: Upload): Promise<UploadedFile> {
  const { name, mime, sha256 } = checkedImage(upload);
  const [row] = await db
    .insert(storedFiles)
    .values({ merchantId: null, uploadedBy: 0, name, mime, size: upload.data.length, sha256, data: upload.data })
    .returning({ id: storedFiles.id });
  return { id: row!.id, name, mime, size: upload.data.length, sha256 };
}

/**
 * Stores a file that is not an image (a firmware image) inside the caller's transaction, for the
 * platform (tenant null) or a merchant; the server computes its size and SHA-256.
 */
export async function storeBinaryFile(db: Db, ctx: Pick<Ctx, 'principal'>, upload: Upload, tenant: number | null): Promise<UploadedFile> {
  if (upload.data.length === 0) throw new AppError('noFileUploaded');
  if (containsScript(upload.filename)) throw new AppError('invalidInput');
  const name = cleanName(upload.filename);
  const mime = 'application/octet-stream';
  const sha256 = createHash('sha256').update(upload.data).digest('hex');
  const [row] = await db
    .insert(storedFiles)
    .values({ merchantId: tenant, uploadedBy: ctx.principal.id, name, mime, size: upload.data.length, sha256, data: upload.data })
    .returning({ id: storedFiles.id });
  return { id: row!.id, name, mime, size: upload.data.length, sha256 };
}

/** A stored file's bytes by id, whoever's it is: for callers that checked the reader's right themselves (a device's signed link). */
export async function storedFileBytes(db: Db, id: number): Promise<{ name: string; size: number; data: Buffer } | undefined> {
  const [file] = await db
    .select({ name: storedFiles.name, size: storedFiles.size, data: storedFiles.data })
    .from(storedFiles)
    .where(eq(storedFiles.id, id));
  return file;
}

/** Removes a stored file no record points at any more (a removed firmware's image). */
export async function removeStoredFile(db: Db, id: number): Promise<void> {
  await db.delete(storedFiles).where(eq(storedFiles.id, id));
}

/** The ids of the files a merchant's record points at (its documents), as a subquery of the caller's query. */
type MerchantDocumentIds = (db: Db, merchantId: number) => SQLWrapper;
const merchantDocuments = handOver<MerchantDocumentIds>("The merchant module's files its records point at");

/**
 * The merchant module refers to files (a merchant's documents), so this module never imports it:
 * the module registry tells it once at start-up which files a merchant's record points at
 * (docs/architecture.md, "No two modules import each other").
 */
export const readMerchantDocumentsFrom = merchantDocuments.tell;

/**
 * Files a caller may read: platform staff all; merchant staff their tenant's files and the
 * documents their own merchant record points at (which platform staff may have uploaded).
 */
function readableBy(ctx: Pick<Ctx, 'db' | 'principal'>): SQL | undefined {
  const own = ctx.principal.merchantId;
  if (own === null) return undefined;
  return or(eq(storedFiles.merchantId, own), inArray(storedFiles.id, merchantDocuments.get()(ctx.db, own)));
}

export async function fileForDownload(ctx: Pick<Ctx, 'db' | 'principal'>, id: number) {
  const [file] = await ctx.db
    .select({ name: storedFiles.name, mime: storedFiles.mime, size: storedFiles.size, data: storedFiles.data })
    .from(storedFiles)
    .where(and(eq(storedFiles.id, id), readableBy(ctx)));
  if (!file) throw notFound();
  return file;
}

/**
 * Checks that file ids a record points at exist and belong to one of the given tenants
 * (null = platform); names the offending field otherwise.
 */
export async function assertFilesOfTenants(
  ctx: Ctx,
  refs: Record<string, number | null | undefined>,
  tenants: (number | null)[],
): Promise<void> {
  const wanted = Object.entries(refs).filter((entry): entry is [string, number] => typeof entry[1] === 'number');
  if (wanted.length === 0) return;
  const rows = await ctx.db
    .select({ id: storedFiles.id, merchantId: storedFiles.merchantId })
    .from(storedFiles)
    .where(
      inArray(
        storedFiles.id,
        wanted.map(([, id]) => id),
      ),
    );
  const tenantOf = new Map(rows.map((row) => [row.id, row.merchantId]));
  for (const [field, id] of wanted) {
    if (!tenantOf.has(id) || !tenants.includes(tenantOf.get(id) ?? null)) throw fieldInvalid(ctx, field);
  }
}

/** Demo: stores images of a tenant (null: the platform) without an uploader's session (uploadedBy 0: the demo); answers their ids. */
export async function storeDemoImages(db: Db, merchantId: number | null, images: { name: string; data: Buffer }[]): Promise<number[]> {
  const ids: number[] = [];
  for (const image of images) {
    const mime = sniffImageType(image.data);
    if (!mime) throw new Error(`${image.name}: not an allowed image`);
    const [row] = await db
      .insert(storedFiles)
      .values({
        merchantId,
        uploadedBy: 0,
        name: image.name,
        mime,
        size: image.data.length,
        sha256: createHash('sha256').update(image.data).digest('hex'),
        data: image.data,
      })
      .returning({ id: storedFiles.id });
    ids.push(row!.id);
  }
  return ids;
}
