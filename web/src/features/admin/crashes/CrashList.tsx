import { Alert, Anchor, Group, SegmentedControl, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { LoadFailed } from '../../../components/LoadFailed';
import { useAdminText } from '../adminTexts';
import { DataTable, type Column } from '../components/DataTable';
import { useAdminFormat } from '../components/useAdminFormat';
import { useServerTable } from '../components/useServerTable';
import { ADMIN_NAMESPACE } from '../i18n';
import { CRASH_STATUSES, exportCrashes, UNRESOLVED, useCrashes, type CrashFilters, type CrashGroup } from './api';
import { CrashActions } from './CrashActions';
import { StatusBadge } from '../components/StatusBadge';
import { CRASH_LOOKS } from './statusLooks';

const STATUS_CHOICES = [...CRASH_STATUSES, 'all'] as const;

/** Crash groups, last seen first: the new ones by default, searched by message, acted on in bulk. */
export function CrashList() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { errorText } = useAdminText();
  const format = useAdminFormat();
  const table = useServerTable<CrashFilters>({ filters: UNRESOLVED, searchable: true });
  const { filters, search, page, pageSize } = table.view;
  const chosen = { ...filters, search };
  const crashes = useCrashes(chosen, page, pageSize);
  const { data } = crashes;

  const columns: Column<CrashGroup>[] = [
    {
      key: 'message',
      header: t('crashes.message'),
      cell: (group) => (
        <Anchor component={Link} to={group.id} size="sm" lineClamp={2} maw={360} style={{ wordBreak: 'break-word' }}>
          {group.message || t('crashes.noMessage')}
        </Anchor>
      ),
    },
    { key: 'status', header: t('crashes.status'), cell: (group) => <StatusBadge status={group.status} looks={CRASH_LOOKS} label={t(`crashes.statuses.${group.status}`)} /> },
    { key: 'occurrences', header: t('crashes.occurrences'), cell: (group) => format.count(group.occurrences) },
    { key: 'users', header: t('crashes.users'), cell: (group) => format.count(group.users) },
    { key: 'firstSeen', header: t('crashes.firstSeen'), cell: (group) => <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{format.dateTime(group.firstSeen)}</Text> },
    { key: 'lastSeen', header: t('crashes.lastSeen'), cell: (group) => <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{format.dateTime(group.lastSeen)}</Text> },
    { key: 'browsers', header: t('crashes.browsers'), cell: (group) => <Text size="xs">{group.browsers.join(', ')}</Text> },
  ];

  return (
    <>
      <Title order={1} size="h2" mb="lg">
        {t('screens.crashes')}
      </Title>
      {data && data.droppedThisWeek > 0 && (
        <Alert color="yellow" mb="md" icon={<IconAlertTriangle aria-hidden />}>
          {t('crashes.dropped', { count: data.droppedThisWeek })}
        </Alert>
      )}
      <Group mb="md">
        <SegmentedControl
          aria-label={t('crashes.status')}
          value={filters.status}
          onChange={(status) => table.setFilters({ ...filters, status: status })}
          data={STATUS_CHOICES.map((status) => ({ value: status, label: t(`crashes.statuses.${status}`) }))}
        />
      </Group>
      {crashes.isError && <LoadFailed title={t('crashes.loadFailed')} error={new Error(errorText(crashes.error))} onRetry={() => void crashes.refetch()} />}
      <DataTable
        label={t('screens.crashes')}
        rows={data?.groups ?? []}
        columns={columns}
        rowKey={(group) => group.id}
        rowLabel={(group) => group.message}
        emptyText={crashes.isError ? '' : t(filters.status === 'new' && !search ? 'crashes.noneNew' : 'crashes.empty')}
        bulkActions={(selected, clear) => <CrashActions groups={selected} onDone={clear} />}
        server={table.server({ ...crashes, rowCount: data?.groups.length ?? 0 }, () => exportCrashes(chosen))}
      />
    </>
  );
}
