import { Outlet } from 'react-router';

import { SessionExpiryWarning } from './SessionExpiryWarning';
import { SessionProvider } from './SessionProvider';

/** The root route's element: every page sees the session, and its expiry warning can open over any page. */
export function SessionRoot() {
  return (
    <SessionProvider>
      <Outlet />
      <SessionExpiryWarning />
    </SessionProvider>
  );
}
