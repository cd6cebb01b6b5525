import { Alert, Group, Stack, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { LoadFailed } from '../../../components/LoadFailed';
import { PageLoader } from '../../../components/PageLoader';
import { RangePicker } from '../components/RangePicker';
import type { ReportRange } from '../components/reportRange';
import { RefreshButton } from '../components/RefreshButton';
import { ADMIN_NAMESPACE } from '../i18n';
import { useAiMetrics } from './api';
import { FeedbackStats, MetricsStats } from './MetricsStats';
import { MetricsTables } from './MetricsTables';

// The charts library is most of the admin's weight: only this tab loads it.
const MetricsCharts = lazy(() => import('./MetricsCharts').then((module) => ({ default: module.MetricsCharts })));

/** The assistant's use over a chosen period (refreshed every 30 s while shown). */
export function MetricsTab() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const [period, setPeriod] = useState<ReportRange>({ range: '24h' });
  const metrics = useAiMetrics(period);
  return (
    <Stack>
      <Title order={2} size="h3">
        {t('ai.metrics.title')}
      </Title>
      <Group justify="space-between" align="flex-end">
        <RangePicker value={period} onChange={setPeriod} />
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
                <MetricsCharts metrics={metrics.data} />
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
