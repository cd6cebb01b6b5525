import { Alert, Button } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A section whose data could not be loaded, with the reason and a way to try again; `title` says what failed. */
export function LoadFailed({ error, onRetry, title }: { error: Error; onRetry: () => void; title?: string }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" icon={<IconAlertTriangle aria-hidden />} title={title ?? t('common.loadFailed')} role="alert">
      <p>{error.message}</p>
      <Button size="xs" variant="light" color="red" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Alert>
  );
}
