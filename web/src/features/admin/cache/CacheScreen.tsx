import { Alert, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { LoadFailed } from '../../../components/LoadFailed';
import { PageLoader } from '../../../components/PageLoader';
import { usePageTitle } from '../../../components/usePageTitle';
import { useAdminText } from '../adminTexts';
import { RefreshButton } from '../components/RefreshButton';
import { SectionCard } from '../components/SectionCard';
import { useAdminFormat } from '../components/useAdminFormat';
import { ADMIN_NAMESPACE } from '../i18n';
import { useCacheReport, type CacheReport, type ClearTarget } from './api';
import { CacheCard } from './CacheCard';
import { CacheTotals } from './CacheTotals';
import { ClearDialog } from './ClearDialog';
import { RedisPanel } from './RedisPanel';

// The charts library is most of the admin's weight: loaded only when there is a chart to draw.
const HitRateChart = lazy(() => import('./HitRateChart').then((module) => ({ default: module.HitRateChart })));

/** Cache monitoring: each cache's figures and status, the last hour's hit rate, Redis; live every 10 s. */
export function CacheScreen() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { errorText } = useAdminText();
  const format = useAdminFormat();
  usePageTitle('admin');
  const report = useCacheReport();
  const [clearing, setClearing] = useState<ClearTarget>();
  return (
    <>
      <Title order={1} size="h2" mb="xs">
        {t('screens.cache')}
      </Title>
      <Text c="dimmed" mb="md">
        {t('cache.intro')}
      </Text>
      <Group justify="space-between" mb="lg">
        <Text size="sm">{report.data && t('cache.updated', { time: format.time(report.data.generatedAt) })}</Text>
        <Group gap="sm">
          <RefreshButton onRefresh={() => void report.refetch()} refreshing={report.isFetching} />
          <Button color="red" leftSection={<IconTrash size={16} aria-hidden />} disabled={!report.data} onClick={() => setClearing('all')}>
            {t('cache.clearAll')}
          </Button>
        </Group>
      </Group>
      {report.isPending && <PageLoader />}
      {report.isError && <LoadFailed error={new Error(errorText(report.error))} onRetry={() => void report.refetch()} />}
      {report.data && <Report report={report.data} onClear={setClearing} />}
      <ClearDialog target={clearing} onClose={() => setClearing(undefined)} />
    </>
  );
}

function Report({ report, onClear }: { report: CacheReport; onClear: (target: ClearTarget) => void }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  if (report.caches.length === 0) return <Alert color="gray">{t('cache.empty')}</Alert>;
  const queried = report.history.some((minute) => minute.queries > 0);
  return (
    <Stack gap="lg">
      <CacheTotals report={report} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {report.caches.map((cache) => (
          <CacheCard key={cache.name} cache={cache} minQueries={report.minQueries} onClear={onClear} />
        ))}
      </SimpleGrid>
      <SectionCard title={t('cache.chart.title')}>
        {queried ? (
          <Suspense fallback={<PageLoader />}>
            <HitRateChart report={report} />
          </Suspense>
        ) : (
          <Text c="dimmed">{t('cache.chart.empty')}</Text>
        )}
      </SectionCard>
      {report.redis && <RedisPanel redis={report.redis} />}
    </Stack>
  );
}
