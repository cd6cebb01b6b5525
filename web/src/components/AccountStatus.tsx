import { Button, Group, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { useSession } from '../lib/session/session';
import classes from './AccountStatus.module.css';

/**
 * The signed-in user's welcome line and logout button (spec §2), in the public header and the admin's;
 * nothing otherwise. Logging out returns to the home page (the session's `logOut`).
 */
export function AccountStatus({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { state, logOut } = useSession();
  if (state.status !== 'signedIn') return null;
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" fw={500} className={classes.welcome}>
        {t('nav.welcome', { username: state.user.username })}
      </Text>
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconLogout size={16} aria-hidden />}
        onClick={() => {
          onNavigate?.();
          logOut();
        }}
      >
        {t('nav.logout')}
      </Button>
    </Group>
  );
}
