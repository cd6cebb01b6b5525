import { lazy } from 'react';
import type { RouteObject } from 'react-router';

import { AccountPage } from '../features/account/AccountPage';
import { AdminOnly } from '../lib/session/AdminOnly';
import { LoginPage } from '../features/auth/LoginPage';
import { RequestResetPage } from '../features/auth/RequestResetPage';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage';
import { SessionRoot } from '../lib/session/SessionRoot';
import { SignupPage } from '../features/auth/SignupPage';
import { BrandPage } from '../features/catalogue/BrandPage';
import { HomePage } from '../features/catalogue/HomePage';
import { ProductsPage } from '../features/catalogue/ProductsPage';
import { RouteCrash } from '../features/crash/RouteCrash';
import { LegalPage } from '../features/legal/LegalPage';
import { NotFoundPage } from '../components/NotFoundPage';
import { TipsPage } from '../features/tips/TipsPage';
import { Layout } from './Layout';

// The admin area is a chunk of its own, fetched only once the guard lets the user in.
const AdminApp = lazy(() => import('../features/admin/AdminApp'));
// So is the blog: the home page does not carry the Markdown styles and embeds.
const BlogPage = lazy(() => import('../features/blog/BlogPage').then((module) => ({ default: module.BlogPage })));
const BlogPostPage = lazy(() => import('../features/blog/BlogPostPage').then((module) => ({ default: module.BlogPostPage })));

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
          { path: '/brand/:brandId', element: <BrandPage /> },
          { path: '/products', element: <ProductsPage /> },
          { path: '/blog', element: <BlogPage /> },
          { path: '/blog/:slug', element: <BlogPostPage /> },
          { path: '/login', element: <LoginPage /> },
          { path: '/signup', element: <SignupPage /> },
          { path: '/tips', element: <TipsPage /> },
          { path: '/account', element: <AccountPage /> },
          { path: '/request-password-reset', element: <RequestResetPage /> },
          { path: '/reset-password', element: <ResetPasswordPage /> },
          { path: '/terms', element: <LegalPage kind="terms" /> },
          { path: '/privacy', element: <LegalPage kind="privacy" /> },
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
