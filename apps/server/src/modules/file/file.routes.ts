import type { FastifyInstance } from 'fastify';
import { IMAGE_MAX_BYTES, fileApi, hasIllegalText } from '@swap/contracts';
import { SENT, serve } from '../../app/route.js';
import { AppError, IllegalTextError } from '../../app/errors.js';
import { fileForDownload, storeImage } from './file.service.js';

/** Uploads (ID cards, face photos) for any signed-in account, and downloads within the tenant. */
export function registerFileRoutes(app: FastifyInstance): void {
  serve(app, fileApi.upload, async ({ req, ctx }) => {
    const part = await req.file({ limits: { fileSize: IMAGE_MAX_BYTES, files: 1 } });
    if (!part) throw new AppError('noFileUploaded');
    // Multipart parts have no schema: their names and texts get the same check as any JSON field.
    const texts: [string, string][] = [
      [part.fieldname, part.fieldname],
      ['file', part.filename],
      ['file', part.mimetype],
      ...Object.keys(part.fields).map((name): [string, string] => [name, name]),
    ];
    const illegal = texts.find(([, value]) => hasIllegalText(value));
    if (illegal) throw new IllegalTextError(illegal[0]);
    // toBuffer fails with "request file too large" (413) past the limit.
    const data = await part.toBuffer();
    return storeImage(ctx, { filename: part.filename, declaredType: part.mimetype, data });
  });

  serve(app, fileApi.download, async ({ input, ctx, reply }) => {
    const file = await fileForDownload(ctx, input.id);
    void reply
      .header('content-type', file.mime)
      .header('content-length', file.size)
      .header('content-disposition', `inline; filename="${encodeURIComponent(file.name)}"`)
      // The stored type was checked from the bytes; never let a browser guess another.
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=300')
      .send(file.data);
    return SENT;
  });
}
