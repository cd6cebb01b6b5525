import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { usePageTitle } from '../../../components/usePageTitle';
import { ADMIN_NAMESPACE } from '../i18n';
import { InboxCard } from './InboxCard';
import { MailboxSettingsCard } from './MailboxSettingsCard';

/**
 * POP3 e-mail verification (/admin/email/pop3, the admin's alone): the mailbox where campaigns' bounces
 * come back, its settings and connection test, and its inbox with each message's checks and classification.
 */
export function MailboxScreen() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  usePageTitle('admin');
  return (
    <>
      <Title order={1} size="h2" mb="lg">
        {t('screens.pop3')}
      </Title>
      <Stack gap="lg">
        <MailboxSettingsCard />
        <InboxCard />
      </Stack>
    </>
  );
}
