import { apiSend } from '../../api/client';
import { currentLanguage } from '../../i18n';

export interface CrashReport {
  message: string;
  stack: string | undefined;
  componentStack: string | undefined;
  url: string;
  userAgent: string;
  timestamp: string;
  lang: string;
  release: string;
}

/**
 * Logs the crash and sends it to the server's crash reports (spec §7), a visitor's as well as a member's
 * (whose token goes with it); the server groups it with the same crash's others.
 */
export async function reportCrash(error: Error, componentStack: string | undefined): Promise<void> {
  console.error(error, componentStack ?? '');
  const report: CrashReport = {
    message: error.message,
    stack: error.stack,
    componentStack,
    url: window.location.href,
    userAgent: navigator.userAgent,
    timestamp: new Date().toISOString(),
    lang: currentLanguage(),
    release: __POINTE_RELEASE__,
  };
  try {
    await apiSend('/admin/log-error', { method: 'POST', body: report });
  } catch (failure) {
    console.error('Could not report the crash', failure);
  }
}
