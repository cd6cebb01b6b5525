import { useState } from 'react';

import { useAdminText } from '../adminTexts';
import type { ServerMode } from './DataTable';
import { notifyError } from './notify';
import type { TableSort } from './SortableHeader';
import { PAGE_SIZES } from './TablePager';

/** What a server-paged table asks for: its filters, search and sort, and which page. */
export interface ServerTableView<Filters> {
  filters: Filters;
  search: string;
  sort: TableSort | undefined;
  page: number;
  pageSize: number;
}

interface Answer {
  /** The page the server sent, or undefined before the first. */
  data: { total: number } | undefined;
  /** The rows on that page. */
  rowCount: number;
  /** A newer page is on its way (the last one stays on screen meanwhile). */
  isPlaceholderData: boolean;
  isPending: boolean;
}

/**
 * The state of a table whose server filters, searches, sorts and pages (users, the audit log): a new
 * filter, search, sort or page size starts again on the first page, and a page emptied under the user
 * (rows deleted) gives way to the last page there still is. `server` gives the DataTable its props.
 */
export function useServerTable<Filters>(initial: { filters: Filters; sort?: TableSort; searchable?: boolean; pageSize?: number }) {
  const { errorText } = useAdminText();
  const [view, setView] = useState<ServerTableView<Filters>>({ filters: initial.filters, search: '', sort: initial.sort, page: 1, pageSize: initial.pageSize ?? PAGE_SIZES[0] });
  const refine = (update: Partial<ServerTableView<Filters>>) => setView((current) => ({ ...current, ...update, page: 1 }));

  /** `exportAll` gives the table its export button. */
  const server = ({ data, rowCount, isPlaceholderData, isPending }: Answer, exportAll?: () => Promise<void>): ServerMode => {
    const lastPage = Math.ceil((data?.total ?? 0) / view.pageSize);
    if (data && rowCount === 0 && data.total > 0 && view.page > 1 && view.page !== lastPage) setView({ ...view, page: lastPage });
    return {
      total: data?.total ?? 0,
      page: view.page,
      pageSize: view.pageSize,
      onPageChange: (page) => setView((current) => ({ ...current, page })),
      onPageSizeChange: (pageSize) => refine({ pageSize }),
      ...(view.sort && { sort: view.sort, onSortChange: (sort: TableSort) => refine({ sort }) }),
      ...(initial.searchable && { search: view.search, onSearchChange: (search: string) => refine({ search }) }),
      ...(exportAll && {
        onExport: async () => {
          try {
            await exportAll();
          } catch (failure) {
            notifyError(errorText(failure));
          }
        },
      }),
      fetching: isPlaceholderData,
      loading: isPending,
    };
  };

  return { view, setFilters: (filters: Filters) => refine({ filters }), server };
}
