import { Alert, Button, Group, Select, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { useForm } from '../../../lib/form/useForm';
import { useAdminText } from '../adminTexts';
import { showSaveError } from '../components/AdminFormModal';
import { notifySuccess } from '../components/notify';
import { ADMIN_NAMESPACE } from '../i18n';
import { problem } from '../validation';
import { useMoveCampaign, type CampaignRecord, type Schedule } from './api';
import { browserTimezone, timezoneChoices, tomorrow } from './scheduleTime';

/** The server's rules for a schedule's fields (server/src/newsletter/campaigns/schedule.rs). */
function checkSchedule(values: Schedule, timezones: readonly string[]) {
  return {
    date: /^\d{4}-\d{2}-\d{2}$/.test(values.date) ? undefined : problem('bad_date'),
    time: /^\d{2}:\d{2}$/.test(values.time) ? undefined : problem('bad_time'),
    timezone: timezones.includes(values.timezone) ? undefined : problem('unknown_timezone'),
  };
}

/**
 * When the saved draft starts by itself: a date and a time on the clock of a timezone (the browser's at
 * first). The server refuses a time that has passed, and one the clocks skip or show twice that day.
 */
export function ScheduleForm({ campaign, disabled }: { campaign: CampaignRecord; disabled: boolean }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { problemText, errorText } = useAdminText();
  const timezones = useMemo(() => timezoneChoices(), []);
  const move = useMoveCampaign();
  const initial = campaign.schedule ?? { date: tomorrow(), time: '09:00', timezone: browserTimezone() };
  const form = useForm(initial, (values) => checkSchedule(values, timezones), problemText);
  const { formRef } = form;

  const submit = form.onSubmit(async () => {
    try {
      await move.mutateAsync({ id: campaign.id, move: 'schedule', schedule: form.values });
      notifySuccess(t('campaigns.scheduled', { name: campaign.name }));
    } catch (failure) {
      showSaveError(form, failure, (error) => `${t('campaigns.scheduleFailed')} ${errorText(error)}`);
    }
  });

  return (
    <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate aria-label={t('campaigns.scheduleTitle')}>
      <Group align="flex-start" gap="sm">
        <TextInput type="date" label={t('campaigns.date')} required {...form.textField('date')} />
        <TextInput type="time" label={t('campaigns.time')} required {...form.textField('time')} />
        <Select
          label={t('campaigns.timezone')}
          required
          searchable
          data={timezones}
          value={form.values.timezone}
          onChange={(timezone) => form.setValue('timezone', timezone ?? '')}
          error={form.errorOf('timezone')}
          nothingFoundMessage={t('table.noMatches')}
          allowDeselect={false}
          miw={220}
          style={{ flex: 1 }}
        />
      </Group>
      {form.error && (
        <Alert color="red" role="alert" mt="sm">
          {form.error}
        </Alert>
      )}
      <Group justify="flex-end" mt="sm">
        <Button type="submit" variant="light" loading={form.busy} disabled={disabled}>
          {t('campaigns.schedule')}
        </Button>
      </Group>
    </form>
  );
}
