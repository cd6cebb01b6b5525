import { lazy, Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';

import { useSession } from './session';
import { SessionProvider } from './SessionProvider';

// The warning's dialog is a chunk of its own: visitors never need it; a signed-in user's browser fetches it
// in advance, so it opens on time even if the network has gone by then.
const loadWarning = () => import('./SessionExpiryWarning');
const SessionExpiryWarning = lazy(() => loadWarning().then((module) => ({ default: module.SessionExpiryWarning })));

function ExpiryWarning() {
  const { state, warningOpen } = useSession();
  const signedIn = state.status === 'signedIn';
  useEffect(() => {
    if (signedIn) void loadWarning();
  }, [signedIn]);
  return signedIn && warningOpen ? (
    <Suspense fallback={null}>
      <SessionExpiryWarning />
    </Suspense>
  ) : null;
}

/** The root route's element: every page sees the session, and its expiry warning can open over any page. */
export function SessionRoot() {
  return (
    <SessionProvider>
      <Outlet />
      <ExpiryWarning />
    </SessionProvider>
  );
}
