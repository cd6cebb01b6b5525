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

/** The page's address without its query and fragment, which may hold a token (an unsubscribe or a password reset link's). */
export function pageAddress(location: Pick<Location, 'origin' | 'pathname'> = window.location): string {
  return location.origin + location.pathname;
}

/**
 * A web address's query or fragment in a text (a stack's frame, a message): from `?` or `#` to where the
 * address ends, before a frame's `:line:column`, a space, a bracket or a quote.
 */
const ADDRESS_TAIL = /(\b(?:https?|file|blob):[^\s?#()"'<>]*)[?#][^\s()"'<>]*?(?=:\d+(?::\d+)?(?=[\s()"'<>]|$)|[\s()"'<>]|$)/gm;

/** `text` with the query and fragment of every web address in it left out (the page's own among them). */
export const withoutAddressTails = (text: string) => text.replace(ADDRESS_TAIL, '$1');

/**
 * Logs the crash and sends it to the server's crash reports (spec §7), a visitor's as well as a member's
 * (whose token goes with it); the server groups it with the same crash's others. The page's address goes
 * without its query and fragment, and so do the addresses in the texts.
 */
export async function reportCrash(error: Error, componentStack: string | undefined): Promise<void> {
  console.error(error, componentStack ?? '');
  const report: CrashReport = {
    // No token in a query or fragment leaves the browser: an inline script's frame names the page's address.
    message: withoutAddressTails(error.message),
    stack: error.stack === undefined ? undefined : withoutAddressTails(error.stack),
    componentStack: componentStack === undefined ? undefined : withoutAddressTails(componentStack),
    url: pageAddress(),
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
