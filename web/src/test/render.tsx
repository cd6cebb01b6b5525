import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createMemoryRouter, MemoryRouter, RouterProvider, type InitialEntry, type RouteObject } from 'react-router';

import { createQueryClient } from '../lib/queryClient';
import { cssVariablesResolver, theme } from '../lib/theme';

function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

/** Renders with the app's providers, at `path`. */
export function renderWithProviders(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  return render(
    <Providers>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </Providers>,
  );
}

/** Where a test starts: a URL, or a location with `state` or `hash`. */
export type Entry = InitialEntry;

/** Renders a data router (as the app does) over `routes`, at `path`. */
export function renderRoutes(routes: RouteObject[], { path = '/' }: { path?: Entry } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  // ReactDOM's flushSync, as the app's provider (react-router/dom) hands it, for navigations asked to be immediate.
  return { router, ...render(<Providers><RouterProvider router={router} flushSync={(update) => void flushSync(update)} /></Providers>) };
}
