import { Container } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router';

import { PageLoader } from '../components/PageLoader';
import { SkipLink } from '../components/SkipLink';
import { ChatLauncher } from '../features/chat/ChatLauncher';
import { NetworkStatus } from '../features/network/NetworkStatus';
import { Footer } from './Footer';
import { Header } from './Header';
import classes from './Layout.module.css';

/**
 * The main layout (spec §2): indicator, header with navigation, the page, footer, the floating chat. Each
 * part is a Suspense boundary: React takes a drawn page over part by part (the page's own boundary is the
 * one around the outlet), yielding to the browser between them and taking first the part a visitor touches.
 */
export function Layout() {
  return (
    <div className={classes.shell}>
      <SkipLink />
      <NetworkStatus />
      <Suspense>
        <Header />
      </Suspense>
      <Container component="main" id="main" size="lg" py="xl" className={classes.main} tabIndex={-1}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Container>
      <Suspense>
        <Footer />
      </Suspense>
      <Suspense>
        <ChatLauncher />
      </Suspense>
    </div>
  );
}
