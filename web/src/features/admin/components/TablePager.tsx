import { Group, Pagination, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { ADMIN_NAMESPACE } from '../i18n';

/** Rows per page the tables offer (spec §9). */
export const PAGE_SIZES = [10, 25, 50, 100] as const;

interface TablePagerProps {
  /** Rows across all pages. */
  total: number;
  /** Rows on this page. */
  shown: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** Offers the page sizes; without it, the server's page size is fixed. */
  onPageSizeChange?: (pageSize: number) => void;
}

/** Under a table: which rows show of how many, the page size (when it can change), and the pages. */
export function TablePager({ total, shown, page, pageSize, onPageChange, onPageSizeChange }: TablePagerProps) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const from = shown === 0 ? 0 : (page - 1) * pageSize + 1;
  return (
    <Group justify="space-between" mt="sm" gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        {t('table.showing', { from, to: from === 0 ? 0 : from + shown - 1, total })}
      </Text>
      <Group gap="sm">
        {onPageSizeChange && (
          <Select
            aria-label={t('table.pageSize')}
            data={PAGE_SIZES.map((size) => ({ value: String(size), label: t('table.perPage', { count: size }) }))}
            value={String(pageSize)}
            onChange={(value) => onPageSizeChange(Number(value ?? PAGE_SIZES[0]))}
            allowDeselect={false}
            w={150}
          />
        )}
        {pageCount > 1 && (
          <Pagination
            total={pageCount}
            value={Math.min(page, pageCount)}
            onChange={onPageChange}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': t(`table.${control}`) })}
            getItemProps={(item) => ({ 'aria-label': t('table.page', { page: item }) })}
          />
        )}
      </Group>
    </Group>
  );
}
