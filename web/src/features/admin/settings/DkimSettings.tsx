import { ActionIcon, Alert, Button, CopyButton, Group, SimpleGrid, Stack, Text, Textarea, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiError } from '../../../api/errors';
import { useForm } from '../../../lib/form/useForm';
import { useAdminText } from '../adminTexts';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { notifyError, notifySuccess } from '../components/notify';
import { ADMIN_NAMESPACE } from '../i18n';
import { useSaveSettings, useSettings } from './api';
import { STORED_SECRET } from '../components/SecretInput';
import { checkDkim, dkimViewSchema, isOff, KEY_AGAIN, maskMovedAway, SIGNING_OFF, toSettings, type DkimView } from './dkimSettings';
import { SettingsCard, SettingsForm } from '../components/SettingsCard';

const MONOSPACE = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

/**
 * DKIM signing of the mail the site sends over SMTP (and writes to files): the signing domain, the
 * selector and the RSA private key, and the TXT record to publish. SendGrid and Mailgun sign on their side.
 */
export function DkimSettings() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const stored = useSettings('dkim', dkimViewSchema);
  return (
    <SettingsCard title={t('settings.dkim.title')} intro={t('settings.dkim.intro')} settings={stored}>
      {(view) => (
        <Stack gap="md">
          <Alert color={view.dnsRecord ? 'teal' : 'gray'} p="xs" role="status">
            {view.dnsRecord ? t('settings.dkim.on', { domain: view.settings.domain, selector: view.settings.selector }) : t('settings.dkim.off')}
          </Alert>
          <DkimForm view={view} />
          {view.dnsRecord && <DnsRecord record={view.dnsRecord} />}
        </Stack>
      )}
    </SettingsCard>
  );
}

function DkimForm({ view }: { view: DkimView }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { problemText, errorText } = useAdminText();
  const save = useSaveSettings('dkim', dkimViewSchema);
  const form = useForm(view.settings, checkDkim, problemText);
  const [confirmingOff, setConfirmingOff] = useState(false);
  // The last saved settings (the card's copy follows each save): the key's mask goes with their domain and selector only.
  const keyAgain = maskMovedAway(form.values, view.settings);
  const somethingStored = !isOff(view.settings);

  const submit = form.onSubmit(async () => {
    if (keyAgain) {
      form.showServerErrors({ privateKey: KEY_AGAIN });
      return;
    }
    try {
      const answer = await save(toSettings(form.values));
      // The key comes back masked: the form holds the mask from now on, as after a reload.
      form.setFields(answer.settings);
      notifySuccess(t('settings.dkim.saved'));
    } catch (failure) {
      const fields = failure instanceof ApiError ? failure.fields : {};
      if (Object.keys(fields).some((name) => name in view.settings)) form.showServerErrors(fields);
      else notifyError(t('settings.saveFailed', { reason: errorText(failure) }));
    }
  });

  const turnOff = async () => {
    const answer = await save(SIGNING_OFF);
    form.setFields(answer.settings);
    notifySuccess(t('settings.dkim.turnedOff'));
  };

  /** What the key field holds: a stored key's mask (kept, or no longer valid here), or what to paste. */
  const keyNote = () => {
    if (keyAgain) return form.errorOf('privateKey') ? undefined : problemText(KEY_AGAIN);
    return form.values.privateKey === STORED_SECRET ? t('settings.dkim.keyStored') : t('settings.dkim.privateKeyHint');
  };

  return (
    <>
      <SettingsForm
        onSubmit={submit}
        error={undefined}
        busy={form.busy}
        formRef={form.formRef}
        actions={
          somethingStored && (
            <Button variant="default" onClick={() => setConfirmingOff(true)} disabled={form.busy}>
              {t('settings.dkim.turnOff')}
            </Button>
          )
        }
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('settings.dkim.domain')} description={t('settings.dkim.domainHint')} autoComplete="off" dir="ltr" {...form.textField('domain')} />
          <TextInput label={t('settings.dkim.selector')} description={t('settings.dkim.selectorHint')} autoComplete="off" dir="ltr" {...form.textField('selector')} />
        </SimpleGrid>
        <Textarea
          label={t('settings.dkim.privateKey')}
          description={keyNote()}
          placeholder={'-----BEGIN PRIVATE KEY-----\n…\n-----END PRIVATE KEY-----'}
          autosize
          minRows={3}
          maxRows={12}
          dir="ltr"
          spellCheck={false}
          autoComplete="off"
          styles={MONOSPACE}
          {...form.textField('privateKey')}
        />
      </SettingsForm>
      <ConfirmDialog
        opened={confirmingOff}
        title={t('settings.dkim.turnOffTitle')}
        confirmLabel={t('settings.dkim.turnOff')}
        onConfirm={turnOff}
        onClose={() => setConfirmingOff(false)}
      >
        {t('settings.dkim.turnOffText')}
      </ConfirmDialog>
    </>
  );
}

/** The TXT record that lets receiving servers check the signatures: its name and value, each with a copy button. */
function DnsRecord({ record }: { record: NonNullable<DkimView['dnsRecord']> }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const titleId = useId();
  return (
    <Stack gap="xs" role="group" aria-labelledby={titleId}>
      <Text fw={600} size="sm" id={titleId}>
        {t('settings.dkim.dnsTitle')}
      </Text>
      <Text size="sm" c="dimmed">
        {t('settings.dkim.dnsIntro')}
      </Text>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput label={t('settings.dkim.recordName')} value={record.name} readOnly dir="ltr" styles={MONOSPACE} style={{ flex: 1 }} />
        <Copy value={record.name} label={t('settings.dkim.copyName')} />
      </Group>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <Textarea label={t('settings.dkim.recordValue')} value={record.value} readOnly autosize minRows={2} maxRows={8} dir="ltr" styles={MONOSPACE} style={{ flex: 1 }} />
        <Copy value={record.value} label={t('settings.dkim.copyValue')} />
      </Group>
    </Stack>
  );
}

function Copy({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? t('settings.dkim.copied') : label} withArrow>
          <ActionIcon variant={copied ? 'filled' : 'default'} color={copied ? 'teal' : undefined} size={36} onClick={copy} aria-label={copied ? t('settings.dkim.copied') : label}>
            {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}
