import { Container } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';

import { PageLoader } from '../components/PageLoader';
import { HydrateLater } from '../lib/preact/hydrateInSlices';
import { ChatLauncher } from '../features/chat/ChatLauncher';
import { NetworkStatus } from '../features/network/NetworkStatus';
import { Footer } from './Footer';
import { Header } from './Header';
import classes from './Layout.module.css';

/** The main layout (spec §2): indicator, header with navigation, the page, footer, the floating chat. */
export function Layout() {
  const { t } = useTranslation();
  return (
    <div className={classes.shell}>
      <a href="#main" className={classes.skip}>
        {t('site.skipToContent')}
      </a>
      <NetworkStatus />
      <HydrateLater>
        <Header />
      </HydrateLater>
      <HydrateLater>
        <Container component="main" id="main" size="lg" py="xl" className={classes.main} tabIndex={-1}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Container>
      </HydrateLater>
      <HydrateLater>
        <Footer />
      </HydrateLater>
      <HydrateLater>
        <ChatLauncher />
      </HydrateLater>
    </div>
  );
}
