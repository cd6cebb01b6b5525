import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { TestEmailSender } from '../components/TestEmailSender';
import { ADMIN_NAMESPACE } from '../i18n';
import { sendTestEmail } from './api';

/** Sends a test e-mail with the saved settings (POST /api/admin/settings/email/test), to the admin by default. */
export function EmailTest() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  return (
    <Box mt="lg">
      <TestEmailSender
        send={sendTestEmail}
        texts={{
          title: t('settings.email.testTitle'),
          hint: t('settings.email.testHint'),
          to: t('settings.email.testTo'),
          send: t('settings.email.testSend'),
          sent: (to) => t('settings.email.testSent', { to }),
        }}
      />
    </Box>
  );
}
