import { useLanguage } from '../../i18n/useLanguage';

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A day written the way the interface language writes it ("12 March 2026", "12 במרץ 2026"): the day in
 * UTC, so the server's page and the app taking it over write the same day wherever the reader is.
 */
export function formatPostDate(epochMs: number, language: string): string {
  let formatter = formatters.get(language);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' });
    formatters.set(language, formatter);
  }
  return formatter.format(epochMs);
}

/**
 * A post's date in a `<time>` element, in the interface language. The server's CLDR data (FormatJS) and the
 * browser's may space a date apart differently ("2026\u202Fг." against "2026 г."): the app keeps the
 * server's spacing when it takes a drawn page over rather than calling it a mismatch.
 */
export function PostDate({ epochMs }: { epochMs: number }) {
  const language = useLanguage();
  return (
    <time dateTime={new Date(epochMs).toISOString()} suppressHydrationWarning>
      {formatPostDate(epochMs, language)}
    </time>
  );
}
