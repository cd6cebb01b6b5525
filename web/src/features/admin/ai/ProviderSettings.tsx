import { Card, NumberInput, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { ADMIN_NAMESPACE } from '../i18n';
import { useSaveSettings, useSettings } from '../settings';
import { SecretInput } from '../components/SecretInput';
import { SettingsCard, SettingsForm } from '../components/SettingsCard';
import { useSettingsForm } from '../components/useSettingsForm';
import { checkProviders, providerSettingsSchema, QUESTIONS_PER_HOUR, TIMEOUT_SECONDS, toSettings, toValues, type ProviderValues } from './providerSettings';

/** Where the assistant's answers come from: the gateway first, then the edge service (the basic answer needs nothing). */
export function ProviderSettings() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const stored = useSettings('ai-providers', providerSettingsSchema);
  return (
    <SettingsCard title={t('ai.providerSettings.title')} intro={t('ai.providerSettings.intro')} settings={stored}>
      {(settings) => <ProvidersForm initial={toValues(settings)} />}
    </SettingsCard>
  );
}

function ProvidersForm({ initial }: { initial: ProviderValues }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const save = useSaveSettings('ai-providers', providerSettingsSchema);
  const form = useSettingsForm(initial, checkProviders, (values) => save(toSettings(values)), t('ai.providerSettings.saved'));
  const timeoutField = (name: 'gateway.timeoutSeconds' | 'edge.timeoutSeconds') => (
    <NumberInput label={t('ai.providerSettings.timeoutSeconds')} required min={TIMEOUT_SECONDS.min} max={TIMEOUT_SECONDS.max} {...form.numberField(name)} />
  );

  return (
    <SettingsForm onSubmit={form.submit} error={form.error} busy={form.busy} formRef={form.formRef}>
      <ProviderGroup
        title={t('ai.providers.gateway')}
        hint={t('ai.providerSettings.gatewayHint')}
        enabled={form.values['gateway.enabled']}
        onEnabledChange={(enabled) => form.setValue('gateway.enabled', enabled)}
      >
        <TextInput
          label={t('ai.providerSettings.baseUrl')}
          description={t('ai.providerSettings.gatewayBaseUrlHint')}
          required={form.values['gateway.enabled']}
          autoComplete="off"
          {...form.textField('gateway.baseUrl')}
        />
        <SecretInput label={t('ai.providerSettings.apiKey')} {...form.textField('gateway.apiKey')} />
        {timeoutField('gateway.timeoutSeconds')}
      </ProviderGroup>
      <ProviderGroup
        title={t('ai.providers.edge')}
        hint={t('ai.providerSettings.edgeHint')}
        enabled={form.values['edge.enabled']}
        onEnabledChange={(enabled) => form.setValue('edge.enabled', enabled)}
      >
        <TextInput label={t('ai.providerSettings.accountId')} required={form.values['edge.enabled']} autoComplete="off" {...form.textField('edge.accountId')} />
        <SecretInput label={t('ai.providerSettings.apiToken')} required={form.values['edge.enabled']} {...form.textField('edge.apiToken')} />
        <TextInput label={t('ai.providerSettings.model')} required autoComplete="off" {...form.textField('edge.model')} />
        <TextInput label={t('ai.providerSettings.baseUrl')} required autoComplete="off" {...form.textField('edge.baseUrl')} />
        {timeoutField('edge.timeoutSeconds')}
      </ProviderGroup>
      <NumberInput
        label={t('ai.providerSettings.questionsPerHour')}
        description={t('ai.providerSettings.questionsPerHourHint')}
        required
        min={QUESTIONS_PER_HOUR.min}
        max={QUESTIONS_PER_HOUR.max}
        {...form.numberField('questionsPerHour')}
      />
    </SettingsForm>
  );
}

interface ProviderGroupProps {
  title: string;
  hint: string;
  enabled: boolean;
  onEnabledChange: (enabled: boolean) => void;
  children: ReactNode;
}

/** One provider's switch and fields; its fields stay editable while it is off. */
function ProviderGroup({ title, hint, enabled, onEnabledChange, children }: ProviderGroupProps) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  return (
    <Card withBorder radius="sm" padding="sm" role="group" aria-label={title}>
      <Stack gap="xs">
        <Text fw={600}>{title}</Text>
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
        <Switch label={t('ai.providerSettings.enabled')} checked={enabled} onChange={(event) => onEnabledChange(event.currentTarget.checked)} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} opacity={enabled ? 1 : 0.6}>
          {children}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
