import {
  APPLICATION_DEVICE_KINDS,
  APPLICATION_STATUSES,
  APPLICATION_TRANSITIONS,
  APPLICATION_TYPES,
  type ApplicationStatus,
  type FilterOf,
  type applicationApi,
} from '@swap/contracts';
import type { StatusMap } from '../../shared/StatusTag';
import type { SearchField, SearchOption } from '../../shared/table';
import { fieldKey, optionsOf } from '../../shared/devices';

export const CODE = 'application.list';

export const APPLICATION_ROUTES = {
  list: '/operation-center/application/list',
  detail: (id: number) => `/operation-center/application/detail/${id}`,
} as const;

export const STATUS_MAP: StatusMap = {
  AUDIT: { meaning: 'warning', labelKey: 'application.status.AUDIT' },
  HANDLING: { meaning: 'processing', labelKey: 'application.status.HANDLING' },
  COMPLETE: { meaning: 'success', labelKey: 'application.status.COMPLETE' },
  REJECTED: { meaning: 'error', labelKey: 'application.status.REJECTED' },
  CANCELLED: { meaning: 'default', labelKey: 'application.status.CANCELLED' },
};

export const TYPE_OPTIONS = optionsOf(APPLICATION_TYPES, 'application.type');
export const KIND_OPTIONS = optionsOf(APPLICATION_DEVICE_KINDS, 'application.deviceKind');

/** The steps an application in this state may take next (none once final). */
export function nextStatuses(from: ApplicationStatus): SearchOption[] {
  return optionsOf(APPLICATION_TRANSITIONS[from], 'application.status');
}

export const SEARCH_FIELDS: SearchField<FilterOf<typeof applicationApi.search>>[] = [
  {
    name: 'applicationStatus',
    labelKey: fieldKey('applicationStatus'),
    type: 'select',
    options: optionsOf(APPLICATION_STATUSES, 'application.status'),
  },
  { name: 'applicationType', labelKey: fieldKey('applicationType'), type: 'select', options: TYPE_OPTIONS },
  { name: 'customerId', labelKey: fieldKey('customerId') },
  { name: 'deviceNumber', labelKey: fieldKey('deviceNumbers') },
  { name: 'created', labelKey: fieldKey('createdAt'), type: 'dateRange' },
];
