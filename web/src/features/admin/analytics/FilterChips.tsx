import { Button, CloseButton, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { ADMIN_NAMESPACE } from '../i18n';
import { FILTERS, type FilterName, type Filters } from './api';
import { useValueLabel } from './useValueLabel';

/** The filters in force, each removable; they narrow every number, chart and list of the screen. */
export function FilterChips({ filters, onRemove, onClear }: { filters: Filters; onRemove: (name: FilterName) => void; onClear: () => void }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const label = useValueLabel();
  const active = FILTERS.filter((name) => filters[name] !== undefined);
  if (active.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('analytics.filters.hint')}
      </Text>
    );
  }
  return (
    <Group gap="xs" role="group" aria-label={t('analytics.filters.label')}>
      {active.map((name) => {
        const value = label(name, filters[name] ?? '');
        const filterName = t(`analytics.filterNames.${name}`);
        return (
          <Paper key={name} withBorder radius="xl" px="sm" py={2} bg="pink.0">
            <Group gap={4} wrap="nowrap">
              <Text size="sm">
                {filterName}: <strong>{value}</strong>
              </Text>
              <CloseButton size="sm" aria-label={t('analytics.filters.remove', { name: filterName, value })} onClick={() => onRemove(name)} />
            </Group>
          </Paper>
        );
      })}
      {active.length > 1 && (
        <Button variant="subtle" size="compact-sm" onClick={onClear}>
          {t('analytics.filters.clear')}
        </Button>
      )}
    </Group>
  );
}
