import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { StatusMap } from '../StatusTag';

export type SortOrder = 'ascend' | 'descend';
export interface SortState {
  field: string;
  order: SortOrder;
}

/** How a cell shows its value when no `render` is given. */
export type ColumnKind = 'text' | 'number' | 'datetime' | 'money' | 'status' | 'boolean';

export interface ResourceColumn<T> {
  /** Record field shown (and sort field sent to the server). */
  key: string;
  titleKey: string;
  /** Field read when it differs from `key`. */
  dataIndex?: string;
  kind?: ColumnKind;
  /** For kind 'status': value → meaning and label. */
  statusMap?: StatusMap;
  render?: (record: T) => ReactNode;
  sortable?: boolean;
  width?: number | string;
  ellipsis?: boolean;
  align?: 'left' | 'right' | 'center';
  fixed?: 'left' | 'right';
  /** Only shown to holders of this code. */
  code?: string | readonly string[];
}

export type SearchFieldType = 'text' | 'number' | 'select' | 'date' | 'dateRange' | 'treeSelect';

export interface SearchOption {
  value: string | number | boolean;
  /** Translated label; `label` is for data that is not translated (names from the server). */
  labelKey?: string;
  label?: string;
}

export interface TreeOption {
  value: string | number;
  title: string;
  children?: TreeOption[];
}

export interface SearchField {
  name: string;
  labelKey: string;
  type?: SearchFieldType;
  options?: SearchOption[];
  treeData?: TreeOption[];
  multiple?: boolean;
  /** dateRange: the two filter names sent (ISO-8601 UTC); default `<name>From` / `<name>To`. */
  rangeKeys?: [string, string];
  /** Validation of the input; text fields default to the contracts' safe text. */
  schema?: z.ZodType;
}

export interface RowAction<T> {
  key: string;
  labelKey: string;
  code?: string | readonly string[];
  danger?: boolean;
  /** Question asked before acting; danger actions ask common.confirmRemove unless false. */
  confirmKey?: string | false;
  hidden?: (record: T) => boolean;
  disabled?: (record: T) => boolean;
  onClick: (record: T) => Promise<unknown> | void;
  /** Message shown after the returned promise resolved. */
  successKey?: string;
}

export interface BatchAction<T> {
  key: string;
  labelKey: string;
  code?: string | readonly string[];
  danger?: boolean;
  confirmKey?: string | false;
  onClick: (records: T[]) => Promise<unknown> | void;
  successKey?: string;
}

export interface ResourceTableHandle {
  /** Reloads the current page with the current filters. */
  refresh(): void;
  clearSelection(): void;
  /** The filters and sort of the current search (what Export sends). */
  currentQuery(): Record<string, unknown>;
}
