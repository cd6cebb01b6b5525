import { useTranslation } from 'react-i18next';

import { useAdminText } from '../adminTexts';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { notifySuccess } from '../components/notify';
import { ADMIN_NAMESPACE } from '../i18n';
import { useClearCache, type ClearTarget } from './api';

/** Asks before clearing one cache or all, then clears; a failure stays in the dialog as "Failed to clear cache: <why>". */
export function ClearDialog({ target, onClose }: { target: ClearTarget | undefined; onClose: () => void }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { errorText } = useAdminText();
  const clear = useClearCache();
  const all = target === 'all';
  const name = target && !all ? t(`cache.names.${target}`) : '';

  const confirm = async () => {
    if (!target) return;
    try {
      await clear.mutateAsync(target);
    } catch (failure) {
      throw new Error(t('cache.clearFailed', { reason: errorText(failure) }));
    }
    notifySuccess(all ? t('cache.clearedAll') : t('cache.cleared', { name }));
  };

  return (
    <ConfirmDialog
      opened={target !== undefined}
      title={all ? t('cache.clearAllTitle') : t('cache.clearTitle', { name })}
      confirmLabel={all ? t('cache.clearAll') : t('cache.clear')}
      onConfirm={confirm}
      onClose={onClose}
    >
      {all ? t('cache.clearAllText') : t('cache.clearText')}
    </ConfirmDialog>
  );
}
