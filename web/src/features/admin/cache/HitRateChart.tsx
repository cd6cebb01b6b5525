import '@mantine/charts/styles.layer.css';

import { LineChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';

import { directionOf } from '../../../i18n/languages';
import { useAdminFormat } from '../components/useAdminFormat';
import { ADMIN_NAMESPACE } from '../i18n';
import type { CacheName, CacheReport } from './api';

const COLORS: Record<CacheName | 'all', string> = {
  all: 'dark.6',
  publicReads: 'blue.6',
  renderedPages: 'grape.6',
  settings: 'orange.6',
  assistantAnswers: 'teal.6',
  retrievalIndex: 'pink.6',
};

/**
 * The hit rate of each minute of the last hour: one line for every cache together, one per cache. A minute
 * without queries has no rate: the line breaks there rather than dropping to 0.
 */
export function HitRateChart({ report }: { report: CacheReport }) {
  const { t, i18n } = useTranslation(ADMIN_NAMESPACE);
  const format = useAdminFormat();
  const tick = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' });
  const names = report.caches.map((cache) => cache.name);
  const data = report.history.map((point) => ({
    time: tick.format(point.minute),
    all: point.hitRate,
    ...Object.fromEntries(names.map((name) => [name, point.caches.find((cache) => cache.name === name)?.hitRate ?? null])),
  }));
  const series = [
    { name: 'all', label: t('cache.chart.all'), color: COLORS.all },
    ...names.map((name) => ({ name, label: t(`cache.names.${name}`), color: COLORS[name] })),
  ];
  // The chart's drawing stays left to right (its labels are placed for it); right to left, time runs from
  // the right, the rates stand on the right, and the legend and tooltip read right to left.
  const rtl = directionOf(i18n.language) === 'rtl';
  return (
    <LineChart
      h={260}
      data={data}
      dataKey="time"
      series={series}
      connectNulls={false}
      withLegend
      valueFormatter={(value) => format.percent(value)}
      xAxisProps={{ reversed: rtl }}
      yAxisProps={{
        domain: [0, 1],
        ...(rtl && { orientation: 'right', tick: { transform: 'translate(10, 0)', fontSize: 12, fill: 'currentColor' } }),
      }}
      styles={rtl ? { legend: { direction: 'rtl' }, tooltip: { direction: 'rtl' } } : undefined}
    />
  );
}
