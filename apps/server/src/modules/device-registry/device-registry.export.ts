import type { DeviceKind } from '@swap/contracts';
import type { Ctx } from '../../app/context.js';
import type { CsvColumn } from '../../app/csv.js';
import type { ExportOptions } from '../../app/list.js';
import { recordAudit } from '../audit-log/index.js';

/**
 * A device list's CSV export, written to the audit log: who exported, with which filter, how many
 * rows (and whether the download ran to the end).
 */
export function deviceExport<T>(ctx: Ctx, kind: DeviceKind, columns: CsvColumn<T>[]): ExportOptions<T> {
  return {
    filename: `${kind === 'battery' ? 'batteries' : `${kind}s`}.csv`,
    columns,
    done: (filter, rows, complete) =>
      recordAudit(ctx.db, ctx, { action: `${kind}.export`, objectType: kind, changes: { filter, rows, complete } }),
  };
}
