import { MERCHANT_APPLICATION_STATUSES, type FilterOf, type merchantApplicationApi } from '@swap/contracts';
import type { StatusMap } from '../../shared/StatusTag';
import type { SearchField } from '../../shared/table';
import { typeOptions } from './merchantModel';

export const APPLICATION_CODE = 'admin.merchantApplication';

export const APPLICATION_ROUTES = {
  list: '/system/merchant-application/list',
  detail: (id: number) => `/system/merchant-application/detail/${id}`,
} as const;

export const APPLICATION_STATUS_MAP: StatusMap = {
  PENDING: { meaning: 'warning', labelKey: 'merchantApplication.status.PENDING' },
  APPROVED: { meaning: 'success', labelKey: 'merchantApplication.status.APPROVED' },
  REJECTED: { meaning: 'error', labelKey: 'merchantApplication.status.REJECTED' },
};

export const APPLICATION_SEARCH: SearchField<FilterOf<typeof merchantApplicationApi.search>>[] = [
  { name: 'keyword', labelKey: 'merchant.application.keyword' },
  {
    name: 'status',
    labelKey: 'field.status',
    type: 'select',
    options: MERCHANT_APPLICATION_STATUSES.map((value) => ({ value, labelKey: `merchantApplication.status.${value}` })),
  },
  { name: 'type', labelKey: 'merchant.typeLabel', type: 'select', options: typeOptions },
];
