import type { FastifyInstance } from 'fastify';
import { resourceApi, type ResourceRecord } from '@swap/contracts';
import { SENT, serve } from '../../app/route.js';
import { fieldColumns, sendCsv, toCsv, type CsvColumn } from '../../app/csv.js';
import { addResource, editResource, removeResource, resourcesForExport, searchResources } from './resource.service.js';

const CSV_COLUMNS: CsvColumn<ResourceRecord>[] = fieldColumns(['id', 'name', 'code', 'type', 'url'], { type: 'menu.resourceType' });

/** Resources (buttons and links of the menus); platform staff only. */
export function registerResourceRoutes(app: FastifyInstance): void {
  serve(app, resourceApi.search, ({ ctx, input }) => searchResources(ctx.db, input));
  serve(app, resourceApi.add, ({ ctx, input }) => addResource(ctx, input));
  serve(app, resourceApi.edit, ({ ctx, input }) => editResource(ctx, input));
  serve(app, resourceApi.remove, async ({ ctx, input }) => {
    await removeResource(ctx, input.id);
    return null;
  });
  serve(app, resourceApi.export, async ({ ctx, input, reply }) => {
    const rows = await resourcesForExport(ctx.db, input);
    void sendCsv(reply, 'resources.csv', toCsv(rows, CSV_COLUMNS, ctx));
    return SENT;
  });
}
