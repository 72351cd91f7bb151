import { lazy, Suspense, useCallback, useContext, useId, useImperativeHandle, useState, type Key, type ReactNode, type Ref } from 'react';
import { Button, Empty, Flex, Table, type TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import TableMeasureRowContext from 'antd/es/table/TableMeasureRowContext';
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { EndpointDef, FilterOf, SortColumnOf } from '@swap/contracts';
import { api } from '../api/client';
import { ignoreApiError } from '../api/errors';
import { Can } from '../Can';
import { useAllowed } from '../permissions';
import { ErrorState, Panel } from '../StateView';
import { useTableColumns } from './columns';
import { ActionButton, RowActions } from './RowActions';
import { SearchForm } from './SearchForm';
import { useTablePrefs, type TablePrefs } from './tablePrefs';
import type { BatchAction, ResourceColumn, ResourceTableHandle, RowAction, SearchField, SortState } from './types';
import { useFocusableScroll } from './useFocusableScroll';
import { useResourceSearch, type PageFetcher } from './useResourceSearch';

const ViewSettings = lazy(() => import('./ViewSettings'));

/**
 * `E` is the list's search endpoint: the filters the search form and `filters` send and the
 * columns it sorts by are checked against its declaration when the code is type-checked.
 */
export interface ResourceTableProps<T extends object, E extends EndpointDef = EndpointDef> {
  /**
   * The list's declared endpoints: search (answering a Page) and optionally the CSV export, whose
   * permission code gates the Export button.
   */
  endpoints?: { search: E; export?: EndpointDef };
  /** For a list read by `fetchPage` (pages of an answer already loaded): the key its pages are cached under. */
  searchPath?: string;
  columns: ResourceColumn<T, SortColumnOf<E>>[];
  rowKey: Extract<keyof T, string> | ((record: T) => Key);
  searchFields?: SearchField<FilterOf<E>>[];
  /** Filters always sent (e.g. the parent record), merged under the form's filters. */
  filters?: Partial<Record<FilterOf<E>, unknown>>;
  /**
   * Keep page, sort and filters in the address, so Back and a shared link show the same view.
   * Default: on, except for a list inside another record (`filters` or `fetchPage` given).
   */
  inUrl?: boolean;
  defaultSort?: SortState<SortColumnOf<E>>;
  pageSize?: number;
  rowActions?: RowAction<T>[];
  /** Enables row selection; the actions act on the selected records. */
  batchActions?: BatchAction<T>[];
  /** Extra buttons on the list's toolbar, before Export. */
  toolbar?: ReactNode;
  /** Horizontal scroll width for wide lists. */
  scrollX?: number | string;
  /** Reads a page when the list is not `POST <searchPath>` (searchPath still keys the cache). */
  fetchPage?: PageFetcher<T>;
  /**
   * Reads the shown page again after so many milliseconds while its records call for it (a task
   * under way, every 2 s); false once they do not.
   */
  refreshEvery?: (records: T[]) => number | false;
  /**
   * A short list shown whole inside a card (a dashboard's ranking of ten): compact rows, no toolbar
   * and no pagination. For `fetchPage` answers of one page.
   */
  compact?: boolean;
  ref?: Ref<ResourceTableHandle>;
}

/**
 * The select-all box of the selection column. The table copies every column title into a hidden
 * row it measures widths with; a checkbox there would be a focusable element inside aria-hidden.
 */
function SelectAllTitle({ checkbox }: { checkbox: ReactNode }) {
  return useContext(TableMeasureRowContext) ? null : checkbox;
}

/** The toolbar button of the column chooser and density; the panel's code loads on the first press. */
function ViewButton(props: { columns: { key: string; title: string }[]; prefs: TablePrefs; onChange: (prefs: TablePrefs) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    <span className="view-settings-anchor">
      <Button title={t('table.view')} aria-expanded={open} aria-haspopup="dialog" onClick={() => setOpen(!open)}>
        {t('table.columns')}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <ViewSettings {...props} onClose={close} />
        </Suspense>
      ) : null}
    </span>
  );
}

/** The one list of the product: search form, table, sorting, paging, selection, export. */
export function ResourceTable<T extends object, E extends EndpointDef = EndpointDef>(props: ResourceTableProps<T, E>) {
  const {
    endpoints,
    columns,
    rowKey,
    searchFields = [],
    filters,
    defaultSort,
    pageSize,
    rowActions = [],
    batchActions = [],
    toolbar,
    scrollX,
    fetchPage,
    refreshEvery,
    compact,
    ref,
  } = props;
  const searchPath = endpoints?.search.path ?? props.searchPath;
  if (!searchPath) throw new Error('ResourceTable needs its search endpoint');
  const exportPath = endpoints?.export?.path;
  const exportAccess = endpoints?.export?.access;
  const exportCode = exportAccess && exportAccess !== 'public' ? exportAccess.code : undefined;
  const { t } = useTranslation();
  const allowed = useAllowed();
  const formId = `search-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const scrollRef = useFocusableScroll(scrollX !== undefined, t('table.scrollRegion'));
  const { state, setState, body, query, formKey } = useResourceSearch<T>(searchPath, {
    fields: searchFields,
    fixedFilters: filters,
    size: pageSize,
    sort: defaultSort,
    inUrl: props.inUrl ?? (!filters && !fetchPage),
    fetchPage,
    refreshEvery,
  });
  const [selected, setSelected] = useState<{ keys: Key[]; rows: T[] }>({ keys: [], rows: [] });
  const [exporting, setExporting] = useState(false);
  const [prefs, setPrefs] = useTablePrefs(searchPath);
  const allColumns = useTableColumns(columns, state.sort);
  const tableColumns = allColumns.filter((column) => !prefs.hidden.includes(String(column.key)));
  const refresh = () => void query.refetch();
  const clearSelection = () => setSelected({ keys: [], rows: [] });
  const exportQuery = () => {
    const { current: _current, size: _size, ...rest } = body;
    return rest;
  };

  useImperativeHandle(ref, () => ({ refresh, clearSelection, currentQuery: exportQuery }));

  const visibleRowActions = rowActions.filter((action) => allowed(action));
  if (visibleRowActions.length > 0) {
    tableColumns.push({
      key: '__actions',
      title: t('common.actions'),
      fixed: 'right',
      // Keeps the heading and its links readable when wide declared columns fill the scroll width.
      minWidth: 120,
      render: (_value: unknown, record: T) => <RowActions record={record} actions={visibleRowActions} refresh={refresh} />,
    });
  }
  const visibleBatch = batchActions.filter((action) => allowed(action));

  const onChange = (
    pagination: TablePaginationConfig,
    _filters: unknown,
    sorter: SorterResult<T> | SorterResult<T>[],
    extra: { action: 'paginate' | 'sort' | 'filter' },
  ) => {
    // Paging keeps the order shown: antd may hand back its own idea of the order on a page change.
    if (extra.action !== 'sort') {
      setState((s) => ({ ...s, current: pagination.current ?? 1, size: pagination.pageSize ?? s.size }));
      return;
    }
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = single?.columnKey !== undefined ? String(single.columnKey) : undefined;
    const sort = field && single?.order ? { field, order: single.order } : undefined;
    setState((s) => ({ ...s, current: 1, sort }));
  };

  const runExport = async () => {
    if (!exportPath) return;
    setExporting(true);
    try {
      await api.download(exportPath, exportQuery(), `${t('table.exportFile')}.csv`).catch(ignoreApiError);
    } finally {
      setExporting(false);
    }
  };

  const failed = query.isError && !query.data;
  const estimated = (query.data as { totalExact?: boolean } | undefined)?.totalExact === false;
  // While a page loads the spinner speaks alone: "No data" only once an answer said so.
  const emptyText = failed ? (
    <ErrorState title={t('table.loadFailed')} onRetry={refresh} />
  ) : query.isFetching ? (
    <div className="table-pending" />
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('table.empty')} />
  );

  return (
    <Flex vertical gap={16}>
      {searchFields.length > 0 ? (
        <Panel>
          <SearchForm
            fields={searchFields}
            key={formKey}
            formId={formId}
            initialValues={state.values}
            loading={query.isFetching}
            onSearch={(values) => setState((s) => ({ ...s, current: 1, values }))}
            onReset={() => setState((s) => ({ ...s, current: 1, values: {}, sort: defaultSort }))}
          />
        </Panel>
      ) : null}
      <Panel>
        {compact ? null : (
          <Flex justify="space-between" align="center" gap={8} wrap className="table-toolbar">
            <Flex gap={8} align="center" wrap>
              {visibleBatch.length > 0 ? (
                <>
                  <span aria-live="polite">{t('table.selected', { count: selected.keys.length })}</span>
                  {visibleBatch.map((action) => (
                    <ActionButton
                      key={action.key}
                      type="default"
                      action={action}
                      disabled={selected.rows.length === 0}
                      target={() => action.onClick(selected.rows)}
                      refresh={() => {
                        clearSelection();
                        refresh();
                      }}
                    />
                  ))}
                  {selected.keys.length > 0 ? (
                    <Button type="link" onClick={clearSelection}>
                      {t('table.clearSelection')}
                    </Button>
                  ) : null}
                </>
              ) : null}
            </Flex>
            <Flex gap={8} wrap>
              {toolbar}
              {exportPath ? (
                <Can code={exportCode}>
                  <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void runExport()}>
                    {t('table.export')}
                  </Button>
                </Can>
              ) : null}
              <ViewButton
                columns={allColumns.map((column) => ({ key: String(column.key), title: column.title as string }))}
                prefs={prefs}
                onChange={setPrefs}
              />
              <Button
                icon={<ReloadOutlined />}
                aria-label={t('table.refresh')}
                title={t('table.refresh')}
                onClick={refresh}
                loading={query.isFetching && !!query.data}
              />
            </Flex>
          </Flex>
        )}
        <div ref={scrollRef}>
          <Table<T>
            rowKey={rowKey}
            columns={tableColumns}
            dataSource={failed ? [] : (query.data?.records ?? [])}
            loading={query.isFetching}
            size={compact ? 'small' : prefs.density}
            tableLayout="auto"
            onChange={onChange}
            scroll={scrollX !== undefined ? { x: scrollX } : undefined}
            locale={{ emptyText }}
            rowSelection={
              visibleBatch.length > 0
                ? {
                    selectedRowKeys: selected.keys,
                    preserveSelectedRowKeys: true,
                    columnTitle: (checkbox) => <SelectAllTitle checkbox={checkbox} />,
                    onChange: (keys, rows) => setSelected({ keys, rows }),
                  }
                : undefined
            }
            pagination={
              compact
                ? false
                : {
                    current: state.current,
                    pageSize: state.size,
                    total: query.data?.total ?? 0,
                    showSizeChanger: true,
                    // Device lists over 10,000 matches answer the planner's estimate (totalExact false).
                    showTotal: (total) => t(estimated ? 'table.totalEstimate' : 'table.total', { total }),
                  }
            }
          />
        </div>
      </Panel>
    </Flex>
  );
}
