import { apiSend } from '../../api/client';
import { storedToken } from '../../api/token';

export interface CrashReport {
  message: string;
  stack: string | undefined;
  componentStack: string | undefined;
  url: string;
  userAgent: string;
  timestamp: string;
}

/** Logs the crash and sends it to the server's error log (spec §7); only signed-in users may write there. */
export async function reportCrash(error: Error, componentStack: string | undefined): Promise<void> {
  console.error(error, componentStack ?? '');
  if (!storedToken()) return;
  const report: CrashReport = {
    message: error.message,
    stack: error.stack,
    componentStack,
    url: window.location.href,
    userAgent: navigator.userAgent,
    timestamp: new Date().toISOString(),
  };
  try {
    await apiSend('/admin/log-error', { method: 'POST', body: report });
  } catch (failure) {
    console.error('Could not report the crash', failure);
  }
}
