import { useTranslation } from 'react-i18next';

import { isQueuedWrite } from '../../../api/errors';
import { useAdminText } from '../adminTexts';
import { notifyError, notifySuccess } from '../components/notify';
import { ADMIN_NAMESPACE } from '../i18n';
import { useDeleteUser, useUpdateUser, type AdminUser, type UserChange } from './api';

/**
 * Changes to one user, each followed by a fresh list and a notice. A failure raises "Failed to update
 * (delete) the user: <the server's reason>" in the interface language, for a dialog to show;
 * `changeInRow` shows it as a notice instead (a switch or a select in a table row has no room for it).
 */
export function useUserChanges() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { errorText } = useAdminText();
  const updateUser = useUpdateUser();
  const deleteUser = useDeleteUser();

  const change = async (user: AdminUser, update: UserChange, done: string) => {
    try {
      await updateUser.mutateAsync({ id: user.id, change: update });
    } catch (failure) {
      // Made offline, it waits in the offline queue: raised as is, for the dialog to close.
      if (isQueuedWrite(failure)) throw failure;
      throw new Error(t('users.updateFailed', { reason: errorText(failure) }));
    }
    notifySuccess(done);
  };

  const changeInRow = async (user: AdminUser, update: UserChange) => {
    try {
      await change(user, update, t('users.saved', { name: user.username }));
    } catch (failure) {
      // Queued offline: the network indicator says so.
      if (!isQueuedWrite(failure)) notifyError((failure as Error).message);
    }
  };

  const remove = async (user: AdminUser) => {
    try {
      await deleteUser.mutateAsync(user.id);
    } catch (failure) {
      if (isQueuedWrite(failure)) throw failure;
      throw new Error(t('users.deleteFailed', { reason: errorText(failure) }));
    }
    notifySuccess(t('users.deleted', { name: user.username }));
  };

  return { change, changeInRow, remove };
}
