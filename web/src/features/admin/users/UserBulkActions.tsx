import { Button } from '@mantine/core';
import { IconCrown, IconCrownOff, IconDownload } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { isQueuedWrite } from '../../../api/errors';
import { useAdminText } from '../adminTexts';
import { notifyError, notifySuccess } from '../components/notify';
import { ADMIN_NAMESPACE } from '../i18n';
import { exportSelectedUsers, useSetVip, type AdminUser } from './api';

type Action = 'addVip' | 'removeVip' | 'export';

/** What can be done with the selected users: VIP membership on or off, and a CSV of them. */
export function UserBulkActions({ selected, clear }: { selected: AdminUser[]; clear: () => void }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { errorText } = useAdminText();
  const setVip = useSetVip();
  const [busy, setBusy] = useState<Action>();
  const ids = selected.map((user) => user.id);

  const run = async (action: Action, work: () => Promise<void>) => {
    setBusy(action);
    try {
      await work();
    } catch (failure) {
      // Made offline, it waits in the offline queue (the network indicator says so).
      if (isQueuedWrite(failure)) clear();
      else notifyError(action === 'export' ? errorText(failure) : t('users.updateFailed', { reason: errorText(failure) }));
    } finally {
      setBusy(undefined);
    }
  };

  const vip = (member: boolean) =>
    run(member ? 'addVip' : 'removeVip', async () => {
      const { changed } = await setVip.mutateAsync({ userIds: ids, member });
      notifySuccess(t(member ? 'users.vipAdded' : 'users.vipRemoved', { count: changed }));
      clear();
    });

  const button = (action: Action, label: string, icon: ReactNode, onClick: () => Promise<void>) => (
    <Button size="xs" variant="light" leftSection={icon} loading={busy === action} disabled={busy !== undefined && busy !== action} onClick={() => void onClick()}>
      {label}
    </Button>
  );

  return (
    <>
      {button('addVip', t('users.addToVip'), <IconCrown size={14} aria-hidden />, () => vip(true))}
      {button('removeVip', t('users.removeFromVip'), <IconCrownOff size={14} aria-hidden />, () => vip(false))}
      {button('export', t('users.exportSelected'), <IconDownload size={14} aria-hidden />, () => run('export', () => exportSelectedUsers(ids)))}
    </>
  );
}
