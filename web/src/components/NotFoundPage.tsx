import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { usePageTitle } from './usePageTitle';

/** The not-found view, also shown inside pages whose item does not exist (an unknown brand). */
export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle('notFound');
  return (
    <Stack align="center" ta="center" py="xl" data-testid="not-found">
      <Text fz={64} fw={800} c="pink.9" aria-hidden>
        404
      </Text>
      <Title order={1}>{t('notFound.title')}</Title>
      <Text>{t('notFound.text')}</Text>
      <Button component={Link} to="/">
        {t('notFound.home')}
      </Button>
    </Stack>
  );
}
