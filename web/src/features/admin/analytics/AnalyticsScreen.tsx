import { Alert, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

import { LoadFailed } from '../../../components/LoadFailed';
import { PageLoader } from '../../../components/PageLoader';
import { usePageTitle } from '../../../components/usePageTitle';
import { useAdminText } from '../adminTexts';
import { RangePicker } from '../components/RangePicker';
import { RefreshButton } from '../components/RefreshButton';
import { SectionCard } from '../components/SectionCard';
import { ADMIN_NAMESPACE } from '../i18n';
import { BREAKDOWNS, useAnalyticsReport, useLiveActivity, type AnalyticsReport, type BreakdownName, type FilterName } from './api';
import { BreakdownCard } from './BreakdownCard';
import { ExportMenu } from './ExportMenu';
import { FilterChips } from './FilterChips';
import { Headline } from './Headline';
import { RecentActivity } from './RecentActivity';
import { useSelection } from './selection';

// The charts library is most of the admin's weight: loaded only when there is a chart to draw.
const TrafficChart = lazy(() => import('./TrafficChart').then((module) => ({ default: module.TrafficChart })));

/** The site's own analytics (issue 18): a range, filters, the headline numbers, the chart, every breakdown, the live activity. */
export function AnalyticsScreen() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { errorText } = useAdminText();
  usePageTitle('admin');
  const { selection, setRange, addFilter, removeFilter, clearFilters } = useSelection();
  const report = useAnalyticsReport(selection);
  const live = useLiveActivity(selection.filters);
  return (
    <>
      <Title order={1} size="h2" mb="xs">
        {t('screens.analytics')}
      </Title>
      <Text c="dimmed" mb="md">
        {t('analytics.intro')}
      </Text>
      <Group justify="space-between" align="flex-end" mb="sm">
        <RangePicker key={selection.range} value={selection} onChange={setRange} />
        <Group gap="sm">
          <ExportMenu selection={selection} />
          <RefreshButton
            onRefresh={() => void Promise.all([report.refetch(), live.refetch()])}
            refreshing={report.isFetching || live.isFetching}
          />
        </Group>
      </Group>
      <Stack gap="lg">
        <FilterChips filters={selection.filters} onRemove={removeFilter} onClear={clearFilters} />
        {report.isPending && <PageLoader />}
        {report.isError && <LoadFailed error={new Error(errorText(report.error))} onRetry={() => void report.refetch()} />}
        {report.data && <Report report={report.data} visitorsNow={live.data?.visitorsNow} onFilter={addFilter} />}
        {live.isError && <LoadFailed error={new Error(errorText(live.error))} onRetry={() => void live.refetch()} />}
        {live.data && <RecentActivity recent={live.data.recent} />}
      </Stack>
    </>
  );
}

function Report({ report, visitorsNow, onFilter }: { report: AnalyticsReport; visitorsNow: number | undefined; onFilter: (filter: FilterName, value: string) => void }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const viewed = report.series.some((slot) => slot.pageviews > 0);
  return (
    <Stack gap="lg">
      <Headline report={report} visitorsNow={visitorsNow} />
      <SectionCard title={t('analytics.chart.title')}>
        {viewed ? (
          <Suspense fallback={<PageLoader />}>
            <TrafficChart report={report} />
          </Suspense>
        ) : (
          <Text c="dimmed">{t('analytics.chart.empty')}</Text>
        )}
      </SectionCard>
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
        {(Object.keys(BREAKDOWNS) as BreakdownName[]).map((name) => (
          <BreakdownCard key={name} name={name} rows={report.breakdowns[name]} onFilter={onFilter} />
        ))}
      </SimpleGrid>
      {report.bots > 0 && (
        <Text size="sm" c="dimmed">
          {t('analytics.bots', { count: report.bots })}
        </Text>
      )}
      {report.dropped > 0 && (
        <Alert color="orange" variant="light">
          {t('analytics.dropped', { count: report.dropped })}
        </Alert>
      )}
    </Stack>
  );
}
