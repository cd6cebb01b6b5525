import { NumberInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { ADMIN_NAMESPACE } from '../i18n';
import { between } from '../validation';
import { useSaveSettings, useSettings } from './api';
import { auditSchema } from './schemas';
import { SettingsCard, SettingsForm } from '../components/SettingsCard';
import { useSettingsForm } from '../components/useSettingsForm';

/** How long the audit log keeps entries (the server's range); the cleanup job deletes older ones. */
const RETENTION = { min: 7, max: 3650 };

/** How many days audit log entries are kept. */
export function AuditRetentionSettings() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const stored = useSettings('audit', auditSchema);
  return (
    <SettingsCard title={t('settings.audit.title')} intro={t('settings.audit.intro')} settings={stored}>
      {({ retentionDays }) => <RetentionForm initial={{ retentionDays: String(retentionDays) }} />}
    </SettingsCard>
  );
}

function RetentionForm({ initial }: { initial: { retentionDays: string } }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const save = useSaveSettings('audit', auditSchema);
  const form = useSettingsForm(
    initial,
    (values) => ({ retentionDays: between(Number(values.retentionDays || NaN), RETENTION.min, RETENTION.max) }),
    (values) => save({ retentionDays: Number(values.retentionDays) }),
    t('settings.audit.saved'),
  );
  return (
    <SettingsForm onSubmit={form.submit} error={form.error} busy={form.busy} formRef={form.formRef}>
      <NumberInput
        label={t('settings.audit.retentionDays')}
        description={t('settings.audit.retentionHint')}
        min={RETENTION.min}
        max={RETENTION.max}
        maw={260}
        {...form.numberField('retentionDays')}
      />
    </SettingsForm>
  );
}
