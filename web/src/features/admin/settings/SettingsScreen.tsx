import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { usePageTitle } from '../../../components/usePageTitle';
import { ADMIN_NAMESPACE } from '../i18n';
import { SocialEmbedsSettings } from './SocialEmbedsSettings';

/** System settings: one card per group of settings. */
export function SettingsScreen() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  usePageTitle('admin');
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('screens.settings')}
      </Title>
      <SocialEmbedsSettings />
    </Stack>
  );
}
