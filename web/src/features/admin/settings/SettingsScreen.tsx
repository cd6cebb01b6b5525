import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { usePageTitle } from '../../../components/usePageTitle';
import { ADMIN_NAMESPACE } from '../i18n';
import { AiModelSettings } from './AiModelSettings';
import { AnalyticsCollectionSettings } from './AnalyticsCollectionSettings';
import { AnalyticsSettings } from './AnalyticsSettings';
import { AuditRetentionSettings } from './AuditRetentionSettings';
import { BotCheckSettings } from './BotCheckSettings';
import { CampaignSendingSettings } from './CampaignSendingSettings';
import { DkimSettings } from './DkimSettings';
import { EmailSettings } from './EmailSettings';
import { SiteSettings } from './SiteSettings';
import { SocialEmbedsSettings } from './SocialEmbedsSettings';

/** System settings: one card per group of settings. */
export function SettingsScreen() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  usePageTitle('admin');
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('screens.settings')}
      </Title>
      <SiteSettings />
      <EmailSettings />
      <DkimSettings />
      <CampaignSendingSettings />
      <AnalyticsCollectionSettings />
      <AnalyticsSettings />
      <AiModelSettings />
      <BotCheckSettings />
      <AuditRetentionSettings />
      <SocialEmbedsSettings />
    </Stack>
  );
}
