import { NumberInput, SimpleGrid, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { ADMIN_NAMESPACE } from '../i18n';
import { problem } from '../validation';
import { useSaveSettings, useSettings } from './api';
import { campaignSendingSchema } from './schemas';
import { SettingsCard, SettingsForm } from '../components/SettingsCard';
import { useSettingsForm } from '../components/useSettingsForm';

/** The server's ranges and their codes (server/src/newsletter/campaigns/settings.rs). */
const RATE = { min: 1, max: 1000, outside: problem('rate_out_of_range') };
const CONCURRENCY = { min: 1, max: 50, outside: problem('concurrency_out_of_range') };

const inRange = (value: string, range: typeof RATE) => {
  const number = Number(value || NaN);
  return Number.isInteger(number) && number >= range.min && number <= range.max ? undefined : range.outside;
};

type SendingValues = { ratePerSecond: string; concurrency: string; tracking: boolean };

/** How campaigns are sent: each server instance's pace and parallel connections, and open and click tracking. */
export function CampaignSendingSettings() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const stored = useSettings('campaign-sending', campaignSendingSchema);
  return (
    <SettingsCard title={t('settings.campaignSending.title')} intro={t('settings.campaignSending.intro')} settings={stored}>
      {(sending) => <SendingForm initial={{ ratePerSecond: String(sending.ratePerSecond), concurrency: String(sending.concurrency), tracking: sending.tracking }} />}
    </SettingsCard>
  );
}

function SendingForm({ initial }: { initial: SendingValues }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const save = useSaveSettings('campaign-sending', campaignSendingSchema);
  const form = useSettingsForm(
    initial,
    (values) => ({ ratePerSecond: inRange(values.ratePerSecond, RATE), concurrency: inRange(values.concurrency, CONCURRENCY) }),
    (values) => save({ ratePerSecond: Number(values.ratePerSecond), concurrency: Number(values.concurrency), tracking: values.tracking }),
    t('settings.campaignSending.saved'),
  );
  return (
    <SettingsForm onSubmit={form.submit} error={form.error} busy={form.busy} formRef={form.formRef}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput label={t('settings.campaignSending.rate')} description={t('settings.campaignSending.rateHint')} min={RATE.min} max={RATE.max} {...form.numberField('ratePerSecond')} />
        <NumberInput
          label={t('settings.campaignSending.concurrency')}
          description={t('settings.campaignSending.concurrencyHint')}
          min={CONCURRENCY.min}
          max={CONCURRENCY.max}
          {...form.numberField('concurrency')}
        />
      </SimpleGrid>
      <Switch
        label={t('settings.campaignSending.tracking')}
        description={t('settings.campaignSending.trackingHint')}
        checked={form.values.tracking}
        onChange={(event) => form.setValue('tracking', event.currentTarget.checked)}
      />
    </SettingsForm>
  );
}
