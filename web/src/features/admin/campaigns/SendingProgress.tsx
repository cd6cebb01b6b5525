import { Group, Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { SectionCard } from '../components/SectionCard';
import { NO_VALUE, useAdminFormat } from '../components/useAdminFormat';
import { ADMIN_NAMESPACE } from '../i18n';
import type { CampaignRecord, CampaignReport } from './api';

/**
 * How far the sending has gone: the recipients tried (sent, failed or bounced) out of all, and while it
 * sends its pace and the time left at that pace.
 */
export function SendingProgress({ campaign, progress }: { campaign: CampaignRecord; progress: CampaignReport['progress'] | undefined }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const format = useAdminFormat();
  const { sent, failed, bounced } = campaign.performance;
  const tried = sent + failed + bounced;
  const share = campaign.recipients > 0 ? tried / campaign.recipients : 0;
  const sending = campaign.status === 'sending';
  return (
    <SectionCard title={t('campaigns.progress.title')}>
      <Progress.Root size="xl" mb="xs">
        <Progress.Section
          // Whole percents: the bar is read out as its value.
          value={Math.floor(share * 100)}
          color={campaign.status === 'paused' ? 'yellow' : campaign.status === 'cancelled' ? 'gray' : undefined}
          animated={sending}
          aria-label={t('campaigns.progress.label')}
        />
      </Progress.Root>
      <Group gap="lg" wrap="wrap">
        <Text size="sm" fw={500}>
          {t('campaigns.progress.tried', { tried: format.count(tried), recipients: format.count(campaign.recipients), percent: format.percent(share) })}
        </Text>
        {sending && (
          <>
            <Text size="sm">{t('campaigns.progress.rate', { rate: progress ? format.count(Math.round(progress.ratePerSecond * 10) / 10) : NO_VALUE })}</Text>
            <Text size="sm">{t('campaigns.progress.timeLeft', { time: format.duration(progress?.secondsLeft ?? null) })}</Text>
          </>
        )}
        <Text size="sm" c={failed + bounced > 0 ? 'red.8' : undefined}>
          {t('campaigns.progress.failures', { count: failed + bounced, failures: format.count(failed + bounced) })}
        </Text>
      </Group>
    </SectionCard>
  );
}
