import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { ADMIN_NAMESPACE } from '../i18n';
import { downloadCsv, toCsv } from './csv';
import { nextSort, type TableSort } from './SortableHeader';
import { TableLayout, type Column, type TableView } from './TableLayout';
import { PAGE_SIZES } from './TablePager';
import { TableSearch } from './TableSearch';

export type { Column } from './TableLayout';

export { PAGE_SIZES } from './TablePager';
export type { TableSort } from './SortableHeader';


/**
 * The server pages, sorts and searches: the table shows `rows` as this page and hands the user's
 * choices to the parent, which fetches again (and goes back to page 1 when the search or sort changes).
 */
export interface ServerMode {
  total: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  sort?: TableSort;
  onSortChange?: (sort: TableSort) => void;
  /** The search in force; with `onSearchChange` a search box reports what is typed, after a pause. */
  search?: string;
  onSearchChange?: (search: string) => void;
  /** Exports every row the search and filters leave, across all pages; without it the table has no export. */
  onExport?: () => Promise<void>;
  /** A newer page is on its way. */
  fetching?: boolean;
  /** No page has come yet: a spinner instead of the empty text. */
  loading?: boolean;
}

interface CommonProps<T> {
  /** Names the table for screen readers and the export's file. */
  label: string;
  /** All the rows, or with `server` the current page's. */
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => string;
  /** Names a row's selection box (default: its key). */
  rowLabel?: (row: T) => string;
  /** Buttons acting on the selected rows; with it, rows can be selected. */
  bulkActions?: (selected: T[], clearSelection: () => void) => ReactNode;
  /** Buttons beside the search box, e.g. "Add". */
  actions?: ReactNode;
  /** Shown when there are no rows (with `server`, also when the search finds none); empty shows nothing. */
  emptyText: string;
  /** The width below which the table scrolls sideways rather than squeezes its columns. */
  minWidth?: number;
}

export type DataTableProps<T> = CommonProps<T> &
  (
    | { /** The text a row is searched by (case-insensitive substring). */ searchText: (row: T) => string; server?: undefined }
    | { server: ServerMode; searchText?: undefined }
  );

/**
 * The admin's one table: search, sort by a column header, page sizes 10/25/50/100, row selection with
 * actions on the selection, and CSV export of the rows the search leaves (all pages). By default it
 * does all that itself over every row; with `server` the server does (for lists too long to load).
 */
export function DataTable<T>(props: DataTableProps<T>) {
  return props.server ? <ServerTable {...props} server={props.server} /> : <ClientTable {...props} searchText={props.searchText} />;
}

function ClientTable<T>({ searchText, ...props }: CommonProps<T> & { searchText: (row: T) => string }) {
  const { t, i18n } = useTranslation(ADMIN_NAMESPACE);
  const { rows, columns, label } = props;
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<TableSort>();
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const [page, setPage] = useState(1);

  const shown = useMemo(() => {
    const needle = query.trim().toLocaleLowerCase();
    const found = needle === '' ? [...rows] : rows.filter((row) => searchText(row).toLocaleLowerCase().includes(needle));
    const column = columns.find((candidate) => candidate.key === sort?.key);
    if (!column?.sortValue || !sort) return found;
    const collator = new Intl.Collator(i18n.language, { numeric: true, sensitivity: 'base' });
    const value = column.sortValue;
    const sorted = found.sort((a, b) => {
      const [x, y] = [value(a), value(b)];
      return typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y));
    });
    return sort.descending ? sorted.reverse() : sorted;
  }, [rows, query, sort, columns, searchText, i18n.language]);

  const current = Math.min(page, Math.max(1, Math.ceil(shown.length / pageSize)));
  const view: TableView<T> = {
    rows: shown.slice((current - 1) * pageSize, current * pageSize),
    total: shown.length,
    page: current,
    pageSize,
    setPage,
    setPageSize: (size) => {
      setPageSize(size);
      setPage(1);
    },
    sort,
    sortBy: (key) => setSort(nextSort(sort, key)),
    isSortable: (column) => column.sortValue !== undefined,
    exportAll: () => {
      const exported = columns.filter((column) => column.csv);
      const text = toCsv(shown, exported.map((column) => ({ header: column.header, value: column.csv! })));
      downloadCsv(`${label.toLocaleLowerCase().replaceAll(/\s+/g, '-')}.csv`, text);
    },
    allRows: rows,
  };
  const search = (
    <TableSearch
      value={query}
      onChange={(value) => {
        setQuery(value);
        setPage(1);
      }}
    />
  );
  return <TableLayout {...props} view={view} search={search} emptyMessage={query.trim() === '' ? props.emptyText : t('table.noMatches')} />;
}

function ServerTable<T>({ server, ...props }: CommonProps<T> & { server: ServerMode }) {
  const view: TableView<T> = {
    rows: props.rows,
    total: server.total,
    page: server.page,
    pageSize: server.pageSize,
    setPage: server.onPageChange,
    setPageSize: server.onPageSizeChange,
    sort: server.sort,
    sortBy: (key) => server.onSortChange?.(nextSort(server.sort, key)),
    isSortable: (column) => column.sortable === true && server.onSortChange !== undefined,
    exportAll: server.onExport,
    fetching: server.fetching,
    loading: server.loading,
  };
  const search = server.onSearchChange && <TableSearch value={server.search ?? ''} onChange={server.onSearchChange} debounced />;
  return <TableLayout {...props} view={view} search={search} emptyMessage={props.emptyText} />;
}
