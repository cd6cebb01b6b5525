import { Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { StatCard } from '../components/StatCard';
import { useAdminFormat } from '../components/useAdminFormat';
import { ADMIN_NAMESPACE } from '../i18n';
import type { CacheReport } from './api';
import { StatusBadge } from '../components/StatusBadge';
import { CACHE_LOOKS } from './statusLooks';

/** Every cache together: the headline numbers, the site's status (each cache's weighed by its traffic), and how many instances they count. */
export function CacheTotals({ report }: { report: CacheReport }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const format = useAdminFormat();
  const { total } = report;
  return (
    <Stack component="section" aria-labelledby="cache-totals" gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h3" id="cache-totals">
          {t('cache.totals')}
        </Title>
        <Group gap="xs">
          <Text size="sm">{t('cache.overallStatus')}</Text>
          <StatusBadge status={total.status} looks={CACHE_LOOKS} label={t(`cache.statuses.${total.status}`)} />
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
        <StatCard label={t('cache.fields.hitRate')} value={format.percent(total.hitRate)} />
        <StatCard label={t('cache.fields.missRate')} value={format.percent(total.missRate)} />
        <StatCard label={t('cache.fields.averageMiss')} value={format.ms(total.averageMissMs)} />
        <StatCard label={t('cache.fields.averageQuery')} value={format.ms(total.averageQueryMs)} />
        <StatCard label={t('cache.fields.queries')} value={format.count(total.queries)} />
        <StatCard label={t('cache.fields.entries')} value={format.count(total.entries)} />
        <StatCard label={t('cache.fields.size')} value={format.bytes(total.bytes)} />
        <StatCard label={t('cache.fields.evictions')} value={format.count(total.evictions)} />
        <StatCard label={t('cache.instances')} value={format.count(report.instances)} />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {t('cache.overallHint')}
      </Text>
    </Stack>
  );
}
