import { Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

import { LoadFailed } from '../../../components/LoadFailed';
import { PageLoader } from '../../../components/PageLoader';
import { useAdminText } from '../adminTexts';
import { SectionCard } from '../components/SectionCard';
import { StatCard } from '../components/StatCard';
import { StatGrid } from '../components/StatGrid';
import { useAdminFormat } from '../components/useAdminFormat';
import { ADMIN_NAMESPACE } from '../i18n';
import { useCampaignReport, type CampaignRecord, type Performance } from './api';
import { LinkClicksTable, ProblemsTable } from './ReportTables';
import { SendingProgress } from './SendingProgress';

// The charts library is most of the admin's weight: loaded only when there is a chart to draw.
const EngagementChart = lazy(() => import('./EngagementChart').then((module) => ({ default: module.EngagementChart })));

/** A started campaign's progress, performance, opens and clicks over time, clicks per link and failures; live while sending. */
export function CampaignFigures({ campaign }: { campaign: CampaignRecord }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { errorText } = useAdminText();
  const report = useCampaignReport(campaign);
  const { performance } = campaign;
  return (
    <Stack gap="lg">
      <SendingProgress campaign={campaign} progress={report.data?.progress} />
      <PerformanceCards performance={performance} />
      {report.isPending && <PageLoader />}
      {report.isError && <LoadFailed error={new Error(errorText(report.error))} onRetry={() => void report.refetch()} />}
      {report.data && (
        <>
          <SectionCard title={t('campaigns.report.overTime')}>
            {report.data.timeline.length > 0 ? (
              <Suspense fallback={<PageLoader />}>
                <EngagementChart report={report.data} />
              </Suspense>
            ) : (
              <Text c="dimmed">{t('campaigns.report.noEngagement')}</Text>
            )}
          </SectionCard>
          <SectionCard title={t('campaigns.report.links')}>
            <LinkClicksTable links={report.data.links} />
          </SectionCard>
          <SectionCard title={t('campaigns.report.problems')}>
            <ProblemsTable problems={report.data.problems} total={performance.failed + performance.bounced} />
          </SectionCard>
        </>
      )}
    </Stack>
  );
}

/** The headline figures: e-mails sent, open and click rates (of the e-mails sent), failures and bounces. */
function PerformanceCards({ performance }: { performance: Performance }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const format = useAdminFormat();
  const detail = (text: string) => (
    <Text size="sm" c="dimmed">
      {text}
    </Text>
  );
  return (
    <StatGrid>
      <StatCard label={t('campaigns.emailsSent')} value={format.count(performance.sent)} />
      <StatCard label={t('campaigns.openRate')} value={format.percent(performance.openRate)} detail={detail(t('campaigns.report.opened', { count: performance.opened, members: format.count(performance.opened) }))} />
      <StatCard label={t('campaigns.clickRate')} value={format.percent(performance.clickRate)} detail={detail(t('campaigns.report.clicked', { count: performance.clicked, members: format.count(performance.clicked) }))} />
      <StatCard label={t('campaigns.report.failed')} value={format.count(performance.failed)} />
      <StatCard label={t('campaigns.report.bounced')} value={format.count(performance.bounced)} />
    </StatGrid>
  );
}
