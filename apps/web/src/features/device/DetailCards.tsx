import type { ReactNode } from 'react';
import { Card, Descriptions, Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/format';
import { ErrorState } from '../../shared/StateView';
import { StatusTag, type StatusMap } from '../../shared/StatusTag';
import { fieldKey } from './deviceModel';

/** One shown field: a record field with its contracts label, a status map, or a custom rendering. */
export interface DetailItem<T> {
  field: Extract<keyof T, string>;
  map?: StatusMap;
  render?: (record: T) => ReactNode;
  span?: number;
}

export interface DetailGroup<T> {
  titleKey: string;
  /** Marks telemetry written by the device link (DESIGN §9: live values marked as such). */
  live?: boolean;
  items: DetailItem<T>[];
  extra?: ReactNode;
}

const LIVE_MAP: StatusMap = { live: { meaning: 'processing', labelKey: 'device.live' } };

function isDateTime(field: string): boolean {
  return field.endsWith('At') || field === 'purchaseTime';
}

/** The cards of a device detail page, grouped as spec §3 groups the fields. */
export function DetailCards<T extends object>({ record, groups }: { record: T; groups: DetailGroup<T>[] }) {
  const { t } = useTranslation();
  const show = (item: DetailItem<T>): ReactNode => {
    if (item.render) return item.render(record);
    const value: unknown = record[item.field];
    if (value === null || value === undefined || value === '') return t('common.empty');
    if (item.map && (typeof value === 'string' || typeof value === 'boolean')) return <StatusTag value={String(value)} map={item.map} />;
    if (typeof value === 'boolean') return t(value ? 'common.yes' : 'common.no');
    if (typeof value === 'string' && isDateTime(item.field)) return formatDateTime(value);
    if (typeof value === 'string' || typeof value === 'number') return value;
    return JSON.stringify(value);
  };
  return (
    <Flex vertical gap={16}>
      {groups.map((group) => (
        <Card
          key={group.titleKey}
          title={
            <Flex gap={8} align="center">
              <span>{t(group.titleKey)}</span>
              {group.live ? <StatusTag value="live" map={LIVE_MAP} /> : null}
            </Flex>
          }
          extra={group.extra}
        >
          <Descriptions column={{ xs: 1, md: 2, xl: 3 }} bordered size="small">
            {group.items.map((item) => (
              <Descriptions.Item key={item.field} label={t(fieldKey(item.field))} span={item.span}>
                {show(item)}
              </Descriptions.Item>
            ))}
          </Descriptions>
        </Card>
      ))}
    </Flex>
  );
}

/** Loading and error states of a detail page: never a blank area. */
export function DetailState({ failed, titleKey, onRetry }: { failed: boolean; titleKey: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Card>
      {failed ? (
        <ErrorState title={t(titleKey)} onRetry={onRetry} />
      ) : (
        <Spin description={t('common.loading')}>
          <div style={{ minHeight: 160 }} />
        </Spin>
      )}
    </Card>
  );
}
