import { Button } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { ADMIN_NAMESPACE } from '../i18n';

/** Fetches live numbers again now, rather than at the screen's next automatic refresh; busy while they come. */
export function RefreshButton({ onRefresh, refreshing }: { onRefresh: () => void; refreshing: boolean }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  return (
    <Button variant="light" leftSection={<IconRefresh size={16} aria-hidden />} loading={refreshing} onClick={onRefresh}>
      {t('common.refresh')}
    </Button>
  );
}
