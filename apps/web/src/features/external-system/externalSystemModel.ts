import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES } from '@swap/contracts';
import type { StatusMap } from '../../shared/StatusTag';
import { optionsOf } from '../../shared/devices';

export const CODE = 'allocation.externalSystem';

export const EXTERNAL_SYSTEM_ROUTES = {
  list: '/distribution/external-system',
  detail: (id: number) => `/distribution/external-system/detail/${id}`,
} as const;

export const DELIVERY_STATUS_MAP: StatusMap = {
  PENDING: { meaning: 'processing', labelKey: 'externalSystem.deliveryStatus.PENDING' },
  DELIVERED: { meaning: 'success', labelKey: 'externalSystem.deliveryStatus.DELIVERED' },
  FAILED: { meaning: 'error', labelKey: 'externalSystem.deliveryStatus.FAILED' },
  CANCELLED: { meaning: 'default', labelKey: 'externalSystem.deliveryStatus.CANCELLED' },
};

export const EVENT_OPTIONS = optionsOf(WEBHOOK_EVENT_TYPES, 'externalSystem.eventType');
export const STATUS_OPTIONS = optionsOf(WEBHOOK_DELIVERY_STATUSES, 'externalSystem.deliveryStatus');
