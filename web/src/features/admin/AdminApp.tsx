// The public pages load only their components' styles (app/mantineStyles.ts); the admin needs the rest.
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';

import { Text } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';

import { useCurrentUser } from '../../lib/session/session';
import { NotFoundPage } from '../../components/NotFoundPage';
import { AdminShell } from './AdminShell';
import { canOpen } from './adminScreen';
import { ADMIN_NAMESPACE } from './i18n';
import { ADMIN_SCREENS } from './screens';

/**
 * The admin area (a chunk of its own, loaded only past the admin guard): its own frame around the screen,
 * with a navigation of the screens the user's permissions open.
 */
export default function AdminApp() {
  const permissions = useCurrentUser()?.permissions ?? [];
  return (
    <>
      <Notifications position="top-center" />
      <AdminShell screens={ADMIN_SCREENS.filter((screen) => canOpen(screen, permissions))}>
        <AdminScreens />
      </AdminShell>
    </>
  );
}

/** The screen the address names, if the user's permissions open it; the admin's 404 for any other address. */
export function AdminScreens() {
  const permissions = useCurrentUser()?.permissions ?? [];
  return (
    <Routes>
      {ADMIN_SCREENS.map((screen) => {
        const element = canOpen(screen, permissions) ? <screen.component /> : <NoAccess />;
        if (screen.path === '') return <Route key={screen.key} index element={element} />;
        return <Route key={screen.key} path={screen.withPages ? `${screen.path}/*` : screen.path} element={element} />;
      })}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

function NoAccess() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  return <Text role="alert">{t('noAccess')}</Text>;
}
