import type { FastifyInstance } from 'fastify';
import { auditLogApi, type AuditLogRecord } from '@swap/contracts';
import { serve } from '../../app/route.js';
import type { CsvColumn } from '../../app/csv.js';
import { columnHeader } from '../../app/policy.js';
import { auditLogList } from './audit-log.service.js';

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
  serve(app, auditLogApi.search, ({ ctx, input }) => auditLogList.search(ctx, input));
  serve(app, auditLogApi.export, ({ ctx, input, reply }) =>
    auditLogList.sendExport(reply, ctx, input, { filename: 'audit-log.csv', columns: CSV_COLUMNS }),
  );
}
