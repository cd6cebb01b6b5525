// The public pages load only their components' styles (app/mantineStyles.ts); the admin needs the rest.
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';

import { Grid, NavLink as MantineNavLink, Paper, Stack, Text } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { NavLink, Route, Routes } from 'react-router';

import { useCurrentUser } from '../../lib/session/session';
import { NotFoundPage } from '../../components/NotFoundPage';
import { canOpen } from './adminScreen';
import { ADMIN_NAMESPACE } from './i18n';
import { ADMIN_SCREENS } from './screens';

/**
 * The admin area (a chunk of its own, loaded only past the admin guard): a navigation of the screens the
 * user's permissions open, beside the screen. On a phone the navigation sits above the screen.
 */
export default function AdminApp() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const permissions = useCurrentUser()?.permissions ?? [];
  const screens = ADMIN_SCREENS.filter((screen) => canOpen(screen, permissions));
  return (
    <Grid gap="lg">
      <Notifications position="top-center" />
      <Grid.Col span={{ base: 12, md: 3 }}>
        <Paper withBorder radius="md" p="xs" component="nav" aria-label={t('navigation')}>
          <Stack gap={2}>
            {screens.map((screen) => (
              <MantineNavLink
                key={screen.key}
                component={NavLink}
                to={`/admin/${screen.path}`}
                // The index and the campaigns are not current on their sub-screens (/admin/email/pop3).
                end={screen.path === '' || screen.path === 'email'}
                label={t(`screens.${screen.key}`)}
                leftSection={<screen.icon size={18} aria-hidden />}
              />
            ))}
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        <Routes>
          {ADMIN_SCREENS.map((screen) => {
            const element = canOpen(screen, permissions) ? <screen.component /> : <NoAccess />;
            if (screen.path === '') return <Route key={screen.key} index element={element} />;
            return <Route key={screen.key} path={screen.withPages ? `${screen.path}/*` : screen.path} element={element} />;
          })}
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Grid.Col>
    </Grid>
  );
}

function NoAccess() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  return <Text role="alert">{t('noAccess')}</Text>;
}
