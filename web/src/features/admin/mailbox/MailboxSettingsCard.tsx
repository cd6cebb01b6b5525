import { Alert, Button, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiError, type Problem } from '../../../api/errors';
import { useForm } from '../../../lib/form/useForm';
import { useAdminText } from '../adminTexts';
import { notifyError, notifySuccess } from '../components/notify';
import { ADMIN_NAMESPACE } from '../i18n';
import { SecretInput } from '../components/SecretInput';
import { SettingsCard } from '../components/SettingsCard';
import { SECURITIES, testMailboxConnection, useMailboxSettings, useSaveMailboxSettings, type ConnectionTest, type Security } from './api';
import { checkMailbox, DEFAULT_PORTS, maskMovedAway, PASSWORD_AGAIN, toSettings, toValues, type MailboxValues } from './mailboxForm';

/** The mailbox's server, sign-in and check interval, with a connection test of the values as they stand. */
export function MailboxSettingsCard() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const stored = useMailboxSettings();
  return (
    <SettingsCard title={t('mailbox.settings.title')} intro={t('mailbox.settings.intro')} settings={stored}>
      {(settings) => <MailboxForm saved={toValues(settings)} />}
    </SettingsCard>
  );
}

/** What the last test found, or why it could not be made (invalid fields aside, which show at the fields). */
type Tested = { answer: ConnectionTest } | { problem: string };

function MailboxForm({ saved }: { saved: MailboxValues }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { problemText, errorText } = useAdminText();
  const save = useSaveMailboxSettings();
  const form = useForm(saved, checkMailbox, problemText);
  // The last saved values: the password's mask goes with their server and user only.
  const [stored, setStored] = useState(saved);
  const passwordAgain = maskMovedAway(form.values, stored);
  const [testing, setTesting] = useState(false);
  const [tested, setTested] = useState<Tested>();

  /** The server's per-field problems at the fields; true when it sent some. */
  const showFieldErrors = (failure: unknown) => {
    const fields = failure instanceof ApiError ? failure.fields : {};
    if (!Object.keys(fields).some((name) => name in saved)) return false;
    form.showServerErrors(fields);
    return true;
  };

  /** True when the values may go: the mask must not go to another server or user. */
  const passwordGoesWith = () => {
    if (passwordAgain) form.showServerErrors({ password: PASSWORD_AGAIN });
    return !passwordAgain;
  };

  const submit = form.onSubmit(async () => {
    if (!passwordGoesWith()) return;
    try {
      const answer = await save(toSettings(form.values));
      const now = toValues(answer);
      setStored(now);
      // The password comes back masked: the form holds the mask from now on, as after a reload.
      form.setValue('password', now.password);
      notifySuccess(t('mailbox.settings.saved'));
    } catch (failure) {
      if (!showFieldErrors(failure)) notifyError(t('mailbox.settings.saveFailed', { reason: errorText(failure) }));
    }
  });

  const test = async () => {
    setTested(undefined);
    const problems = Object.fromEntries(Object.entries(checkMailbox(form.values)).filter((entry): entry is [string, Problem] => entry[1] !== undefined));
    if (Object.keys(problems).length > 0) {
      form.showServerErrors(problems);
      return;
    }
    if (!passwordGoesWith()) return;
    setTesting(true);
    try {
      setTested({ answer: await testMailboxConnection(toSettings(form.values)) });
    } catch (failure) {
      if (!showFieldErrors(failure)) setTested({ problem: errorText(failure) });
    } finally {
      setTesting(false);
    }
  };

  const chooseSecurity = (value: string | null) => {
    const security = SECURITIES.find((known) => known === value);
    if (!security) return;
    const previous = SECURITIES.find((known) => known === form.values.security);
    // A port left at the old security's usual one follows the new security.
    const followsDefault = previous !== undefined && form.values.port === String(DEFAULT_PORTS[previous]);
    form.setFields(followsDefault ? { security, port: String(DEFAULT_PORTS[security]) } : { security });
  };

  const numberField = (name: 'port' | 'checkEveryMinutes') => ({
    name,
    value: form.values[name],
    onChange: (value: string | number) => form.setValue(name, String(value)),
    error: form.errorOf(name),
    'aria-invalid': form.errorOf(name) ? true : undefined,
    allowDecimal: false,
    clampBehavior: 'none' as const,
  });

  const { formRef } = form;
  return (
    <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate aria-label={t('mailbox.settings.title')}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('mailbox.settings.host')} description={t('mailbox.settings.hostHint')} required autoComplete="off" dir="ltr" {...form.textField('host')} />
          <NumberInput label={t('mailbox.settings.port')} required min={1} max={65535} {...numberField('port')} />
          <Select
            label={t('mailbox.settings.security')}
            description={t(`mailbox.settings.securityHints.${(form.values.security as Security) || 'tls'}`)}
            name="security"
            data={SECURITIES.map((value) => ({ value, label: t(`mailbox.settings.securities.${value}`) }))}
            value={form.values.security}
            onChange={chooseSecurity}
            allowDeselect={false}
          />
          <NumberInput
            label={t('mailbox.settings.checkEvery')}
            description={t('mailbox.settings.checkEveryHint')}
            required
            min={1}
            max={1440}
            {...numberField('checkEveryMinutes')}
          />
          <TextInput label={t('mailbox.settings.username')} required autoComplete="off" dir="ltr" {...form.textField('username')} />
          <SecretInput
            label={t('mailbox.settings.password')}
            required
            {...form.textField('password')}
            // Said before the save refuses it: the stored password does not follow a new server or user.
            {...(passwordAgain && { description: problemText(PASSWORD_AGAIN) })}
          />
        </SimpleGrid>
        <TestResult tested={tested} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" leftSection={<IconPlugConnected size={16} aria-hidden />} loading={testing} onClick={() => void test()}>
            {t('mailbox.settings.test')}
          </Button>
          <Button type="submit" loading={form.busy}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The connection test's outcome: the messages counted, or the failure in plain words with the server's own. */
function TestResult({ tested }: { tested: Tested | undefined }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  if (tested === undefined) return null;
  if ('answer' in tested && tested.answer.connected) {
    const count = tested.answer.messages ?? 0;
    return (
      <Alert color="teal" role="status" p="xs">
        {t('mailbox.settings.connected', { count, messages: count })}
      </Alert>
    );
  }
  const reason = 'problem' in tested ? tested.problem : t(`mailbox.failures.${tested.answer.failure ?? 'protocol'}`);
  const detail = 'answer' in tested ? tested.answer.detail : null;
  return (
    <Alert color="red" role="alert" p="xs" title={t('mailbox.settings.connectionFailed')}>
      <Text size="sm">{reason}</Text>
      {detail && (
        <Text size="xs" c="dimmed" mt={4} dir="auto">
          {detail}
        </Text>
      )}
    </Alert>
  );
}
