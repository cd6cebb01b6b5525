import { Alert, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { LoadFailed } from '../../../components/LoadFailed';
import { PageLoader } from '../../../components/PageLoader';
import { RefreshButton } from '../components/RefreshButton';
import { ADMIN_NAMESPACE } from '../i18n';
import { RANGES, useAiMetrics, type Range } from './api';
import { FeedbackStats, MetricsStats } from './MetricsStats';
import { MetricsTables } from './MetricsTables';

// The charts library is most of the admin's weight: only this tab loads it.
const MetricsCharts = lazy(() => import('./MetricsCharts').then((module) => ({ default: module.MetricsCharts })));

/** The assistant's use over a chosen period (refreshed every 30 s while shown). */
export function MetricsTab() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const [range, setRange] = useState<Range>('24h');
  const metrics = useAiMetrics(range);
  return (
    <Stack>
      <Title order={2} size="h3">
        {t('ai.metrics.title')}
      </Title>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="ai-metrics-range">
            {t('ai.metrics.range')}
          </Text>
          <SegmentedControl
            aria-labelledby="ai-metrics-range"
            value={range}
            onChange={(value) => setRange(value)}
            data={RANGES.map((value) => ({ value, label: t(`ai.ranges.${value}`) }))}
          />
        </Stack>
        <RefreshButton onRefresh={() => void metrics.refetch()} refreshing={metrics.isFetching} />
      </Group>
      {metrics.isPending && <PageLoader />}
      {metrics.isError && <LoadFailed error={metrics.error} onRetry={() => void metrics.refetch()} />}
      {metrics.data && (
        <>
          <MetricsStats metrics={metrics.data} />
          {metrics.data.totalRequests === 0 ? (
            <Alert color="gray">{t('ai.metrics.empty')}</Alert>
          ) : (
            <>
              <Suspense fallback={<PageLoader />}>
                <MetricsCharts metrics={metrics.data} range={metrics.data.range} />
              </Suspense>
              <MetricsTables metrics={metrics.data} />
              <FeedbackStats feedback={metrics.data.feedback} />
            </>
          )}
        </>
      )}
    </Stack>
  );
}
