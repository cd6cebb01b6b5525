import { Alert, Button, Card, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { Language } from '../../../i18n/languages';
import { useAdminText } from '../adminTexts';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { notifySuccess } from '../components/notify';
import { SectionCard } from '../components/SectionCard';
import { TestEmailSender } from '../components/TestEmailSender';
import { useAdminFormat } from '../components/useAdminFormat';
import { ADMIN_NAMESPACE } from '../i18n';
import { sendCampaignTest, useMoveCampaign, type CampaignRecord } from './api';
import { ScheduleForm } from './ScheduleForm';

interface DraftActionsProps {
  campaign: CampaignRecord;
  /** The form has changes not saved yet: what follows uses the saved draft, so it waits. */
  changed: boolean;
  /** Members the saved draft would reach now, once counted. */
  audience: number | undefined;
}

/** What a saved draft can do: a test message, a schedule, or the start now. */
export function DraftActions({ campaign, changed, audience }: DraftActionsProps) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  return (
    <Stack gap="md">
      {changed && (
        <Alert color="yellow" c="dark.7">
          {t('campaigns.saveFirst')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <TestMessage campaign={campaign} disabled={changed} />
        <SectionCard title={t('campaigns.scheduleTitle')}>
          <ScheduleForm campaign={campaign} disabled={changed} />
        </SectionCard>
      </SimpleGrid>
      <SendNow campaign={campaign} audience={changed ? undefined : audience} />
    </Stack>
  );
}

/** The message in one of the campaign's languages, as it stands, to an address the admin types. */
function TestMessage({ campaign, disabled }: { campaign: CampaignRecord; disabled: boolean }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { t: tCommon } = useTranslation();
  const [chosen, setChosen] = useState<Language>();
  const language = chosen && campaign.languages.includes(chosen) ? chosen : campaign.languages[0];
  if (!language) return null;
  return (
    <Card withBorder radius="md">
      <Stack gap="xs">
        <Select
          label={t('campaigns.testLanguage')}
          data={campaign.languages.map((value) => ({ value, label: tCommon(`languages.${value}`) }))}
          value={language}
          onChange={(value) => setChosen(campaign.languages.find((known) => known === value))}
          allowDeselect={false}
        />
        <TestEmailSender
          send={(to) => sendCampaignTest(campaign.id, to, language)}
          disabled={disabled}
          texts={{
            title: t('templates.testTitle'),
            hint: t('campaigns.testHint'),
            to: t('templates.testTo'),
            send: t('templates.testSend'),
            sent: (to) => t('templates.testSent', { to }),
          }}
        />
      </Stack>
    </Card>
  );
}

/** "Send now", once the admin has confirmed it, naming how many members get it. */
function SendNow({ campaign, audience }: { campaign: CampaignRecord; audience: number | undefined }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { errorText } = useAdminText();
  const format = useAdminFormat();
  const move = useMoveCampaign();
  const [asking, setAsking] = useState(false);

  const send = async () => {
    try {
      await move.mutateAsync({ id: campaign.id, move: 'send' });
    } catch (failure) {
      throw new Error(`${t('campaigns.sendFailed')} ${errorText(failure)}`);
    }
    notifySuccess(t('campaigns.started', { name: campaign.name }));
  };

  return (
    <Card withBorder radius="md">
      <Stack gap="xs" align="flex-start">
        <Text fw={600} size="sm">
          {t('campaigns.sendNowTitle')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('campaigns.sendNowHint')}
        </Text>
        <Button leftSection={<IconSend size={16} aria-hidden />} onClick={() => setAsking(true)} disabled={!audience}>
          {t('campaigns.sendNow')}
        </Button>
      </Stack>
      <ConfirmDialog opened={asking} title={t('campaigns.sendTitle', { name: campaign.name })} confirmLabel={t('campaigns.sendNow')} onConfirm={send} onClose={() => setAsking(false)}>
        {t('campaigns.sendText', { count: audience ?? 0, members: format.count(audience ?? 0) })}
      </ConfirmDialog>
    </Card>
  );
}
