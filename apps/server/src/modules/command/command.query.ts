import { and, desc, eq, type SQL } from 'drizzle-orm';
import {
  messageText,
  type BatteryCommandSearch,
  type CabinetCommandSearch,
  type CommandRecord,
  type Language,
  type Page,
} from '@swap/contracts';
import type { Ctx } from '../../app/context.js';
import { AppError } from '../../app/errors.js';
import { countAll, pageWindow, toPage } from '../../app/pagination.js';
import { EXPORT_MAX_ROWS, type CsvColumn } from '../../app/csv.js';
import { batteries } from '../battery/index.js';
import { batteryScope } from '../battery/index.js';
import { cabinets } from '../cabinet/index.js';
import { cabinetScope } from '../cabinet/index.js';
import { deviceCommands } from './command.table.js';
import { outcomeKey, type CommandRow } from './command.lifecycle.js';

interface Joined {
  command: CommandRow;
  cabinetNumber: string;
  batteryNumber: string | null;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function presentCommand({ command: c, cabinetNumber, batteryNumber }: Joined, lang: Language): CommandRecord {
  const failure = outcomeKey(c);
  return {
    ...c,
    cabinetNumber,
    batteryNumber,
    failureMessage: failure ? messageText(failure, lang) : null,
    issuedAt: c.issuedAt.toISOString(),
    sentAt: iso(c.sentAt),
    acceptedAt: iso(c.acceptedAt),
    finishedAt: iso(c.finishedAt),
    expiresAt: c.expiresAt.toISOString(),
  };
}

type HistorySearch = Pick<CabinetCommandSearch, 'current' | 'size' | 'status' | 'name'>;

/** The caller must see the cabinet (or battery) whose history it asks for; another tenant's answers "does not exist". */
async function historyOwner(ctx: Ctx, query: { cabinetId: number } | { batteryId: number }): Promise<SQL> {
  if ('cabinetId' in query) {
    const [found] = await ctx.db
      .select({ id: cabinets.id })
      .from(cabinets)
      .where(and(eq(cabinets.id, query.cabinetId), cabinetScope(ctx)));
    if (!found) throw new AppError('cabinetMissing');
    return eq(deviceCommands.cabinetId, found.id);
  }
  const [found] = await ctx.db
    .select({ id: batteries.id })
    .from(batteries)
    .where(and(eq(batteries.id, query.batteryId), batteryScope(ctx)));
  if (!found) throw new AppError('batteryMissing');
  return eq(deviceCommands.batteryId, found.id);
}

function conditions(owner: SQL, query: HistorySearch): SQL | undefined {
  return and(
    owner,
    query.status ? eq(deviceCommands.status, query.status) : undefined,
    query.name ? eq(deviceCommands.name, query.name) : undefined,
  );
}

function joined(ctx: Ctx) {
  return ctx.db
    .select({ command: deviceCommands, cabinetNumber: cabinets.number, batteryNumber: batteries.number })
    .from(deviceCommands)
    .innerJoin(cabinets, eq(cabinets.id, deviceCommands.cabinetId))
    .leftJoin(batteries, eq(batteries.id, deviceCommands.batteryId));
}

/** Newest first; one query for the page and one for the total. */
export async function searchCommands(ctx: Ctx, query: CabinetCommandSearch | BatteryCommandSearch): Promise<Page<CommandRecord>> {
  const where = conditions(await historyOwner(ctx, query), query);
  const { limit, offset } = pageWindow(query);
  const rows = await joined(ctx).where(where).orderBy(desc(deviceCommands.issuedAt), desc(deviceCommands.id)).limit(limit).offset(offset);
  const [count] = await ctx.db.select({ total: countAll }).from(deviceCommands).where(where);
  return toPage(
    rows.map((row) => presentCommand(row, ctx.lang)),
    count?.total ?? 0,
    query,
  );
}

export async function exportCommands(ctx: Ctx, query: CabinetCommandSearch | BatteryCommandSearch): Promise<CommandRecord[]> {
  const rows = await joined(ctx)
    .where(conditions(await historyOwner(ctx, query), query))
    .orderBy(desc(deviceCommands.issuedAt), desc(deviceCommands.id))
    .limit(EXPORT_MAX_ROWS);
  return rows.map((row) => presentCommand(row, ctx.lang));
}

const header = (en: string, id: string, th: string, zh: string) => ({ en, in: id, th, zh });
const time = (value: string | null) => value ?? '';

export const COMMAND_CSV_COLUMNS: CsvColumn<CommandRecord>[] = [
  { header: header('Issued at', 'Dikirim pada', 'ส่งเมื่อ', '下发时间'), value: (r) => r.issuedAt },
  { header: header('Cabinet', 'Kabinet', 'ตู้', '换电柜'), value: (r) => r.cabinetNumber },
  { header: header('Compartment', 'Kompartemen', 'ช่อง', '仓位'), value: (r) => r.compartment },
  { header: header('Battery', 'Baterai', 'แบตเตอรี่', '电池'), value: (r) => r.batteryNumber },
  { header: header('Command', 'Perintah', 'คำสั่ง', '命令'), value: (r) => r.name },
  { header: header('Status', 'Status', 'สถานะ', '状态'), value: (r) => r.status },
  { header: header('Failure', 'Kegagalan', 'ความล้มเหลว', '失败原因'), value: (r) => r.failureMessage },
  { header: header('Failure code', 'Kode kegagalan', 'รหัสความล้มเหลว', '失败代码'), value: (r) => r.failureCode },
  { header: header('Sent by', 'Dikirim oleh', 'ส่งโดย', '下发人'), value: (r) => r.issuedByName },
  { header: header('Finished at', 'Selesai pada', 'เสร็จเมื่อ', '完成时间'), value: (r) => time(r.finishedAt) },
  { header: header('Command ID', 'ID perintah', 'รหัสคำสั่ง', '命令 ID'), value: (r) => r.id },
];
