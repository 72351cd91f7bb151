import type { FastifyInstance } from 'fastify';
import { auditLogApi, type AuditLogRecord } from '@swap/contracts';
import { SENT, serve } from '../../app/route.js';
import { sendCsv, toCsv, type CsvColumn } from '../../app/csv.js';
import { columnHeader } from '../../app/policy.js';
import { auditLogForExport, searchAuditLog } from './audit-log.service.js';

const CSV_COLUMNS: CsvColumn<AuditLogRecord>[] = [
  { header: columnHeader('at'), value: (row) => row.at },
  { header: columnHeader('requestTime'), value: (row) => row.requestTime },
  { header: columnHeader('username'), value: (row) => row.username },
  { header: columnHeader('merchantId'), value: (row) => row.merchantId },
  { header: columnHeader('action'), value: (row) => row.action },
  { header: columnHeader('objectType'), value: (row) => row.objectType },
  { header: columnHeader('objectId'), value: (row) => row.objectId },
  { header: columnHeader('changes'), value: (row) => (row.changes === null ? '' : JSON.stringify(row.changes)) },
  { header: columnHeader('ip'), value: (row) => row.ip },
  { header: columnHeader('success'), value: (row) => row.success },
];

/** The audit trail spans every tenant, so only super administrators read it. */
export function registerAuditLogRoutes(app: FastifyInstance): void {
  serve(app, auditLogApi.search, ({ ctx, input }) => searchAuditLog(ctx.db, input));
  serve(app, auditLogApi.export, async ({ ctx, input, reply }) => {
    const rows = await auditLogForExport(ctx.db, input);
    void sendCsv(reply, 'audit-log.csv', toCsv(rows, CSV_COLUMNS, ctx.lang));
    return SENT;
  });
}
