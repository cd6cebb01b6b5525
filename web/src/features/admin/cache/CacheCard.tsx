import { Button, Group, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { Facts } from '../components/Facts';
import { SectionCard } from '../components/SectionCard';
import { useAdminFormat } from '../components/useAdminFormat';
import { ADMIN_NAMESPACE } from '../i18n';
import type { CacheFigures, CacheName } from './api';
import { StatusBadge } from '../components/StatusBadge';
import { CACHE_LOOKS } from './statusLooks';

/** One cache: what it holds, its status against its thresholds, its figures, and a way to clear it. */
export function CacheCard({ cache, minQueries, onClear }: { cache: CacheFigures; minQueries: number; onClear: (name: CacheName) => void }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const format = useAdminFormat();
  const name = t(`cache.names.${cache.name}`);
  return (
    <SectionCard title={name}>
      <Text size="sm" mb="xs">
        {t(`cache.descriptions.${cache.name}`)}
      </Text>
      <Group gap="xs" mb="xs" wrap="nowrap" align="flex-start">
        <StatusBadge status={cache.status} looks={CACHE_LOOKS} label={t(`cache.statuses.${cache.status}`)} />
        <Text size="xs" c="dimmed">
          {t('cache.thresholds', {
            warning: format.percent(cache.thresholds.warningBelow),
            critical: format.percent(cache.thresholds.criticalBelow),
            minQueries: format.count(minQueries),
          })}
        </Text>
      </Group>
      <Facts
        label={name}
        facts={[
          [t('cache.fields.hitRate'), format.percent(cache.hitRate)],
          [t('cache.fields.missRate'), format.percent(cache.missRate)],
          [t('cache.fields.averageMiss'), format.ms(cache.averageMissMs)],
          [t('cache.fields.averageQuery'), format.ms(cache.averageQueryMs)],
          [t('cache.fields.queries'), format.count(cache.queries)],
          [t('cache.fields.hits'), format.count(cache.hits)],
          [t('cache.fields.misses'), format.count(cache.misses)],
          [t('cache.fields.entries'), format.count(cache.entries)],
          [t('cache.fields.size'), format.bytes(cache.bytes)],
          [t('cache.fields.evictions'), format.count(cache.evictions)],
        ]}
      />
      <Group justify="flex-end" mt="sm">
        <Button variant="light" color="red" leftSection={<IconTrash size={16} aria-hidden />} aria-label={t('cache.clearOf', { name })} onClick={() => onClear(cache.name)}>
          {t('cache.clear')}
        </Button>
      </Group>
    </SectionCard>
  );
}
