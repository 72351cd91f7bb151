import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../envelope.js';
import { endpoint } from '../endpoint.js';
import { cleanString, id, idQuery, int32, safeText } from '../validation.js';
import { SWAP_RECORD_FAILURE_CODES, SWAP_RESULTS } from '../device-link/payloads.js';
import { swapOrderLink } from './swap-order.js';

/**
 * Swap records (/business/transfer/*): one per swap a cabinet reports. Reservations
 * (/business/appointment/*): a compartment held for a customer until used, expired or cancelled.
 */
export const swapRecord = z.object({
  id: z.number(),
  cabinetId: z.number(),
  cabinetNumber: z.string(),
  /** The cabinet's own id of the event (unique per cabinet). */
  eventId: z.string(),
  batteryInNumber: z.string().nullable(),
  batteryInCompartment: z.number().nullable(),
  batteryInSoc: z.number().nullable(),
  batteryOutNumber: z.string().nullable(),
  batteryOutCompartment: z.number().nullable(),
  batteryOutSoc: z.number().nullable(),
  /** The customer number as the cabinet read it. */
  customer: z.string().nullable(),
  /** The owner's customer of that number, when there is one (docs/customers.md, "Swaps and reservations"). */
  customerId: z.number().nullable(),
  /**
   * The vehicle the swap served (the owner's vehicle holding the returned pack, else the one whose
   * number the cabinet read as the customer; docs/device-protocol.md), null when none is known.
   */
  vehicleId: z.number().nullable(),
  servedVehicleNumber: z.string().nullable(),
  startedAt: z.string(),
  endedAt: z.string(),
  /** Seconds from start to end. */
  durationSeconds: z.number(),
  result: z.enum(SWAP_RESULTS),
  failureCode: z.enum(SWAP_RECORD_FAILURE_CODES).nullable(),
  /** The failure in the caller's language. */
  failureMessage: z.string().nullable(),
  /** The reservation this swap used, if any. */
  appointmentId: z.number().nullable(),
  merchantId: z.number().nullable(),
  merchantName: z.string().nullable(),
  /** The transfer or energy order charging the swap, when it was charged (docs/orders.md). */
  order: swapOrderLink.nullable(),
  createdAt: z.string(),
});
export type SwapRecord = z.infer<typeof swapRecord>;

const instant = z.iso.datetime({ offset: true }).nullish();
const numberPrefix = safeText(32).nullish();

export const SWAP_SORT_FIELDS = ['id', 'startedAt'] as const;

export const swapSearch = pageQuerySchema.extend({
  cabinetNumber: numberPrefix,
  /** Matches the battery brought in or taken out. */
  batteryNumber: numberPrefix,
  /** One cabinet's swaps (its detail page). */
  cabinetId: id.nullish(),
  /** One battery's swaps, brought in or taken out (its detail page). */
  batteryId: id.nullish(),
  customer: safeText(64).nullish(),
  /** One customer's swaps (its page), by reference. */
  customerId: id.nullish(),
  /** The owner's rows (platform staff; a customer's swaps are its number at its merchant). */
  merchantId: id.nullish(),
  result: z.enum(SWAP_RESULTS).nullish(),
  startedFrom: instant,
  startedTo: instant,
  sort: z.object({ field: z.enum(SWAP_SORT_FIELDS), order: z.enum(['ascend', 'descend']) }).optional(),
});
export type SwapSearch = z.infer<typeof swapSearch>;

export const APPOINTMENT_STATUSES = ['RESERVED', 'USED', 'EXPIRED', 'CANCELLED'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
/** How long a reservation holds its compartment unless the caller says otherwise. */
export const APPOINTMENT_DEFAULT_MINUTES = 30;
export const APPOINTMENT_MAX_MINUTES = 24 * 60;

export const appointmentRecord = z.object({
  id: z.number(),
  cabinetId: z.number(),
  cabinetNumber: z.string(),
  compartment: z.number(),
  batteryNumber: z.string().nullable(),
  /** The battery's charge when reserved. */
  batterySoc: z.number().nullable(),
  customer: z.string(),
  /** The owner's customer of that number, when there is one. */
  customerId: z.number().nullable(),
  status: z.enum(APPOINTMENT_STATUSES),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** When it was used, expired or cancelled. */
  closedAt: z.string().nullable(),
  /** The swap that used it. */
  swapId: z.number().nullable(),
  merchantId: z.number().nullable(),
  merchantName: z.string().nullable(),
});
export type AppointmentRecord = z.infer<typeof appointmentRecord>;

export const APPOINTMENT_SORT_FIELDS = ['id', 'createdAt', 'expiresAt'] as const;

export const appointmentSearch = pageQuerySchema.extend({
  cabinetNumber: numberPrefix,
  batteryNumber: numberPrefix,
  customer: safeText(64).nullish(),
  /** One customer's reservations (its page), by reference. */
  customerId: id.nullish(),
  /** The owner's rows (platform staff; a customer's reservations are its number at its merchant). */
  merchantId: id.nullish(),
  status: z.enum(APPOINTMENT_STATUSES).nullish(),
  createdFrom: instant,
  createdTo: instant,
  sort: z.object({ field: z.enum(APPOINTMENT_SORT_FIELDS), order: z.enum(['ascend', 'descend']) }).optional(),
});
export type AppointmentSearch = z.infer<typeof appointmentSearch>;

/** Holds one compartment of a cabinet for a customer; the compartment must hold a battery ready to swap. */
export const appointmentAdd = z.object({
  cabinetNumber: cleanString()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,32}$/, { message: 'validation.invalid' }),
  compartment: int32(1, 64),
  customer: safeText(64).min(1, { message: 'validation.required' }),
  /** Minutes the compartment is held. */
  minutes: int32(1, APPOINTMENT_MAX_MINUTES).nullish(),
});
export type AppointmentAdd = z.infer<typeof appointmentAdd>;

/** POST /appointment/cancel: the reservation to release. */
export const appointmentCancel = z.object({ id });
export type AppointmentCancel = z.infer<typeof appointmentCancel>;

/** Swap records (Business → Swap records, /business/transfer/list). */
export const swapApi = {
  search: endpoint({
    method: 'POST',
    path: '/swap-record/search',
    access: { code: 'record.swap' },
    body: swapSearch,
    answer: pageSchema(swapRecord),
    sortable: SWAP_SORT_FIELDS,
  }),
  detail: endpoint({ method: 'GET', path: '/swap-record/detail', access: { code: 'record.swap' }, query: idQuery, answer: swapRecord }),
  export: endpoint({
    method: 'POST',
    path: '/swap-record/export',
    access: { code: 'record.swap.export' },
    body: swapSearch,
    sortable: SWAP_SORT_FIELDS,
    answer: 'csv',
  }),
} as const;

/** Reservations (Business → Reservations, /business/appointment/list); add and cancel answer the reservation. */
export const appointmentApi = {
  search: endpoint({
    method: 'POST',
    path: '/appointment/search',
    access: { code: 'record.appointment' },
    body: appointmentSearch,
    answer: pageSchema(appointmentRecord),
    sortable: APPOINTMENT_SORT_FIELDS,
  }),
  detail: endpoint({
    method: 'GET',
    path: '/appointment/detail',
    access: { code: 'record.appointment' },
    query: idQuery,
    answer: appointmentRecord,
  }),
  add: endpoint({
    method: 'POST',
    path: '/appointment/add',
    access: { code: 'record.appointment.add' },
    body: appointmentAdd,
    answer: appointmentRecord,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/appointment/cancel',
    access: { code: 'record.appointment.cancel' },
    body: appointmentCancel,
    answer: appointmentRecord,
  }),
  export: endpoint({
    method: 'POST',
    path: '/appointment/export',
    access: { code: 'record.appointment.export' },
    body: appointmentSearch,
    sortable: APPOINTMENT_SORT_FIELDS,
    answer: 'csv',
  }),
} as const;
