import { lazy } from 'react';
import type { RouteObject } from 'react-router';

import { AdminOnly } from '../lib/session/AdminOnly';
import { SessionRoot } from '../lib/session/SessionRoot';
import { HomePage } from '../features/catalogue/HomePage';
import { RouteCrash } from '../features/crash/RouteCrash';
import { NotFoundPage } from '../components/NotFoundPage';
import { Layout } from './Layout';

// The admin area is a chunk of its own, fetched only once the guard lets the user in.
const AdminApp = lazy(() => import('../features/admin/AdminApp'));

/*
 * Every public page but the home page is a chunk of its own (React Router fetches it before it shows the
 * page, so the previous page stays until the next is ready): the home page loads only its own code.
 */
const pages: RouteObject[] = [
  { path: '/brand/:brandId', lazy: () => import('../features/catalogue/BrandPage').then((m) => ({ Component: m.BrandPage })) },
  { path: '/products', lazy: () => import('../features/catalogue/ProductsPage').then((m) => ({ Component: m.ProductsPage })) },
  { path: '/blog', lazy: () => import('../features/blog/BlogPage').then((m) => ({ Component: m.BlogPage })) },
  { path: '/blog/:slug', lazy: () => import('../features/blog/BlogPostPage').then((m) => ({ Component: m.BlogPostPage })) },
  { path: '/login', lazy: () => import('../features/auth/LoginPage').then((m) => ({ Component: m.LoginPage })) },
  { path: '/signup', lazy: () => import('../features/auth/SignupPage').then((m) => ({ Component: m.SignupPage })) },
  { path: '/tips', lazy: () => import('../features/tips/TipsPage').then((m) => ({ Component: m.TipsPage })) },
  { path: '/account', lazy: () => import('../features/account/AccountPage').then((m) => ({ Component: m.AccountPage })) },
  {
    path: '/request-password-reset',
    lazy: () => import('../features/auth/RequestResetPage').then((m) => ({ Component: m.RequestResetPage })),
  },
  {
    path: '/reset-password',
    lazy: () => import('../features/auth/ResetPasswordPage').then((m) => ({ Component: m.ResetPasswordPage })),
  },
  { path: '/terms', lazy: () => import('../features/legal/LegalPage').then((m) => ({ element: <m.LegalPage kind="terms" /> })) },
  { path: '/privacy', lazy: () => import('../features/legal/LegalPage').then((m) => ({ element: <m.LegalPage kind="privacy" /> })) },
];

/** The app's routes (spec §2). The server's route table (server/src/web/page.rs) mirrors this list. */
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
          {
            path: '/admin/*',
            element: (
              <AdminOnly>
                <AdminApp />
              </AdminOnly>
            ),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
