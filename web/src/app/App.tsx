import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { QueryClientProvider, QueryErrorResetBoundary } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';

import { watchConnectivity } from '../api/connectivity';
import { loadAnalytics } from '../features/analytics/loadAnalytics';
import { ErrorBoundary } from '../features/crash/ErrorBoundary';
import { directionOf } from '../i18n/languages';
import { useLanguage } from '../i18n/useLanguage';
import { createQueryClient } from '../lib/queryClient';
import { prefetchPages, routes } from './routes';
import { cssVariablesResolver, theme } from '../lib/theme';

/** Keeps Mantine's direction on the language's: right-to-left for Hebrew only. */
function DirectionSync() {
  const language = useLanguage();
  const { setDirection } = useDirection();
  useEffect(() => setDirection(directionOf(language)), [language, setDirection]);
  return null;
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createBrowserRouter(routes));
  useEffect(watchConnectivity, []);
  useEffect(() => void loadAnalytics(), []);
  useEffect(prefetchPages, []);
  return (
    <DirectionProvider initialDirection={directionOf(document.documentElement.lang)} detectDirection={false}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <DirectionSync />
        <QueryClientProvider client={queryClient}>
          <QueryErrorResetBoundary>
            {({ reset }) => (
              <ErrorBoundary onReset={reset}>
                <RouterProvider router={router} />
              </ErrorBoundary>
            )}
          </QueryErrorResetBoundary>
        </QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
