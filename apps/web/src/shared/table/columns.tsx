import type { ReactNode } from 'react';
import type { TableColumnType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber } from '../format';
import { useMoney } from '../money';
import { useCan } from '../permissions';
import { StatusTag } from '../StatusTag';
import type { ResourceColumn, SortState } from './types';

function valueOf(record: object, field: string): unknown {
  return (record as Record<string, unknown>)[field];
}

function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}

/**
 * Declared columns → antd columns, with the shared renderings of dates, numbers, money, statuses
 * and flags. Lists lay out automatically (a column is at least as wide as its heading's longest
 * word), so an ellipsis cell keeps to its declared width itself.
 */
export function useTableColumns<T extends object>(columns: ResourceColumn<T>[], sort: SortState | undefined): TableColumnType<T>[] {
  const { t } = useTranslation();
  const money = useMoney();
  const can = useCan();
  const show = (column: ResourceColumn<T>, record: T): ReactNode => {
    if (column.render) return column.render(record);
    const value = valueOf(record, column.dataIndex ?? column.key);
    switch (column.kind) {
      case 'datetime':
        return formatDateTime(value as string | null);
      case 'money':
        return typeof value === 'number' || typeof value === 'string' ? money(value) : '';
      case 'number':
        return typeof value === 'number' ? formatNumber(value) : textOf(value);
      case 'status':
        return <StatusTag value={value === null || value === undefined ? null : textOf(value)} map={column.statusMap ?? {}} />;
      case 'boolean':
        return value === true ? t('common.yes') : value === false ? t('common.no') : '';
      default:
        return textOf(value);
    }
  };
  return columns
    .filter((column) => can(column.code))
    .map((column) => ({
      key: column.key,
      title: t(column.titleKey),
      width: column.width,
      fixed: column.fixed,
      align: column.align ?? (column.kind === 'money' || column.kind === 'number' ? 'right' : undefined),
      sorter: column.sortable ? true : undefined,
      sortOrder: column.sortable ? (sort?.field === column.key ? sort.order : null) : undefined,
      render: (_value: unknown, record: T) => {
        const shown = show(column, record);
        if (!column.ellipsis) return shown;
        // The whole value on hover: the text shown, or the record's own value under a rendering (a link).
        const whole = typeof shown === 'string' ? shown : textOf(valueOf(record, column.dataIndex ?? column.key));
        return (
          <span className="cell-ellipsis" style={{ maxWidth: column.width ?? 240 }} title={whole || undefined}>
            {shown}
          </span>
        );
      },
    }));
}
