import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';

import { PageLoader } from '../../components/PageLoader';
import { useSession } from './session';

/**
 * The admin area's guard (spec §2): a spinner while the session is being determined, signed-out
 * visitors to /login (and back here after), signed-in users without any admin permission to the home page.
 */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { state } = useSession();
  const { pathname, search } = useLocation();
  if (state.status === 'loading') return <PageLoader />;
  if (state.status === 'signedOut') return <Navigate to="/login" replace state={{ from: pathname + search }} />;
  if (state.user.permissions.length === 0) return <Navigate to="/" replace />;
  return children;
}
