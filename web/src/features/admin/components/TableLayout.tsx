import { Button, Checkbox, Group, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { PageLoader } from '../../../components/PageLoader';
import { ADMIN_NAMESPACE } from '../i18n';
import { SortableHeader, type TableSort } from './SortableHeader';
import { TablePager } from './TablePager';

export interface Column<T> {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** What the column sorts by; without it the column does not sort. */
  sortValue?: (row: T) => string | number;
  /** Server mode: the server sorts by this column (its `key` names it). */
  sortable?: boolean;
  /** The column's cell in a CSV export; without it the column is not exported. */
  csv?: (row: T) => string | number | boolean | null | undefined;
}

/** What a table shows and how the user moves through it, whoever pages, sorts and searches (this page or the server). */
export interface TableView<T> {
  /** The rows of the current page. */
  rows: readonly T[];
  /** Rows across all pages. */
  total: number;
  page: number;
  pageSize: number;
  setPage: (page: number) => void;
  setPageSize: (pageSize: number) => void;
  sort: TableSort | undefined;
  sortBy: (key: string) => void;
  isSortable: (column: Column<T>) => boolean;
  /** Without it, no export button. */
  exportAll?: () => void | Promise<void>;
  /** Every row, when the page has them all: the selection keeps only rows still among them, in their order. */
  allRows?: readonly T[];
  /** A newer page is on its way (the rows shown are the previous ones). */
  fetching?: boolean;
  /** No page has come yet. */
  loading?: boolean;
}

interface TableLayoutProps<T> {
  label: string;
  columns: readonly Column<T>[];
  rowKey: (row: T) => string;
  rowLabel?: (row: T) => string;
  bulkActions?: (selected: T[], clearSelection: () => void) => ReactNode;
  actions?: ReactNode;
  search?: ReactNode;
  emptyMessage: string;
  minWidth?: number;
  view: TableView<T>;
}

/** Draws a table view: search and buttons, the selection's actions, the rows, and the pager. */
export function TableLayout<T>({ label, columns, rowKey, rowLabel = rowKey, bulkActions, actions, search, emptyMessage, minWidth = 560, view }: TableLayoutProps<T>) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  // Rows by key: on a server-paged table the selection outlives the page its rows came from.
  const [selected, setSelected] = useState<ReadonlyMap<string, T>>(new Map());
  const [exporting, setExporting] = useState(false);

  const { rows, exportAll } = view;
  const selectedRows = view.allRows ? view.allRows.filter((row) => selected.has(rowKey(row))) : [...selected.values()];
  const allOnPageSelected = rows.length > 0 && rows.every((row) => selected.has(rowKey(row)));
  const someOnPageSelected = rows.some((row) => selected.has(rowKey(row)));

  const toggle = (changed: readonly T[], on: boolean) => {
    const next = new Map(selected);
    for (const row of changed) {
      if (on) next.set(rowKey(row), row);
      else next.delete(rowKey(row));
    }
    setSelected(next);
  };

  const runExport = async (write: () => void | Promise<void>) => {
    setExporting(true);
    try {
      await write();
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <Group justify="space-between" mb="sm" gap="sm">
        {search ?? <span />}
        <Group gap="xs">
          {actions}
          {exportAll && (
            <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={() => void runExport(exportAll)} loading={exporting} disabled={view.total === 0}>
              {t('table.exportCsv')}
            </Button>
          )}
        </Group>
      </Group>
      {bulkActions && selectedRows.length > 0 && (
        <Group mb="sm" gap="xs" role="region" aria-label={t('table.selection')}>
          <Text size="sm">{t('table.selected', { count: selectedRows.length })}</Text>
          {bulkActions(selectedRows, () => setSelected(new Map()))}
        </Group>
      )}
      <Table.ScrollContainer minWidth={minWidth}>
        <Table striped highlightOnHover verticalSpacing="xs" aria-label={label} aria-busy={view.fetching || undefined} opacity={view.fetching ? 0.6 : 1}>
          <Table.Thead>
            <Table.Tr>
              {bulkActions && (
                <Table.Th w={40}>
                  <Checkbox
                    aria-label={t('table.selectPage')}
                    checked={allOnPageSelected}
                    indeterminate={someOnPageSelected && !allOnPageSelected}
                    onChange={(event) => toggle(rows, event.currentTarget.checked)}
                  />
                </Table.Th>
              )}
              {columns.map((column) => (
                <SortableHeader key={column.key} header={column.header} columnKey={column.key} sortable={view.isSortable(column)} sort={view.sort} onSort={view.sortBy} />
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const id = rowKey(row);
              return (
                <Table.Tr key={id} bg={selected.has(id) ? 'var(--mantine-primary-color-light)' : undefined}>
                  {bulkActions && (
                    <Table.Td>
                      <Checkbox aria-label={t('table.selectRow', { row: rowLabel(row) })} checked={selected.has(id)} onChange={(event) => toggle([row], event.currentTarget.checked)} />
                    </Table.Td>
                  )}
                  {columns.map((column) => (
                    <Table.Td key={column.key}>{column.cell(row)}</Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {view.loading ? (
        <PageLoader />
      ) : (
        view.total === 0 &&
        emptyMessage && (
          <Text c="dimmed" ta="center" py="lg">
            {emptyMessage}
          </Text>
        )
      )}
      <TablePager total={view.total} shown={rows.length} page={view.page} pageSize={view.pageSize} onPageChange={view.setPage} onPageSizeChange={view.setPageSize} />
    </>
  );
}
