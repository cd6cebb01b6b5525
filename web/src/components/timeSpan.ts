type SpanUnit = 'day' | 'hour' | 'minute';

/** A span in its largest whole unit: days, hours or minutes (never negative). */
function largestUnit(ms: number): [number, SpanUnit] {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes >= 1440) return [Math.floor(minutes / 1440), 'day'];
  if (minutes >= 60) return [Math.floor(minutes / 60), 'hour'];
  return [minutes, 'minute'];
}

/** A span of time in its largest whole unit (days, hours or minutes), in the interface language: "3 hours". */
export function formatSpan(ms: number, language: string): string {
  const [value, unit] = largestUnit(ms);
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

/** How long ago, in the same units, with the language's own grammar: "3 hours ago", "now". */
export function formatAgo(ms: number, language: string): string {
  const [value, unit] = largestUnit(ms);
  return new Intl.RelativeTimeFormat(language, { numeric: 'auto' }).format(-value, unit);
}
