import { lazy, Suspense } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';

import { AdminOnly } from '../lib/session/AdminOnly';
import { SessionRoot } from '../lib/session/SessionRoot';
import { HomePage } from '../features/catalogue/HomePage';
import { RouteCrash } from '../features/crash/RouteCrash';
import { NotFoundPage } from '../components/NotFoundPage';
import { PageLoader } from '../components/PageLoader';
import { Layout } from './Layout';

// The admin area is a chunk of its own, fetched only once the guard lets the user in.
const AdminApp = lazy(() => import('../features/admin/AdminApp'));

/*
 * Every public page but the home page is a chunk of its own (React Router fetches it before it shows the
 * page, so the previous page stays until the next is ready): the home page loads only its own code.
 */
const page = {
  brand: () => import('../features/catalogue/BrandPage'),
  products: () => import('../features/catalogue/ProductsPage'),
  finder: () => import('../features/finder/FinderPage'),
  compare: () => import('../features/finder/ComparePage'),
  questionnaire: () => import('../features/finder/QuestionnairePage'),
  shoe: () => import('../features/finder/ShoePage'),
  fit: () => import('../features/fit/FitPage'),
  blog: () => import('../features/blog/BlogPage'),
  post: () => import('../features/blog/BlogPostPage'),
  login: () => import('../features/auth/LoginPage'),
  signup: () => import('../features/auth/SignupPage'),
  tips: () => import('../features/tips/TipsPage'),
  account: () => import('../features/account/AccountPage'),
  requestReset: () => import('../features/auth/RequestResetPage'),
  resetPassword: () => import('../features/auth/ResetPasswordPage'),
  legal: () => import('../features/legal/LegalPage'),
  unsubscribe: () => import('../features/unsubscribe/UnsubscribePage'),
};

/**
 * Fetches every public page's chunk once the browser is idle after the first page: later pages open
 * without a wait, and still open after the connection drops (the catalogue's data is kept for that too).
 * One page per idle moment, each after the last has arrived: fetched all at once, the chunks' code and
 * stylesheets were one long task that held up taps on the page. `andThen` runs in the idle moment after the last.
 * Returns a function that stops the chain (an effect's cleanup), so a restarted chain never runs `andThen` twice.
 */
export function prefetchPages(andThen: () => void) {
  let stopped = false;
  const idle = (next: () => void) => ('requestIdleCallback' in window ? window.requestIdleCallback(next) : setTimeout(next, 1000));
  const fetchFrom = (index: number) => {
    if (stopped) return;
    const load = Object.values(page)[index];
    idle(() => {
      if (stopped) return;
      if (load) void load().catch(() => {}).finally(() => fetchFrom(index + 1));
      else andThen();
    });
  };
  fetchFrom(0);
  return () => {
    stopped = true;
  };
}

const pages: RouteObject[] = [
  { path: '/brand/:brandId', lazy: () => page.brand().then((m) => ({ Component: m.BrandPage })) },
  { path: '/products', lazy: () => page.products().then((m) => ({ Component: m.ProductsPage })) },
  { path: '/finder', lazy: () => page.finder().then((m) => ({ Component: m.FinderPage })) },
  { path: '/finder/compare', lazy: () => page.compare().then((m) => ({ Component: m.ComparePage })) },
  { path: '/finder/my-feet', lazy: () => page.questionnaire().then((m) => ({ Component: m.QuestionnairePage })) },
  { path: '/shoe/:modelId', lazy: () => page.shoe().then((m) => ({ Component: m.ShoePage })) },
  { path: '/fit', lazy: () => page.fit().then((m) => ({ Component: m.FitPage })) },
  { path: '/blog', lazy: () => page.blog().then((m) => ({ Component: m.BlogPage })) },
  { path: '/blog/:slug', lazy: () => page.post().then((m) => ({ Component: m.BlogPostPage })) },
  { path: '/login', lazy: () => page.login().then((m) => ({ Component: m.LoginPage })) },
  { path: '/signup', lazy: () => page.signup().then((m) => ({ Component: m.SignupPage })) },
  { path: '/tips', lazy: () => page.tips().then((m) => ({ Component: m.TipsPage })) },
  { path: '/account', lazy: () => page.account().then((m) => ({ Component: m.AccountPage })) },
  { path: '/request-password-reset', lazy: () => page.requestReset().then((m) => ({ Component: m.RequestResetPage })) },
  { path: '/reset-password', lazy: () => page.resetPassword().then((m) => ({ Component: m.ResetPasswordPage })) },
  { path: '/terms', lazy: () => page.legal().then((m) => ({ element: <m.LegalPage kind="terms" /> })) },
  { path: '/privacy', lazy: () => page.legal().then((m) => ({ element: <m.LegalPage kind="privacy" /> })) },
  { path: '/unsubscribe', lazy: () => page.unsubscribe().then((m) => ({ Component: m.UnsubscribePage })) },
];

/** The app's routes (spec §2). The server's route table (server/src/web/page.rs) has the same paths (pageRoutes.test.ts). */
export const routes: RouteObject[] = [
  {
    element: <SessionRoot />,
    errorElement: <RouteCrash />,
    children: [
      {
        element: <Layout />,
        errorElement: <RouteCrash />,
        children: [
          { path: '/', element: <HomePage /> },
          ...pages,
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      // The admin has its own frame (header, navigation), not the public pages' layout.
      {
        path: '/admin/*',
        errorElement: <RouteCrash />,
        element: (
          <AdminOnly>
            <Suspense fallback={<PageLoader />}>
              <AdminApp />
            </Suspense>
          </AdminOnly>
        ),
      },
    ],
  },
];

/**
 * Loads the chunks of the routes that match `path` and puts their modules on the routes, as if they had
 * never been lazy: a page the server rendered is hydrated by the same components at once (the router
 * would otherwise show nothing while it fetched them), and the server renders with them in hand.
 */
export async function loadMatchedRoutes(path: string): Promise<void> {
  const matches = matchRoutes(routes, path) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}
