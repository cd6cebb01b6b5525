import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { StatCard } from '../components/StatCard';
import { StatGrid } from '../components/StatGrid';
import { NO_VALUE, useAdminFormat } from '../components/useAdminFormat';
import { ADMIN_NAMESPACE } from '../i18n';
import type { AnalyticsReport, Figure } from './api';

type HeadlineName = keyof AnalyticsReport['headline'];

/** Whether a rise is good news: a bounce rate should fall. */
const RISE_IS_GOOD: Record<HeadlineName, boolean> = {
  visitors: true,
  visits: true,
  pageviews: true,
  viewsPerVisit: true,
  bounceRate: false,
  averageVisitSecs: true,
};

const LABELS: Record<HeadlineName, 'visitors' | 'visits' | 'pageviews' | 'viewsPerVisit' | 'bounceRate' | 'averageVisit'> = {
  visitors: 'visitors',
  visits: 'visits',
  pageviews: 'pageviews',
  viewsPerVisit: 'viewsPerVisit',
  bounceRate: 'bounceRate',
  averageVisitSecs: 'averageVisit',
};

/** The change against the previous period of the same length, in words, green when it is good news. */
function Change({ figure, riseIsGood }: { figure: Figure; riseIsGood: boolean }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const format = useAdminFormat();
  const { value, previous } = figure;
  if (previous === 0) {
    return (
      <Text size="xs" c="dimmed">
        {value === 0 ? t('analytics.change.same') : t('analytics.change.new')}
      </Text>
    );
  }
  const change = (value - previous) / previous;
  if (Math.abs(change) < 0.0005) {
    return (
      <Text size="xs" c="dimmed">
        {t('analytics.change.same')}
      </Text>
    );
  }
  const good = change > 0 === riseIsGood;
  return (
    <Text size="xs" c={good ? 'green.9' : 'red.9'}>
      {t(change > 0 ? 'analytics.change.up' : 'analytics.change.down', { change: format.percent(Math.abs(change)) })}
    </Text>
  );
}

/** The headline numbers, each beside the previous period's, and the visitors of the last five minutes. */
export function Headline({ report, visitorsNow }: { report: AnalyticsReport; visitorsNow: number | undefined }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const format = useAdminFormat();
  const { headline } = report;
  const shown: Record<HeadlineName, string> = {
    visitors: format.count(headline.visitors.value),
    visits: format.count(headline.visits.value),
    pageviews: format.count(headline.pageviews.value),
    viewsPerVisit: format.decimal(headline.viewsPerVisit.value),
    bounceRate: format.percent(headline.bounceRate.value),
    averageVisitSecs: format.duration(headline.averageVisitSecs.value),
  };
  return (
    <StatGrid>
      <StatCard
        label={t('analytics.headline.visitorsNow')}
        value={visitorsNow === undefined ? NO_VALUE : format.count(visitorsNow)}
        detail={
          <Text size="xs" c="dimmed">
            {t('analytics.visitorsNowHint')}
          </Text>
        }
      />
      {(Object.keys(LABELS) as HeadlineName[]).map((name) => (
        <StatCard
          key={name}
          label={t(`analytics.headline.${LABELS[name]}`)}
          value={shown[name]}
          detail={<Change figure={headline[name]} riseIsGood={RISE_IS_GOOD[name]} />}
        />
      ))}
    </StatGrid>
  );
}
