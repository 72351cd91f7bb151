import type { ReactNode } from 'react';
import { Card, Descriptions, Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, formatNumber, isCalendarDate } from '../format';
import { ErrorState } from '../StateView';
import { StatusTag, type StatusMap } from '../StatusTag';

/** One shown field: a record field with its label, a status map, or a custom rendering. */
export interface DetailItem<T> {
  field: Extract<keyof T, string>;
  /** The label's key when it is not the page's `fieldLabel(field)`. */
  labelKey?: string;
  map?: StatusMap;
  render?: (record: T) => ReactNode;
  span?: number;
}

/** One card of fields. */
export interface DetailGroup<T> {
  titleKey: string;
  /** Marks values the device link writes (live values are marked as such, see docs/web-kits.md). */
  live?: boolean;
  /** The live values are the last the device reported, not current ones (a device offline): marked so instead. */
  lastKnown?: (record: T) => boolean;
  items: DetailItem<T>[];
  extra?: ReactNode;
}

const LIVE_MAP: StatusMap = {
  live: { meaning: 'processing', labelKey: 'common.live' },
  lastKnown: { meaning: 'warning', labelKey: 'common.lastKnown' },
};

function isIdField(field: string): boolean {
  return field === 'id' || field.endsWith('Id');
}

function isDateTime(field: string): boolean {
  return field.endsWith('At') || field === 'purchaseTime';
}

/** The cards of a detail page, one per group of fields; `fieldLabel` names a field's label key. */
export function DetailCards<T extends object>({
  record,
  groups,
  fieldLabel,
}: {
  record: T;
  groups: DetailGroup<T>[];
  fieldLabel: (field: string) => string;
}) {
  const { t } = useTranslation();
  const show = (item: DetailItem<T>): ReactNode => {
    if (item.render) return item.render(record);
    const value: unknown = record[item.field];
    if (value === null || value === undefined || value === '') return t('common.empty');
    if (item.map && (typeof value === 'string' || typeof value === 'boolean')) return <StatusTag value={String(value)} map={item.map} />;
    if (typeof value === 'boolean') return t(value ? 'common.yes' : 'common.no');
    if (typeof value === 'string' && isDateTime(item.field)) return formatDateTime(value);
    if (isCalendarDate(value)) return formatDate(value);
    // Measures and counts in the language's digits; an id is a name, not an amount.
    if (typeof value === 'number') return isIdField(item.field) ? value : formatNumber(value);
    if (typeof value === 'string') return value;
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
              {group.live ? <StatusTag value={group.lastKnown?.(record) ? 'lastKnown' : 'live'} map={LIVE_MAP} /> : null}
            </Flex>
          }
          extra={group.extra}
        >
          <Descriptions column={{ xs: 1, md: 2, xl: 3 }} bordered size="small">
            {group.items.map((item) => (
              <Descriptions.Item key={item.field} label={t(item.labelKey ?? fieldLabel(item.field))} span={item.span}>
                {show(item)}
              </Descriptions.Item>
            ))}
          </Descriptions>
        </Card>
      ))}
    </Flex>
  );
}

/** Loading and error states of a record's page: never a blank area, never "No data" under the spinner. */
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
