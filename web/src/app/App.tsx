import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { QueryClientProvider, QueryErrorResetBoundary, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { type createBrowserRouter } from 'react-router';
// The DOM's provider: it hands the router ReactDOM's flushSync, which navigations asked to be immediate use.
import { RouterProvider } from 'react-router/dom';

import { watchConnectivity } from '../api/connectivity';
import { loadAnalytics } from '../features/analytics/loadAnalytics';
import { trackPageViews } from '../features/analytics/track';
import { prefetchProducts } from '../features/catalogue';
import { ErrorBoundary } from '../features/crash/ErrorBoundary';
import { directionOf, type Language } from '../i18n/languages';
import { useLanguage } from '../i18n/useLanguage';
import { prefetchPages } from './routes';
import { cssVariablesResolver, theme } from '../lib/theme';

/** Keeps Mantine's direction on the language's: right-to-left for Hebrew only. */
function DirectionSync() {
  const language = useLanguage();
  const { setDirection } = useDirection();
  useEffect(() => setDirection(directionOf(language)), [language, setDirection]);
  return null;
}

/**
 * `<html>` for Mantine to write its colour scheme (the site is light only) and reduced-motion switch on, or nothing when the page
 * came with both (index.html): Mantine writes them at every start, and any write to `<html>`, even of the
 * value it has, restyles the whole drawn page (about 40 ms of a phone's main thread on the finder).
 */
function rootToWrite(): HTMLElement | undefined {
  const root = document.documentElement;
  const written = root.dataset.mantineColorScheme === 'light' && root.dataset.respectReducedMotion === 'true';
  return written ? undefined : root;
}

/**
 * Everything around the router, the same in the browser and in the server's render (ssr/). Mantine's
 * provider writes no `<style>` of its own (its theme's variables and visibleFrom/hiddenFrom classes): in
 * the body that is not valid HTML, so they come in the page's head (mantineTheme.css, vite.config.ts).
 */
export function AppProviders({ language, queryClient, children }: { language: Language; queryClient: QueryClient; children: ReactNode }) {
  return (
    <DirectionProvider initialDirection={directionOf(language)} detectDirection={false}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        withCssVariables={false}
        withGlobalClasses={false}
        forceColorScheme="light"
        getRootElement={rootToWrite}
      >
        <DirectionSync />
        <QueryClientProvider client={queryClient}>
          <QueryErrorResetBoundary>
            {({ reset }) => <ErrorBoundary onReset={reset}>{children}</ErrorBoundary>}
          </QueryErrorResetBoundary>
        </QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}

/** The app in the browser: the providers, the router, and the browser's own watchers. */
export function App({ router, queryClient }: { router: ReturnType<typeof createBrowserRouter>; queryClient: QueryClient }) {
  const language = useLanguage();
  useEffect(watchConnectivity, []);
  useEffect(() => void loadAnalytics(), []);
  useEffect(() => trackPageViews(router), [router]);
  // The product list is not in the pages' data (only the catalogue's pages and the search use it): read
  // ahead after the pages' code, for the search and for reading the catalogue offline.
  useEffect(() => prefetchPages(() => void prefetchProducts(queryClient, language)), [queryClient, language]);
  return (
    <AppProviders language={language} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
