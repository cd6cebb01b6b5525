import { Navigate, type RouteObject } from 'react-router';

import { BrandPage } from '../features/catalogue/BrandPage';
import { HomePage } from '../features/catalogue/HomePage';
import { ProductsPage } from '../features/catalogue/ProductsPage';
import { RouteCrash } from '../features/crash/RouteCrash';
import { ComingSoonPage } from '../features/pages/ComingSoonPage';
import { NotFoundPage } from '../features/pages/NotFoundPage';
import { Layout } from './Layout';

/** The app's routes (spec §2). The server's route table (server/src/web/page.rs) mirrors this list. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteCrash />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/brand/:brandId', element: <BrandPage /> },
      { path: '/products', element: <ProductsPage /> },
      { path: '/blog', element: <ComingSoonPage page="blog" /> },
      { path: '/blog/:slug', element: <ComingSoonPage page="blogPost" /> },
      { path: '/login', element: <ComingSoonPage page="login" /> },
      { path: '/signup', element: <ComingSoonPage page="signup" /> },
      { path: '/tips', element: <ComingSoonPage page="tips" /> },
      { path: '/request-password-reset', element: <ComingSoonPage page="requestPasswordReset" /> },
      { path: '/reset-password', element: <ComingSoonPage page="resetPassword" /> },
      // Nobody can sign in yet, so every visitor is signed out and goes to the login page (spec §2).
      { path: '/admin/*', element: <Navigate to="/login" replace /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
