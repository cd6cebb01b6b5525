import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate, useRouteError } from 'react-router';

import { CrashScreen } from './CrashScreen';
import { reportCrash } from './reportCrash';

/**
 * The crash screen for an error thrown while a route renders: React Router catches those itself, before
 * the app's ErrorBoundary could. "Try Again" clears failed queries and renders the same address afresh.
 */
export function RouteCrash() {
  const error = useRouteError();
  const { reset } = useQueryErrorResetBoundary();
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    void reportCrash(error instanceof Error ? error : new Error(String(error)), undefined);
  }, [error]);

  const tryAgain = () => {
    reset();
    void navigate(location, { replace: true });
  };
  return <CrashScreen onTryAgain={tryAgain} />;
}
