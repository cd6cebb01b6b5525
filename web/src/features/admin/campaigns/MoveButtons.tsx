import { Button, Group } from '@mantine/core';
import { IconCalendarOff, IconPlayerPause, IconPlayerPlay, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useAdminText } from '../adminTexts';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { notifyError, notifySuccess } from '../components/notify';
import { ADMIN_NAMESPACE } from '../i18n';
import { useMoveCampaign, type CampaignAction, type CampaignRecord } from './api';

/** The moves that are asked about first: they cannot be undone (cancel) or undo the admin's plan (unschedule). */
type AskedMove = 'unschedule' | 'cancel';

/**
 * The moves of a campaign under way that its answer allows: a scheduled one is unscheduled (back to draft),
 * one that is sending paused, a paused one resumed; any of them cancelled.
 */
export function MoveButtons({ campaign }: { campaign: CampaignRecord }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { errorText } = useAdminText();
  const move = useMoveCampaign();
  // The move asked about stays while its dialog closes, so that the dialog does not change as it goes.
  const [asked, setAsked] = useState<AskedMove>('cancel');
  const [asking, setAsking] = useState(false);
  const ask = (about: AskedMove) => {
    setAsked(about);
    setAsking(true);
  };
  const { actions, name } = campaign;
  const allows = (action: CampaignAction) => actions.includes(action);
  if (!(['unschedule', 'pause', 'resume', 'cancel'] as const).some(allows)) return null;

  const pauseOrResume = async (to: 'pause' | 'resume') => {
    try {
      await move.mutateAsync({ id: campaign.id, move: to });
      notifySuccess(t(to === 'pause' ? 'campaigns.paused' : 'campaigns.resumed', { name }));
    } catch (failure) {
      notifyError(`${t('campaigns.moveFailed')} ${errorText(failure)}`);
    }
  };

  const confirm = async () => {
    await move.mutateAsync({ id: campaign.id, move: asked });
    notifySuccess(t(asked === 'cancel' ? 'campaigns.cancelled' : 'campaigns.unscheduled', { name }));
  };

  return (
    <Group gap="sm">
      {allows('unschedule') && (
        <Button variant="default" leftSection={<IconCalendarOff size={16} aria-hidden />} onClick={() => ask('unschedule')}>
          {t('campaigns.unschedule')}
        </Button>
      )}
      {allows('pause') && (
        <Button variant="default" leftSection={<IconPlayerPause size={16} aria-hidden />} onClick={() => void pauseOrResume('pause')} loading={move.isPending}>
          {t('campaigns.pause')}
        </Button>
      )}
      {allows('resume') && (
        <Button leftSection={<IconPlayerPlay size={16} aria-hidden />} onClick={() => void pauseOrResume('resume')} loading={move.isPending}>
          {t('campaigns.resume')}
        </Button>
      )}
      {allows('cancel') && (
        <Button variant="light" color="red" leftSection={<IconX size={16} aria-hidden />} onClick={() => ask('cancel')}>
          {t('campaigns.cancel')}
        </Button>
      )}
      <ConfirmDialog
        opened={asking}
        title={t(asked === 'unschedule' ? 'campaigns.unscheduleTitle' : 'campaigns.cancelTitle', { name })}
        confirmLabel={t(asked === 'unschedule' ? 'campaigns.unschedule' : 'campaigns.cancel')}
        danger={asked === 'cancel'}
        onConfirm={confirm}
        onClose={() => setAsking(false)}
      >
        {t(asked === 'unschedule' ? 'campaigns.unscheduleText' : 'campaigns.cancelText')}
      </ConfirmDialog>
    </Group>
  );
}
