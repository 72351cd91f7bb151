export { ResourceTable, type ResourceTableProps } from './ResourceTable';
export { ListPage, type ListPageProps } from './ListPage';
export { resourceSearchKey, type PageFetcher } from './useResourceSearch';
export { editAction, removeAction } from './rowActions';
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
