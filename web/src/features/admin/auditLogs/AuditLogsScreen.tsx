import { Anchor, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { LoadFailed } from '../../../components/LoadFailed';
import { usePageTitle } from '../../../components/usePageTitle';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/limits';
import { useAdminText } from '../adminTexts';
import { DataTable, type Column } from '../components/DataTable';
import { notifyError } from '../components/notify';
import { PAGE_SIZES } from '../components/TablePager';
import { ADMIN_NAMESPACE } from '../i18n';
import { AuditLogFilters } from './AuditLogFilters';
import { exportAuditLogs, NO_FILTERS, useAuditLogs, type AuditEntry, type AuditFilters } from './api';
import { useAuditLabels } from './useAuditLabels';

/** The audit log: who did what to which resource, when and from where; filtered, paged and exported by the server. */
export function AuditLogsScreen() {
  const { t, i18n } = useTranslation(ADMIN_NAMESPACE);
  usePageTitle('admin');
  const { errorText } = useAdminText();
  const { actionLabel, resourceTypeLabel } = useAuditLabels();
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  // The user id is typed: it is asked for once typing pauses.
  const [userId] = useDebouncedValue(filters.userId, SEARCH_DEBOUNCE_MS);
  const log = useAuditLogs({ ...filters, userId }, page, pageSize);
  const { data } = log;
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });

  const filter = (next: AuditFilters) => {
    setFilters(next);
    setPage(1);
  };

  const columns: Column<AuditEntry>[] = [
    { key: 'createdAt', header: t('auditLogs.time'), cell: (entry) => <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{time.format(entry.createdAt)}</Text> },
    {
      key: 'user',
      header: t('auditLogs.user'),
      cell: ({ userId: id, username }) =>
        id === null ? (
          <Text size="sm" c="dimmed">{username ?? t('auditLogs.noUser')}</Text>
        ) : (
          <Anchor component="button" type="button" size="sm" title={t('auditLogs.onlyUser', { id })} onClick={() => filter({ ...filters, userId: id })}>
            {username ?? id}
          </Anchor>
        ),
    },
    { key: 'action', header: t('auditLogs.action'), cell: (entry) => actionLabel(entry.action) },
    { key: 'resourceType', header: t('auditLogs.resourceType'), cell: (entry) => resourceTypeLabel(entry.resourceType) },
    { key: 'resource', header: t('auditLogs.resource'), cell: (entry) => <Text size="sm" ff="monospace">{entry.resourceId ?? ''}</Text> },
    { key: 'ip', header: t('auditLogs.ip'), cell: (entry) => entry.ip },
    {
      key: 'userAgent',
      header: t('auditLogs.userAgent'),
      cell: (entry) => <Text size="xs" lineClamp={2} title={entry.userAgent} maw={260}>{entry.userAgent}</Text>,
    },
  ];

  const exportAll = async () => {
    try {
      await exportAuditLogs({ ...filters, userId });
    } catch (failure) {
      notifyError(errorText(failure));
    }
  };

  return (
    <>
      <Title order={1} size="h2" mb="lg">
        {t('screens.auditLogs')}
      </Title>
      <AuditLogFilters filters={filters} onChange={filter} actions={data?.actions ?? []} resourceTypes={data?.resourceTypes ?? []} />
      {log.isError && <LoadFailed title={t('auditLogs.loadFailed')} error={new Error(errorText(log.error))} onRetry={() => void log.refetch()} />}
      <DataTable
        label={t('screens.auditLogs')}
        rows={data?.entries ?? []}
        columns={columns}
        rowKey={(entry) => entry.id}
        emptyText={log.isError ? '' : t('auditLogs.empty')}
        server={{
          total: data?.total ?? 0,
          page,
          pageSize,
          onPageChange: setPage,
          onPageSizeChange: (size) => {
            setPageSize(size);
            setPage(1);
          },
          onExport: exportAll,
          fetching: log.isPlaceholderData,
          loading: log.isPending,
        }}
      />
    </>
  );
}
