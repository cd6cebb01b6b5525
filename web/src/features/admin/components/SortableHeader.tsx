import { Group, Table, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { ADMIN_NAMESPACE } from '../i18n';

/** Which column the rows are sorted by, and which way. */
export type TableSort = { key: string; descending: boolean };

/** A column header; a sortable one is a button showing (and saying, with aria-sort) how the rows are sorted. */
export function SortableHeader({ header, columnKey, sortable, sort, onSort }: { header: string; columnKey: string; sortable: boolean; sort: TableSort | undefined; onSort: (key: string) => void }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const sorted = sort?.key === columnKey;
  return (
    <Table.Th aria-sort={sorted ? (sort.descending ? 'descending' : 'ascending') : undefined}>
      {sortable ? (
        <UnstyledButton onClick={() => onSort(columnKey)} fw={700} fz="sm">
          <Group gap={4} wrap="nowrap">
            {header}
            {!sorted ? <IconArrowsSort size={14} aria-hidden /> : sort.descending ? <IconArrowDown size={14} aria-hidden /> : <IconArrowUp size={14} aria-hidden />}
            <VisuallyHidden>{t('table.sortBy', { column: header })}</VisuallyHidden>
          </Group>
        </UnstyledButton>
      ) : (
        header
      )}
    </Table.Th>
  );
}

/** The sort after a click on `key`'s header: ascending first, then the other way on each click. */
export const nextSort = (current: TableSort | undefined, key: string): TableSort =>
  current?.key === key ? { key, descending: !current.descending } : { key, descending: false };
