import '@mantine/charts/styles.layer.css';

import { AreaChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';

import { directionOf } from '../../../i18n/languages';
import { ADMIN_NAMESPACE } from '../i18n';
import type { AnalyticsReport } from './api';

const HOUR_MS = 60 * 60 * 1000;

/** Visitors and page views per minute, hour or day of the range; right to left, time runs from the right. */
export function TrafficChart({ report }: { report: AnalyticsReport }) {
  const { t, i18n } = useTranslation(ADMIN_NAMESPACE);
  const tick = new Intl.DateTimeFormat(i18n.language, report.stepMs < 24 * HOUR_MS ? { timeStyle: 'short' } : { day: 'numeric', month: 'short' });
  const data = report.series.map((slot) => ({ time: tick.format(slot.at), visitors: slot.visitors, pageviews: slot.pageviews }));
  const rtl = directionOf(i18n.language) === 'rtl';
  return (
    <AreaChart
      h={280}
      data={data}
      dataKey="time"
      series={[
        { name: 'pageviews', label: t('analytics.chart.pageviews'), color: 'pink.6' },
        { name: 'visitors', label: t('analytics.chart.visitors'), color: 'indigo.6' },
      ]}
      curveType="monotone"
      withLegend
      withDots={data.length <= 31}
      xAxisProps={{ reversed: rtl }}
      yAxisProps={{
        allowDecimals: false,
        ...(rtl && { orientation: 'right', tick: { transform: 'translate(10, 0)', fontSize: 12, fill: 'currentColor' } }),
      }}
      styles={rtl ? { legend: { direction: 'rtl' }, tooltip: { direction: 'rtl' } } : undefined}
    />
  );
}
