import { Button, Checkbox, Group, Pagination, Select, Table, Text, TextInput, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconDownload, IconSearch } from '@tabler/icons-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { ADMIN_NAMESPACE } from '../i18n';
import { downloadCsv, toCsv } from './csv';

/** Rows per page the tables offer (spec §9). */
export const PAGE_SIZES = [10, 25, 50, 100] as const;

export interface Column<T> {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** What the column sorts by; without it the column does not sort. */
  sortValue?: (row: T) => string | number;
  /** The column's cell in a CSV export; without it the column is not exported. */
  csv?: (row: T) => string | number | boolean | null | undefined;
}

export interface DataTableProps<T> {
  /** Names the table for screen readers and the export's file. */
  label: string;
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => string;
  /** The text a row is searched by (case-insensitive substring). */
  searchText: (row: T) => string;
  /** Buttons acting on the selected rows; with it, rows can be selected. */
  bulkActions?: (selected: T[], clearSelection: () => void) => ReactNode;
  /** Buttons beside the search box, e.g. "Add". */
  actions?: ReactNode;
  emptyText: string;
}

type Sort = { key: string; descending: boolean };

/**
 * The admin's one table: search, sort by a column header, page sizes 10/25/50/100, row selection with
 * actions on the selection, and CSV export of the rows the search leaves (all pages).
 */
export function DataTable<T>({ label, rows, columns, rowKey, searchText, bulkActions, actions, emptyText }: DataTableProps<T>) {
  const { t, i18n } = useTranslation(ADMIN_NAMESPACE);
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<Sort>();
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

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

  const pageCount = Math.max(1, Math.ceil(shown.length / pageSize));
  const current = Math.min(page, pageCount);
  const pageRows = shown.slice((current - 1) * pageSize, current * pageSize);
  const selectedRows = rows.filter((row) => selected.has(rowKey(row)));
  const allOnPageSelected = pageRows.length > 0 && pageRows.every((row) => selected.has(rowKey(row)));
  const someOnPageSelected = pageRows.some((row) => selected.has(rowKey(row)));

  const toggle = (ids: string[], on: boolean) => {
    const next = new Set(selected);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    setSelected(next);
  };

  const sortBy = (key: string) => setSort(sort?.key === key ? { key, descending: !sort.descending } : { key, descending: false });

  const exportCsv = () => {
    const exported = columns.filter((column) => column.csv);
    const text = toCsv(shown, exported.map((column) => ({ header: column.header, value: column.csv! })));
    downloadCsv(`${label.toLocaleLowerCase().replaceAll(/\s+/g, '-')}.csv`, text);
  };

  const from = shown.length === 0 ? 0 : (current - 1) * pageSize + 1;
  return (
    <>
      <Group justify="space-between" mb="sm" gap="sm">
        <TextInput
          type="search"
          aria-label={t('table.search')}
          placeholder={t('table.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={query}
          onChange={(event) => {
            setQuery(event.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: '1 1 14rem' }}
        />
        <Group gap="xs">
          {actions}
          <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={exportCsv} disabled={shown.length === 0}>
            {t('table.exportCsv')}
          </Button>
        </Group>
      </Group>
      {bulkActions && selectedRows.length > 0 && (
        <Group mb="sm" gap="xs" role="region" aria-label={t('table.selection')}>
          <Text size="sm">{t('table.selected', { count: selectedRows.length })}</Text>
          {bulkActions(selectedRows, () => setSelected(new Set()))}
        </Group>
      )}
      <Table.ScrollContainer minWidth={560}>
        <Table striped highlightOnHover verticalSpacing="xs" aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              {bulkActions && (
                <Table.Th w={40}>
                  <Checkbox
                    aria-label={t('table.selectPage')}
                    checked={allOnPageSelected}
                    indeterminate={someOnPageSelected && !allOnPageSelected}
                    onChange={(event) => toggle(pageRows.map(rowKey), event.currentTarget.checked)}
                  />
                </Table.Th>
              )}
              {columns.map((column) => (
                <Table.Th key={column.key} aria-sort={sort?.key === column.key ? (sort.descending ? 'descending' : 'ascending') : undefined}>
                  {column.sortValue ? (
                    <UnstyledButton onClick={() => sortBy(column.key)} fw={700} fz="sm">
                      <Group gap={4} wrap="nowrap">
                        {column.header}
                        {sort?.key !== column.key ? (
                          <IconArrowsSort size={14} aria-hidden />
                        ) : sort.descending ? (
                          <IconArrowDown size={14} aria-hidden />
                        ) : (
                          <IconArrowUp size={14} aria-hidden />
                        )}
                        <VisuallyHidden>{t('table.sortBy', { column: column.header })}</VisuallyHidden>
                      </Group>
                    </UnstyledButton>
                  ) : (
                    column.header
                  )}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pageRows.map((row) => {
              const id = rowKey(row);
              return (
                <Table.Tr key={id} bg={selected.has(id) ? 'var(--mantine-primary-color-light)' : undefined}>
                  {bulkActions && (
                    <Table.Td>
                      <Checkbox aria-label={t('table.selectRow', { row: id })} checked={selected.has(id)} onChange={(event) => toggle([id], event.currentTarget.checked)} />
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
      {shown.length === 0 && (
        <Text c="dimmed" ta="center" py="lg">
          {query.trim() === '' ? emptyText : t('table.noMatches')}
        </Text>
      )}
      <Group justify="space-between" mt="sm" gap="sm">
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('table.showing', { from, to: from === 0 ? 0 : from + pageRows.length - 1, total: shown.length })}
        </Text>
        <Group gap="sm">
          <Select
            aria-label={t('table.pageSize')}
            data={PAGE_SIZES.map((size) => ({ value: String(size), label: t('table.perPage', { count: size }) }))}
            value={String(pageSize)}
            onChange={(value) => {
              setPageSize(Number(value ?? PAGE_SIZES[0]));
              setPage(1);
            }}
            allowDeselect={false}
            w={150}
          />
          {pageCount > 1 && (
            <Pagination
              total={pageCount}
              value={current}
              onChange={setPage}
              size="sm"
              getControlProps={(control) => ({ 'aria-label': t(`table.${control}`) })}
              getItemProps={(item) => ({ 'aria-label': t('table.page', { page: item }) })}
            />
          )}
        </Group>
      </Group>
    </>
  );
}
