import { Drawer, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { AccountStatus } from '../components/AccountStatus';
import { NavigationLinks } from './Navigation';

/** The menu that slides in on narrow screens (a chunk of its own, fetched when first opened). */
export function MobileMenu({ opened, onClose, title }: { opened: boolean; onClose: () => void; title: string }) {
  const { t } = useTranslation();
  return (
    <Drawer opened={opened} onClose={onClose} title={title} size="xs" closeButtonProps={{ 'aria-label': t('nav.closeMenu') }}>
      <Stack gap={4} component="nav" aria-label={t('nav.label')}>
        <NavigationLinks onNavigate={onClose} />
        <AccountStatus onNavigate={onClose} />
      </Stack>
    </Drawer>
  );
}
