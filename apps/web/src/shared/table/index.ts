export { ResourceTable, type ResourceTableProps } from './ResourceTable';
export { resourceSearchKey } from './useResourceSearch';
export type {
  BatchAction,
  ColumnKind,
  ResourceColumn,
  ResourceTableHandle,
  RowAction,
  SearchField,
  SearchFieldType,
  SearchOption,
  SortState,
  TreeOption,
} from './types';
