import { and, eq, gt, gte, like, lte } from 'drizzle-orm';
import { appointmentApi, type AppointmentRecord } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import { prefixPattern } from '../../app/pagination.js';
import { defineList } from '../../app/list.js';
import { atCabinet } from './swap.query.js';
import { appointments } from './swap.table.js';

const at = atCabinet(appointments);

interface Row {
  appointment: typeof appointments.$inferSelect;
  cabinetNumber: string;
  merchantName: string | null;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** Reservations (Business → Reservations), newest first. */
export const appointmentList = defineList({
  endpoint: appointmentApi.search,
  table: appointments,
  id: appointments.id,
  select: { appointment: appointments, cabinetNumber: at.cabinetNumberColumn, merchantName: at.merchantName },
  joins: at.joins,
  scope: at.scope,
  filters: {
    cabinetNumber: at.cabinetNumber,
    batteryNumber: (number) => like(appointments.batteryNumber, prefixPattern(number)),
    customer: (customer) => eq(appointments.customer, customer),
    customerId: (customerId) => eq(appointments.customerId, customerId),
    merchantId: (merchantId) => eq(appointments.merchantId, merchantId),
    status: (status) => eq(appointments.status, status),
    createdFrom: (from) => gte(appointments.createdAt, new Date(from)),
    createdTo: (to) => lte(appointments.createdAt, new Date(to)),
  },
  defaultOrder: () => ({ column: appointments.createdAt, direction: 'desc' }),
  count: 'exact',
  present: ({ appointment: a, ...joined }: Row): AppointmentRecord => ({
    ...a,
    ...joined,
    createdAt: a.createdAt.toISOString(),
    expiresAt: a.expiresAt.toISOString(),
    closedAt: iso(a.closedAt),
  }),
  missing: 'appointmentMissing',
});

export const appointmentDetail = appointmentList.detail;

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
