// The public pages load only their components' styles (app/mantineStyles.ts); the admin needs the rest.
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';

import { Grid, NavLink as MantineNavLink, Paper, Stack, Text } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Route, Routes } from 'react-router';

import { useCurrentUser } from '../../lib/session/session';
import { NotFoundPage } from '../../components/NotFoundPage';
import { AiScreen } from './ai/AiScreen';
import { AuditLogsScreen } from './auditLogs/AuditLogsScreen';
import { BlogScreen } from './blog/BlogScreen';
import { AnalyticsScreen } from './analytics/AnalyticsScreen';
import { CacheScreen } from './cache/CacheScreen';
import { CampaignsScreen } from './campaigns/CampaignsScreen';
import { CrashesScreen } from './crashes/CrashesScreen';
import { BrandsScreen } from './catalogue/BrandsScreen';
import { ProductsScreen } from './catalogue/ProductsScreen';
import { DashboardPage } from './dashboard/DashboardPage';
import { MailboxScreen } from './mailbox/MailboxScreen';
import { SessionsScreen } from './sessions/SessionsScreen';
import { ADMIN_NAMESPACE } from './i18n';
import { ADMIN_SCREENS, canOpen, type ScreenKey } from './screens';
import { SettingsScreen } from './settings/SettingsScreen';
import { TemplatesScreen } from './templates/TemplatesScreen';
import { UsersScreen } from './users/UsersScreen';

/** Each screen's component (the dashboard's index is routed on its own). */
const SCREENS: Record<Exclude<ScreenKey, 'dashboard'>, ComponentType> = {
  brands: BrandsScreen,
  products: ProductsScreen,
  blog: BlogScreen,
  users: UsersScreen,
  sessions: SessionsScreen,
  auditLogs: AuditLogsScreen,
  settings: SettingsScreen,
  ai: AiScreen,
  analytics: AnalyticsScreen,
  cache: CacheScreen,
  templates: TemplatesScreen,
  email: CampaignsScreen,
  pop3: MailboxScreen,
  crashes: CrashesScreen,
};

/** Screens with pages of their own under their path (/admin/email/new, /admin/email/{id}); their sub-screens (/admin/email/pop3) still win. */
const WITH_PAGES: readonly ScreenKey[] = ['email', 'crashes'];

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
          <Route index element={<DashboardPage />} />
          {ADMIN_SCREENS.filter((screen) => screen.path !== '').map((screen) => (
            <Route
              key={screen.key}
              path={WITH_PAGES.includes(screen.key) ? `${screen.path}/*` : screen.path}
              element={canOpen(screen, permissions) ? <Screen screen={screen.key as Exclude<ScreenKey, 'dashboard'>} /> : <NoAccess />}
            />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Grid.Col>
    </Grid>
  );
}

function Screen({ screen }: { screen: Exclude<ScreenKey, 'dashboard'> }) {
  const Component = SCREENS[screen];
  return <Component />;
}

function NoAccess() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  return <Text role="alert">{t('noAccess')}</Text>;
}
