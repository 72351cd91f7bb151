import type { FastifyReply } from 'fastify';
import type { DeviceKind } from '@swap/contracts';
import type { Ctx } from '../../app/context.js';
import { sendCsvStream, type CsvColumn } from '../../app/csv.js';
import { recordAudit } from '../audit-log/audit.js';

/**
 * Streams a device list's CSV and writes the export to the audit log: who exported, with which
 * filter, how many rows (and whether the download ran to the end).
 */
export function sendDeviceExport<T>(
  reply: FastifyReply,
  ctx: Ctx,
  kind: DeviceKind,
  filter: Record<string, unknown>,
  chunks: AsyncIterable<T[]>,
  columns: CsvColumn<T>[],
): FastifyReply {
  const { current: _current, size: _size, ...criteria } = filter;
  return sendCsvStream(reply, `${kind === 'battery' ? 'batteries' : `${kind}s`}.csv`, chunks, columns, ctx.lang, (rows, complete) =>
    recordAudit(ctx.db, ctx, { action: `${kind}.export`, objectType: kind, changes: { filter: criteria, rows, complete } }),
  );
}
