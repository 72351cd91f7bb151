import type { FastifyInstance } from 'fastify';
import { idQuery, resourceAdd, resourceEdit, resourceSearch, type ResourceRecord } from '@swap/contracts';
import { omsRoute, SENT } from '../../app/route.js';
import { sendCsv, toCsv, type CsvColumn } from '../../app/csv.js';
import { columnHeader } from '../../app/policy.js';
import { addResource, editResource, removeResource, resourcesForExport, searchResources } from './resource.service.js';

const platform = (code: string) => ({ code, scope: 'platform' as const });

const CSV_COLUMNS: CsvColumn<ResourceRecord>[] = [
  { header: columnHeader('id'), value: (row) => row.id },
  { header: columnHeader('name'), value: (row) => row.name },
  { header: columnHeader('code'), value: (row) => row.code },
  { header: columnHeader('type'), value: (row) => row.type },
  { header: columnHeader('url'), value: (row) => row.url },
];

export function registerResourceRoutes(app: FastifyInstance): void {
  omsRoute(
    app,
    { method: 'POST', url: '/admin/resource/search', access: platform('admin.resource'), body: resourceSearch },
    async ({ ctx, body }) => searchResources(ctx.db, body),
  );

  omsRoute(
    app,
    { method: 'POST', url: '/admin/resource/add', access: platform('admin.resource.add'), body: resourceAdd },
    async ({ ctx, body }) => addResource(ctx, body),
  );

  omsRoute(
    app,
    { method: 'POST', url: '/admin/resource/edit', access: platform('admin.resource.edit'), body: resourceEdit },
    async ({ ctx, body }) => editResource(ctx, body),
  );

  omsRoute(
    app,
    { method: 'GET', url: '/admin/resource/remove', access: platform('admin.resource.remove'), querystring: idQuery },
    async ({ ctx, query }) => {
      await removeResource(ctx, query.id);
      return null;
    },
  );

  omsRoute(
    app,
    { method: 'POST', url: '/admin/resource/export', access: platform('admin.resource.export'), body: resourceSearch },
    async ({ ctx, body, reply }) => {
      const rows = await resourcesForExport(ctx.db, body);
      void sendCsv(reply, 'resources.csv', toCsv(rows, CSV_COLUMNS, ctx.lang));
      return SENT;
    },
  );
}
