/** The timezone the admin's browser is in (an IANA name, e.g. `Asia/Jerusalem`). */
export const browserTimezone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Every timezone the browser knows, with its own (which the list may leave out, as `UTC`) among them. */
export function timezoneChoices(): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const own = browserTimezone();
  return known.includes(own) ? known : [own, ...known];
}

const pad = (value: number) => String(value).padStart(2, '0');

/** Tomorrow's date on the browser's calendar, as the date input takes it (`YYYY-MM-DD`). */
export function tomorrow(now = new Date()): string {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** A moment as the admin's language writes it, on the wall clock of `timezone` (the browser's by default). */
export const formatMoment = (epochMs: number, language: string, timezone?: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'full', timeStyle: 'short', timeZone: timezone }).format(epochMs);
