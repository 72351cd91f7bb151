import { and, desc, eq, gte, gt, inArray, like, lte, type SQL } from 'drizzle-orm';
import type { AppointmentRecord, AppointmentSearch, Page } from '@swap/contracts';
import type { Ctx } from '../../app/context.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../app/errors.js';
import { countAll, orderBy, pageWindow, prefixPattern, toPage } from '../../app/pagination.js';
import { EXPORT_MAX_ROWS } from '../../app/csv.js';
import { merchants } from '../merchant/merchant.table.js';
import { cabinets } from '../cabinet/cabinet.table.js';
import { deviceScope } from '../device/index.js';
import { appointments } from './swap.table.js';

function filters(ctx: Ctx, query: Omit<AppointmentSearch, 'current' | 'size' | 'sort'>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [deviceScope(ctx, appointments.merchantId)];
  if (query.cabinetNumber)
    conditions.push(
      inArray(
        appointments.cabinetId,
        ctx.db
          .select({ id: cabinets.id })
          .from(cabinets)
          .where(like(cabinets.number, prefixPattern(query.cabinetNumber))),
      ),
    );
  if (query.batteryNumber) conditions.push(like(appointments.batteryNumber, prefixPattern(query.batteryNumber)));
  if (query.customer) conditions.push(eq(appointments.customer, query.customer));
  if (query.status) conditions.push(eq(appointments.status, query.status));
  if (query.createdFrom) conditions.push(gte(appointments.createdAt, new Date(query.createdFrom)));
  if (query.createdTo) conditions.push(lte(appointments.createdAt, new Date(query.createdTo)));
  return and(...conditions);
}

const SORTABLE = { id: appointments.id, createdAt: appointments.createdAt, expiresAt: appointments.expiresAt };
const DEFAULT_ORDER = [desc(appointments.createdAt)];

interface Row {
  appointment: typeof appointments.$inferSelect;
  cabinetNumber: string;
  merchantName: string | null;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

function present({ appointment: a, ...joined }: Row): AppointmentRecord {
  return { ...a, ...joined, createdAt: a.createdAt.toISOString(), expiresAt: a.expiresAt.toISOString(), closedAt: iso(a.closedAt) };
}

function joined(ctx: Ctx) {
  return ctx.db
    .select({ appointment: appointments, cabinetNumber: cabinets.number, merchantName: merchants.name })
    .from(appointments)
    .innerJoin(cabinets, eq(cabinets.id, appointments.cabinetId))
    .leftJoin(merchants, eq(merchants.id, appointments.merchantId));
}

export async function searchAppointments(ctx: Ctx, query: AppointmentSearch): Promise<Page<AppointmentRecord>> {
  const where = filters(ctx, query);
  const order = orderBy(query.sort, SORTABLE, DEFAULT_ORDER, appointments.id);
  const { limit, offset } = pageWindow(query);
  const pageIds = ctx.db
    .select({ id: appointments.id })
    .from(appointments)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const rows: Row[] = await joined(ctx)
    .where(inArray(appointments.id, pageIds))
    .orderBy(...order);
  const [count] = await ctx.db.select({ total: countAll }).from(appointments).where(where);
  return toPage(rows.map(present), count?.total ?? 0, query);
}

export async function exportAppointments(ctx: Ctx, query: AppointmentSearch): Promise<AppointmentRecord[]> {
  const rows: Row[] = await joined(ctx)
    .where(filters(ctx, query))
    .orderBy(...orderBy(query.sort, SORTABLE, DEFAULT_ORDER, appointments.id))
    .limit(EXPORT_MAX_ROWS);
  return rows.map(present);
}

export async function appointmentDetail(ctx: Ctx, id: number): Promise<AppointmentRecord> {
  const [row] = await joined(ctx).where(and(eq(appointments.id, id), deviceScope(ctx, appointments.merchantId)));
  if (!row) throw new AppError('appointmentMissing');
  return present(row);
}

/** Compartment indexes of a cabinet held by a live reservation (the cabinet detail shows them reserved). */
export async function heldCompartments(db: Db, cabinetId: number, now = new Date()): Promise<Set<number>> {
  const rows = await db
    .select({ compartment: appointments.compartment })
    .from(appointments)
    .where(and(eq(appointments.cabinetId, cabinetId), eq(appointments.status, 'RESERVED'), gt(appointments.expiresAt, now)));
  return new Set(rows.map((row) => row.compartment));
}

export const APPOINTMENT_CSV_FIELDS: (keyof AppointmentRecord)[] = [
  'id',
  'cabinetNumber',
  'compartment',
  'batteryNumber',
  'batterySoc',
  'customer',
  'status',
  'createdAt',
  'expiresAt',
  'closedAt',
  'swapId',
  'merchantName',
];
