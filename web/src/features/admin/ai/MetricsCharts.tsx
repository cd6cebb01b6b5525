import '@mantine/charts/styles.layer.css';

import { AreaChart, BarChart, DonutChart } from '@mantine/charts';
import { SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { isLanguage } from '../../../i18n/languages';
import { SectionCard } from '../components/SectionCard';
import { useAdminFormat } from '../components/useAdminFormat';
import { ADMIN_NAMESPACE } from '../i18n';
import type { AiMetrics, Provider } from './api';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How a bucket's start reads on the time axis: its time over a day at most, its day and hour over two weeks, its date beyond. */
function tickFormat({ from, to }: AiMetrics): Intl.DateTimeFormatOptions {
  if (to - from <= DAY_MS) return { timeStyle: 'short' };
  return to - from <= 14 * DAY_MS ? { weekday: 'short', hour: 'numeric' } : { month: 'short', day: 'numeric' };
}

const PROVIDER_COLORS: Record<Provider, string> = { gateway: 'blue.6', edge: 'orange.6', basic: 'gray.6' };

const CHART_HEIGHT = 240;

/** The period's requests and errors over time, who answered, in which language, and how fast with and without context. */
export function MetricsCharts({ metrics }: { metrics: AiMetrics }) {
  const { t, i18n } = useTranslation(ADMIN_NAMESPACE);
  const { t: tCommon } = useTranslation();
  const format = useAdminFormat();
  const tick = new Intl.DateTimeFormat(i18n.language, tickFormat(metrics));
  const requests = t('ai.metrics.requests');

  const timeline = metrics.timeline.map((bucket) => ({ time: tick.format(bucket.at), requests: bucket.requests, errors: bucket.errors }));
  const providers = metrics.providers.map(({ provider, requests: count }) => ({
    name: t(`ai.providers.${provider}`),
    value: count,
    color: PROVIDER_COLORS[provider],
  }));
  const languages = metrics.languages.map(({ lang, requests: count }) => ({ language: isLanguage(lang) ? tCommon(`languages.${lang}`) : lang, requests: count }));
  const timing = [
    { kind: t('ai.metrics.withContext'), ms: metrics.timing.withContextMs },
    { kind: t('ai.metrics.withoutContext'), ms: metrics.timing.withoutContextMs },
  ];

  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      <SectionCard title={t('ai.metrics.overTime')}>
        <AreaChart
          h={CHART_HEIGHT}
          data={timeline}
          dataKey="time"
          series={[
            { name: 'requests', label: requests, color: 'blue.6' },
            { name: 'errors', label: t('ai.metrics.errors'), color: 'red.6' },
          ]}
          withLegend
          withDots={false}
          valueFormatter={(value) => format.count(value)}
        />
      </SectionCard>
      <SectionCard title={t('ai.metrics.byProvider')}>
        <DonutChart data={providers} withLegend withLabels labelsType="percent" mx="auto" valueFormatter={(value) => format.count(value)} />
      </SectionCard>
      <SectionCard title={t('ai.metrics.byLanguage')}>
        <BarChart
          h={CHART_HEIGHT}
          data={languages}
          dataKey="language"
          series={[{ name: 'requests', label: requests, color: 'violet.6' }]}
          valueFormatter={(value) => format.count(value)}
        />
      </SectionCard>
      <SectionCard title={t('ai.metrics.timing')}>
        <BarChart
          h={CHART_HEIGHT}
          data={timing}
          dataKey="kind"
          series={[{ name: 'ms', label: t('ai.metrics.averageResponse'), color: 'teal.6' }]}
          valueFormatter={(value) => format.ms(value)}
        />
      </SectionCard>
    </SimpleGrid>
  );
}

