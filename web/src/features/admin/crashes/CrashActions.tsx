import { Button, Text } from '@mantine/core';
import { IconCircleCheck, IconEyeOff, IconRotate, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { isQueuedWrite } from '../../../api/errors';
import { useAdminText } from '../adminTexts';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { notifyError, notifySuccess } from '../components/notify';
import { ADMIN_NAMESPACE } from '../i18n';
import { useCrashAction, type BulkAction, type CrashStatus } from './api';

const ICONS = { resolve: IconCircleCheck, ignore: IconEyeOff, reopen: IconRotate, delete: IconTrash } as const;

/** The actions a status leaves open: a new group is resolved or ignored, the others reopened. */
function actionsFor(statuses: readonly CrashStatus[]): Exclude<BulkAction, 'delete'>[] {
  const actions: Exclude<BulkAction, 'delete'>[] = [];
  if (statuses.some((status) => status !== 'resolved')) actions.push('resolve');
  if (statuses.some((status) => status !== 'ignored')) actions.push('ignore');
  if (statuses.some((status) => status !== 'new')) actions.push('reopen');
  return actions;
}

/**
 * Resolve, ignore, reopen or delete crash groups (the list's selection, or the one group open);
 * deleting asks first. `onDone` runs after a change (a deleted group's page goes back to the list).
 */
export function CrashActions({ groups, onDone }: { groups: { id: string; status: CrashStatus }[]; onDone: (action: BulkAction) => void }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { errorText } = useAdminText();
  const act = useCrashAction();
  const [busy, setBusy] = useState<BulkAction>();
  const [confirming, setConfirming] = useState(false);
  const ids = groups.map((group) => group.id);

  const run = async (action: BulkAction) => {
    const { changed } = await act.mutateAsync({ ids, action });
    notifySuccess(t(`crashes.done.${action}`, { count: changed }));
    onDone(action);
  };

  const button = (action: Exclude<BulkAction, 'delete'>) => {
    const Icon = ICONS[action];
    return (
      <Button
        key={action}
        size="xs"
        variant="light"
        leftSection={<Icon size={14} aria-hidden />}
        loading={busy === action}
        disabled={busy !== undefined && busy !== action}
        onClick={() => {
          setBusy(action);
          run(action)
            // Made offline, it waits in the offline queue (the network indicator says so).
            .catch((failure: unknown) => isQueuedWrite(failure) || notifyError(t('crashes.actionFailed', { reason: errorText(failure) })))
            .finally(() => setBusy(undefined));
        }}
      >
        {t(`crashes.actions.${action}`)}
      </Button>
    );
  };

  return (
    <>
      {actionsFor(groups.map((group) => group.status)).map(button)}
      <Button size="xs" variant="light" color="red" leftSection={<ICONS.delete size={14} aria-hidden />} disabled={busy !== undefined} onClick={() => setConfirming(true)}>
        {t('crashes.actions.delete')}
      </Button>
      <ConfirmDialog
        opened={confirming}
        title={t('crashes.deleteTitle', { count: ids.length })}
        confirmLabel={t('crashes.actions.delete')}
        onConfirm={() => run('delete')}
        onClose={() => setConfirming(false)}
      >
        <Text>{t('crashes.deleteText', { count: ids.length })}</Text>
      </ConfirmDialog>
    </>
  );
}
