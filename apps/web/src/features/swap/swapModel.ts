import { APPOINTMENT_STATUSES, SWAP_RESULTS, type FilterOf, type appointmentApi, type swapApi } from '@swap/contracts';
import type { StatusMap } from '../../shared/StatusTag';
import type { SearchField } from '../../shared/table';
import type { OptionSource } from '../../shared/table/types';
import { fieldKey, optionsOf } from '../../shared/devices';

/** Query parameters the swap list opens filtered by (links from device pages). */
export const SWAP_LINK_FILTERS = ['cabinetNumber', 'batteryNumber'] as const;

/** Swap and reservation fields are labelled with the device field words (cabinet, battery, compartment…). */
export const swapFieldLabel = fieldKey;

export const SWAP_ROUTES = {
  list: '/business/transfer/list',
  detail: (id: number) => `/business/transfer/detail/${id}`,
  /** The transfer or energy order charging a swap (docs/orders.md). */
  order: (order: { kind: string; id: number }) => `/order/${order.kind}/detail/${order.id}`,
  /** The full list filtered to one cabinet's or one battery's swaps. */
  listOf: (name: (typeof SWAP_LINK_FILTERS)[number], number: string) =>
    `/business/transfer/list?${new URLSearchParams({ [name]: number })}`,
} as const;

export const APPOINTMENT_ROUTES = {
  list: '/business/appointment/list',
  detail: (id: number) => `/business/appointment/detail/${id}`,
} as const;

export const RESULT_MAP: StatusMap = {
  SUCCEEDED: { meaning: 'success', labelKey: 'swap.result.SUCCEEDED' },
  FAILED: { meaning: 'error', labelKey: 'swap.result.FAILED' },
  ABORTED: { meaning: 'warning', labelKey: 'swap.result.ABORTED' },
};

export const APPOINTMENT_STATUS_MAP: StatusMap = {
  RESERVED: { meaning: 'processing', labelKey: 'swap.appointmentStatus.RESERVED' },
  USED: { meaning: 'success', labelKey: 'swap.appointmentStatus.USED' },
  EXPIRED: { meaning: 'default', labelKey: 'swap.appointmentStatus.EXPIRED' },
  CANCELLED: { meaning: 'warning', labelKey: 'swap.appointmentStatus.CANCELLED' },
};

export const SWAP_SEARCH_FIELDS: SearchField<FilterOf<typeof swapApi.search>>[] = [
  { name: 'cabinetNumber', labelKey: fieldKey('cabinetNumber') },
  { name: 'batteryNumber', labelKey: 'swap.anyBattery' },
  { name: 'result', labelKey: fieldKey('result'), type: 'select', options: optionsOf(SWAP_RESULTS, 'swap.result') },
  { name: 'customer', labelKey: fieldKey('customer') },
  { name: 'started', labelKey: fieldKey('startedAt'), type: 'dateRange' },
];

export const APPOINTMENT_SEARCH_FIELDS: SearchField<FilterOf<typeof appointmentApi.search>>[] = [
  { name: 'cabinetNumber', labelKey: fieldKey('cabinetNumber') },
  { name: 'batteryNumber', labelKey: fieldKey('batteryNumber') },
  { name: 'status', labelKey: fieldKey('status'), type: 'select', options: optionsOf(APPOINTMENT_STATUSES, 'swap.appointmentStatus') },
  { name: 'customer', labelKey: fieldKey('customer') },
  { name: 'created', labelKey: fieldKey('createdAt'), type: 'dateRange' },
];

/**
 * A list's filters with the owner among them for platform staff (`merchants`, null for a merchant's
 * staff): a customer's swaps and reservations are its number at its merchant (docs/customers.md).
 */
export function withOwnerFilter<F extends string>(
  fields: SearchField<F | 'merchantId'>[],
  merchants: OptionSource | undefined,
): SearchField<F | 'merchantId'>[] {
  if (!merchants) return fields;
  return [...fields, { name: 'merchantId', labelKey: fieldKey('merchantName'), type: 'select', source: merchants }];
}
