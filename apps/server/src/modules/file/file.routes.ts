import type { FastifyInstance } from 'fastify';
import { fileApi } from '@swap/contracts';
import { SENT, serve } from '../../app/route.js';
import { fileForDownload, readImageUpload, storeImage } from './file.service.js';

/** Uploads (merchant documents) by merchant managers, and downloads within the tenant. */
export function registerFileRoutes(app: FastifyInstance): void {
  serve(app, fileApi.upload, async ({ req, ctx }) => storeImage(ctx, (await readImageUpload(req)).upload));

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
