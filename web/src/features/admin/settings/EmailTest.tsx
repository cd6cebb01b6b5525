import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { useCurrentUser } from '../../../lib/session/session';
import { email } from '../../../lib/form/validation';
import { useAdminText } from '../adminTexts';
import { ADMIN_NAMESPACE } from '../i18n';
import { sendTestEmail } from './api';

type Outcome = { sent: true; to: string } | { sent: false; message: string };

/** Sends a test e-mail with the saved settings (POST /api/admin/settings/email/test), to the admin by default. */
export function EmailTest() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { text, errorText } = useAdminText();
  const [to, setTo] = useState(useCurrentUser()?.email ?? '');
  const [invalid, setInvalid] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(undefined);
    const problem = email(to);
    setInvalid(problem);
    if (problem) return;
    setBusy(true);
    try {
      await sendTestEmail(to.trim());
      setOutcome({ sent: true, to: to.trim() });
    } catch (failure) {
      setOutcome({ sent: false, message: errorText(failure) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void send(event)} noValidate aria-labelledby="email-test-title">
      <Stack gap="xs" mt="lg">
        <Title order={3} size="h5" id="email-test-title">
          {t('settings.email.testTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('settings.email.testHint')}
        </Text>
        <Group align="flex-start">
          <TextInput
            label={t('settings.email.testTo')}
            type="email"
            value={to}
            onChange={(event) => setTo(event.currentTarget.value)}
            error={invalid ? text(invalid) : undefined}
            aria-invalid={invalid ? true : undefined}
            style={{ flex: 1, minWidth: '14rem' }}
          />
          <Button type="submit" loading={busy} variant="light" mt={22}>
            {t('settings.email.testSend')}
          </Button>
        </Group>
        {outcome?.sent === true && (
          <Alert color="teal" role="status">
            {t('settings.email.testSent', { to: outcome.to })}
          </Alert>
        )}
        {outcome?.sent === false && (
          <Alert color="red" role="alert">
            {outcome.message}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
