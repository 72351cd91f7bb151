import type { FastifyInstance } from 'fastify';
import { auditActionWords, auditLogApi, changeText, describeChanges, enumWord, wordsIn, type AuditLogRecord } from '@swap/contracts';
import { serve } from '../../app/route.js';
import type { CsvColumn } from '../../app/csv.js';
import { auditLogList } from './audit-log.service.js';

const CSV_COLUMNS: CsvColumn<AuditLogRecord>[] = [
  { field: 'at', show: 'time' },
  { field: 'requestTime', show: 'time' },
  { field: 'username' },
  // The tenant by name, headed and written as the screen shows it.
  {
    field: 'merchantName',
    label: (lang) => enumWord('auditLog.field', 'tenant', lang),
    value: (row, { lang }) => row.merchantName ?? enumWord('account.accountType', 'PLATFORM', lang),
  },
  // What was done to which object, in the words the screen shows (without the id: the next column).
  { field: 'action', value: (row, { lang }) => auditActionWords({ ...row, objectId: null }, lang, wordsIn(lang)) },
  { field: 'objectType', show: 'auditLog.objectType' },
  { field: 'objectId' },
  // What changed, line by line as the screen shows it (joined with "; ").
  {
    field: 'changes',
    value: (row, { lang }) =>
      describeChanges(row.changes, row.objectType, wordsIn(lang)).map((line) =>
        line.field ? `${line.field}: ${changeText(line)}` : changeText(line),
      ),
  },
  { field: 'ip' },
  { field: 'success' },
];

/** The audit trail spans every tenant, so only super administrators read it. */
export function registerAuditLogRoutes(app: FastifyInstance): void {
  serve(app, auditLogApi.search, ({ ctx, input }) => auditLogList().search(ctx, input));
  serve(app, auditLogApi.export, ({ ctx, input, reply }) =>
    auditLogList().sendExport(reply, ctx, input, { filename: 'audit-log.csv', columns: CSV_COLUMNS }),
  );
}
