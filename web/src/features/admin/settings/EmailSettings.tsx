import { Alert, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { ADMIN_NAMESPACE } from '../i18n';
import { useSaveSettings, useSettings } from './api';
import { checkEmail, emailAnswerSchema, flatten, PROVIDERS, toSettings, type EmailValues, type Provider } from './emailSettings';
import { EmailProviderFields } from './EmailProviderFields';
import { EmailTest } from './EmailTest';
import { SettingsCard, SettingsForm } from '../components/SettingsCard';
import { useSettingsForm } from '../components/useSettingsForm';

/** How the site sends e-mail (spec §3: smtp, sendgrid, mailgun, ses, pop3, others), and a test e-mail. */
export function EmailSettings() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const stored = useSettings('email', emailAnswerSchema);
  return (
    <SettingsCard title={t('settings.email.title')} intro={t('settings.email.intro')} settings={stored}>
      {({ saved, fallback, settings }) => (
        <>
          {!saved && (
            <Alert color="blue" mb="sm">
              {t('settings.email.notSaved', { fallback })}
            </Alert>
          )}
          <EmailForm initial={flatten(settings)} />
          <EmailTest />
        </>
      )}
    </SettingsCard>
  );
}

function EmailForm({ initial }: { initial: EmailValues }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const save = useSaveSettings('email', emailAnswerSchema);
  const form = useSettingsForm(initial, checkEmail, (values) => save(toSettings(values)), t('settings.email.saved'));
  const provider = (form.values.provider ?? 'smtp') as Provider;

  return (
    <SettingsForm onSubmit={form.submit} error={form.error} busy={form.busy} formRef={form.formRef}>
      <Select
        label={t('settings.email.provider')}
        description={t(`settings.email.providerHints.${provider}`)}
        name="provider"
        data={PROVIDERS.map((value) => ({ value, label: t(`settings.email.providers.${value}`) }))}
        value={provider}
        onChange={(value) => value && form.setValue('provider', value)}
        allowDeselect={false}
        error={form.errorOf('provider')}
      />
      <TextInput label={t('settings.email.fromAddress')} description={t('settings.email.fromAddressHint')} required {...form.textField('fromAddress')} />
      <EmailProviderFields form={form} provider={provider} />
    </SettingsForm>
  );
}
