import { Badge, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { usePageTitle } from '../../components/usePageTitle';
import { ADMIN_NAMESPACE } from './i18n';
import type { ScreenKey } from './screens';

/** A screen whose feature is still being built: its name and an honest empty state. */
export function PendingScreen({ screen }: { screen: ScreenKey }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  usePageTitle('admin');
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="flex-start">
        <Title order={1} size="h2">
          {t(`screens.${screen}`)}
        </Title>
        <Badge variant="light" color="gray" c="gray.8">
          {t('pendingBadge')}
        </Badge>
        <Text>{t('pendingText')}</Text>
      </Stack>
    </Paper>
  );
}
