import type { FastifyInstance } from 'fastify';
import { auditLogApi, type AuditLogRecord } from '@swap/contracts';
import { serve } from '../../app/route.js';
import type { CsvColumn } from '../../app/csv.js';
import { auditLogList } from './audit-log.service.js';

const CSV_COLUMNS: CsvColumn<AuditLogRecord>[] = [
  { field: 'at', show: 'time' },
  { field: 'requestTime', show: 'time' },
  { field: 'username' },
  { field: 'merchantId' },
  { field: 'action' },
  { field: 'objectType' },
  { field: 'objectId' },
  { field: 'changes', value: (row) => (row.changes === null ? '' : JSON.stringify(row.changes)) },
  { field: 'ip' },
  { field: 'success' },
];

/** The audit trail spans every tenant, so only super administrators read it. */
export function registerAuditLogRoutes(app: FastifyInstance): void {
  serve(app, auditLogApi.search, ({ ctx, input }) => auditLogList.search(ctx, input));
  serve(app, auditLogApi.export, ({ ctx, input, reply }) =>
    auditLogList.sendExport(reply, ctx, input, { filename: 'audit-log.csv', columns: CSV_COLUMNS }),
  );
}
