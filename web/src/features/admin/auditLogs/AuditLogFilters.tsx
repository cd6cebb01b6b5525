import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { ADMIN_NAMESPACE } from '../i18n';
import { NO_FILTERS, type AuditFilters } from './api';
import { useAuditLabels } from './useAuditLabels';

interface AuditLogFiltersProps {
  filters: AuditFilters;
  onChange: (filters: AuditFilters) => void;
  /** Every action and resource type in the log, for the drop-downs. */
  actions: readonly string[];
  resourceTypes: readonly string[];
}

/** The log's filters (spec §2): action, resource type, user id, start and end dates, and a reset. */
export function AuditLogFilters({ filters, onChange, actions, resourceTypes }: AuditLogFiltersProps) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { actionLabel, resourceTypeLabel } = useAuditLabels();
  const set = (update: Partial<AuditFilters>) => onChange({ ...filters, ...update });
  const backwards = filters.startDate !== '' && filters.endDate !== '' && filters.endDate < filters.startDate;
  const filtered = Object.values(filters).some((value) => value !== '');

  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mb="sm">
        <Select
          label={t('auditLogs.action')}
          placeholder={t('auditLogs.allActions')}
          data={actions.map((action) => ({ value: action, label: actionLabel(action) }))}
          value={filters.action || null}
          onChange={(action) => set({ action: action ?? '' })}
          clearable
          searchable
        />
        <Select
          label={t('auditLogs.resourceType')}
          placeholder={t('auditLogs.allResourceTypes')}
          data={resourceTypes.map((type) => ({ value: type, label: resourceTypeLabel(type) }))}
          value={filters.resourceType || null}
          onChange={(resourceType) => set({ resourceType: resourceType ?? '' })}
          clearable
          searchable
        />
        <TextInput label={t('auditLogs.userId')} value={filters.userId} onChange={(event) => set({ userId: event.currentTarget.value })} />
        <TextInput label={t('auditLogs.startDate')} type="date" value={filters.startDate} onChange={(event) => set({ startDate: event.currentTarget.value })} />
        <TextInput
          label={t('auditLogs.endDate')}
          type="date"
          value={filters.endDate}
          min={filters.startDate || undefined}
          onChange={(event) => set({ endDate: event.currentTarget.value })}
          error={backwards ? t('auditLogs.endBeforeStart') : undefined}
        />
      </SimpleGrid>
      <Group mb="md">
        <Button variant="default" leftSection={<IconFilterOff size={16} aria-hidden />} onClick={() => onChange(NO_FILTERS)} disabled={!filtered}>
          {t('auditLogs.resetFilters')}
        </Button>
      </Group>
    </>
  );
}
