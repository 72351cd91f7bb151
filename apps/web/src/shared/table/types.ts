import type { EndpointDef } from '@swap/contracts';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { StatusMap } from '../StatusTag';
import type { Gate } from '../permissions';

export type SortOrder = 'ascend' | 'descend';
/** A list's sort; `S` is the columns its endpoint declares sortable. */
export interface SortState<S extends string = string> {
  field: S;
  order: SortOrder;
}

/** How a cell shows its value when no `render` is given. */
export type ColumnKind = 'text' | 'number' | 'datetime' | 'money' | 'status' | 'boolean';

/**
 * A column of a list: `key` is the record field shown and, for a sortable column, the sort field
 * sent. `S` is the columns its endpoint declares sortable: a sortable column's key must be one of
 * them (the server refuses a sort by any other, docs/api.md "Strict input").
 */
export type ResourceColumn<T, S extends string = string> = ColumnBase<T> & ({ sortable: true; key: S } | { sortable?: false; key: string });

interface ColumnBase<T> {
  titleKey: string;
  /** Field read when it differs from `key`. */
  dataIndex?: string;
  kind?: ColumnKind;
  /** For kind 'status': value → meaning and label. */
  statusMap?: StatusMap;
  render?: (record: T) => ReactNode;
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

/** What an options call takes (docs/api.md, "Options calls"): part of the name, a limit, the ids whose labels are wanted. */
export interface OptionsInput {
  keyword?: string;
  limit?: number;
  ids?: number[];
}

/**
 * Choices searched on the server (a select with many rows: merchants, stations): `key` names what it
 * reads in the query cache (its endpoints' paths first, so a change to them refreshes it), `load`
 * answers the choices matching the input (`endpointSource` of shared/api/optionSources.ts).
 */
export interface OptionSource {
  key: readonly unknown[];
  load: (input: OptionsInput, signal?: AbortSignal) => Promise<SearchOption[]>;
  /**
   * The text key naming a held value the server's answer leaves out, being one the caller may not see
   * (a seller platform staff named: "Another merchant"); without it such a value shows as itself.
   */
  missingLabelKey?: string;
}

export interface TreeOption {
  value: string | number;
  title: string;
  children?: TreeOption[];
}

/**
 * A field of a list's search form. `F` is the filters its endpoint declares: the filter a field
 * sends must be one of them — its name, or a date range's two keys (`rangeKeys`, sent as ISO-8601
 * UTC; by default `<name>From` and `<name>To`).
 */
export type SearchField<F extends string = string> =
  | (SearchFieldBase & { name: F; type?: Exclude<SearchFieldType, 'dateRange'>; rangeKeys?: undefined })
  | (SearchFieldBase & { name: string; type: 'dateRange'; rangeKeys: [F, F] })
  | (SearchFieldBase & { name: RangeName<F>; type: 'dateRange'; rangeKeys?: undefined });

/** The names N whose `<N>From` and `<N>To` are both filters (a date range's default keys). */
type RangeName<F extends string, All extends string = F> = string extends F
  ? string
  : F extends `${infer N}From`
    ? `${N}To` extends All
      ? N
      : never
    : never;

interface SearchFieldBase {
  labelKey: string;
  options?: SearchOption[];
  /** select: choices searched on the server as the user types, instead of `options` (values are ids). */
  source?: OptionSource;
  treeData?: TreeOption[];
  multiple?: boolean;
  /** Validation of the input; text fields default to the contracts' safe text. */
  schema?: z.ZodType;
}

interface RowActionBase<T> extends Gate {
  key: string;
  labelKey: string;
  code?: string | readonly string[];
  danger?: boolean;
  /** Question asked before acting; danger actions ask common.confirmRemove unless false. */
  confirmKey?: string | false;
  hidden?: (record: T) => boolean;
  disabled?: (record: T) => boolean;
  /** Message shown after the returned promise resolved. */
  successKey?: string;
}

/**
 * A row's action: what it does on click (open a drawer, say), or the declared endpoint it calls
 * with the record's input (`call: { endpoint: notificationApi.remove, input: (r) => ({ id: r.id }) }`),
 * so a screen calls no client itself.
 */
export type RowAction<T> = RowActionBase<T> &
  (
    | { onClick: (record: T) => Promise<unknown> | void; call?: never }
    | { call: { endpoint: EndpointDef; input: (record: T) => unknown }; onClick?: never }
  );

export interface BatchAction<T> extends Gate {
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
