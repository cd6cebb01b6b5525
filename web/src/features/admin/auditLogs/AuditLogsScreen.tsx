import { Anchor, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

import { LoadFailed } from '../../../components/LoadFailed';
import { usePageTitle } from '../../../components/usePageTitle';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/limits';
import { useAdminText } from '../adminTexts';
import { DataTable, type Column } from '../components/DataTable';
import { useServerTable } from '../components/useServerTable';
import { ADMIN_NAMESPACE } from '../i18n';
import { AuditLogFilters } from './AuditLogFilters';
import { exportAuditLogs, NO_FILTERS, useAuditLogs, type AuditEntry } from './api';
import { useAuditLabels } from './useAuditLabels';

/** The audit log: who did what to which resource, when and from where; filtered, paged and exported by the server. */
export function AuditLogsScreen() {
  const { t, i18n } = useTranslation(ADMIN_NAMESPACE);
  usePageTitle('admin');
  const { errorText } = useAdminText();
  const { actionLabel, resourceTypeLabel } = useAuditLabels();
  const table = useServerTable({ filters: NO_FILTERS });
  const { filters, page, pageSize } = table.view;
  // The user id is typed: it is asked for once typing pauses.
  const [userId] = useDebouncedValue(filters.userId, SEARCH_DEBOUNCE_MS);
  const log = useAuditLogs({ ...filters, userId }, page, pageSize);
  const { data } = log;
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });

  const columns: Column<AuditEntry>[] = [
    { key: 'createdAt', header: t('auditLogs.time'), cell: (entry) => <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{time.format(entry.createdAt)}</Text> },
    {
      key: 'user',
      header: t('auditLogs.user'),
      cell: ({ userId: id, username }) =>
        id === null ? (
          <Text size="sm" c="dimmed">{username ?? t('auditLogs.noUser')}</Text>
        ) : (
          <Anchor component="button" type="button" size="sm" title={t('auditLogs.onlyUser', { id })} onClick={() => table.setFilters({ ...filters, userId: id })}>
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

  return (
    <>
      <Title order={1} size="h2" mb="lg">
        {t('screens.auditLogs')}
      </Title>
      <AuditLogFilters filters={filters} onChange={table.setFilters} actions={data?.actions ?? []} resourceTypes={data?.resourceTypes ?? []} />
      {log.isError && <LoadFailed title={t('auditLogs.loadFailed')} error={new Error(errorText(log.error))} onRetry={() => void log.refetch()} />}
      <DataTable
        label={t('screens.auditLogs')}
        rows={data?.entries ?? []}
        columns={columns}
        rowKey={(entry) => entry.id}
        emptyText={log.isError ? '' : t('auditLogs.empty')}
        server={table.server({ ...log, rowCount: data?.entries.length ?? 0 }, () => exportAuditLogs({ ...filters, userId }))}
      />
    </>
  );
}
