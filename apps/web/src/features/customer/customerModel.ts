import {
  AUDIT_STATES,
  AUTH_STATUSES,
  DELETION_STATUSES,
  RESTRICTIONS,
  SUBMITTERS,
  type FilterOf,
  type customerApi,
  type identityApi,
} from '@swap/contracts';
import type { StatusMap } from '../../shared/StatusTag';
import type { SearchField } from '../../shared/table';
import { fieldKey, optionsOf } from '../../shared/devices';

export const CODE = 'customer.list';
export const AUDIT_CODE = 'customer.authentication';

export const CUSTOMER_ROUTES = {
  list: '/user/list',
  detail: (id: number) => `/user/detail/${id}`,
  audits: '/user/auditList',
} as const;

export const AUTH_MAP: StatusMap = {
  APPROVED: { meaning: 'success', labelKey: 'customer.authStatus.APPROVED' },
  NOT_CERTIFIED: { meaning: 'default', labelKey: 'customer.authStatus.NOT_CERTIFIED' },
  TO_BE_REVIEWED: { meaning: 'warning', labelKey: 'customer.authStatus.TO_BE_REVIEWED' },
};

export const RESTRICTION_MAP: StatusMap = {
  UNRESTRICTED: { meaning: 'success', labelKey: 'customer.restriction.UNRESTRICTED' },
  RESTRICTED: { meaning: 'error', labelKey: 'customer.restriction.RESTRICTED' },
};

export const DELETION_MAP: StatusMap = {
  NORMAL: { meaning: 'default', labelKey: 'customer.deletion.NORMAL' },
  DELETED: { meaning: 'error', labelKey: 'customer.deletion.DELETED' },
};

export const AUDIT_MAP: StatusMap = {
  PENDING: { meaning: 'warning', labelKey: 'identity.auditState.PENDING' },
  PASSED: { meaning: 'success', labelKey: 'identity.auditState.PASSED' },
  FAILED: { meaning: 'error', labelKey: 'identity.auditState.FAILED' },
};

export const SEARCH_FIELDS: SearchField<FilterOf<typeof customerApi.search>>[] = [
  { name: 'name', labelKey: fieldKey('name') },
  { name: 'phone', labelKey: fieldKey('phone') },
  { name: 'customerNumber', labelKey: fieldKey('customerNumber') },
  { name: 'certificateNumber', labelKey: fieldKey('certificateNumber') },
  { name: 'authStatus', labelKey: fieldKey('authStatus'), type: 'select', options: optionsOf(AUTH_STATUSES, 'customer.authStatus') },
  { name: 'restriction', labelKey: fieldKey('restriction'), type: 'select', options: optionsOf(RESTRICTIONS, 'customer.restriction') },
  { name: 'deletion', labelKey: fieldKey('deletion'), type: 'select', options: optionsOf(DELETION_STATUSES, 'customer.deletion') },
  { name: 'created', labelKey: fieldKey('createdAt'), type: 'dateRange' },
];

export const AUDIT_SEARCH_FIELDS: SearchField<FilterOf<typeof identityApi.search>>[] = [
  { name: 'auditState', labelKey: fieldKey('auditState'), type: 'select', options: optionsOf(AUDIT_STATES, 'identity.auditState') },
  { name: 'customerNumber', labelKey: fieldKey('customerNumber') },
  { name: 'certificateNumber', labelKey: fieldKey('certificateNumber') },
  { name: 'submitter', labelKey: fieldKey('submitter'), type: 'select', options: optionsOf(SUBMITTERS, 'identity.submitter') },
  { name: 'submitted', labelKey: fieldKey('submittedAt'), type: 'dateRange' },
];
