import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { ADMIN_NAMESPACE } from '../i18n';

/** A measure with no value yet (an average of nothing). */
export const NO_VALUE = '—';

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/** Counts, rates, durations, sizes and moments as the interface language writes them. */
export function useAdminFormat() {
  const { i18n } = useTranslation(ADMIN_NAMESPACE);
  const language = i18n.language;
  return useMemo(() => {
    const counts = new Intl.NumberFormat(language);
    const percents = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
    const decimals = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
    const milliseconds = new Intl.NumberFormat(language, { style: 'unit', unit: 'millisecond', unitDisplay: 'short', maximumFractionDigits: 0 });
    // A cache's miss may take well under a millisecond: "0 ms" would say nothing.
    const fewMilliseconds = new Intl.NumberFormat(language, { style: 'unit', unit: 'millisecond', unitDisplay: 'short', maximumSignificantDigits: 2 });
    // "552 bytes" rather than "552 byte", which is the short form in English.
    const sizes = BYTE_UNITS.map(
      (unit) => new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: unit === 'byte' ? 'long' : 'short', maximumFractionDigits: 1 }),
    );
    const [seconds, minutes, hours] = (['second', 'minute', 'hour'] as const).map(
      (unit) => new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long', maximumFractionDigits: 1 }),
    );
    const moments = new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' });
    const times = new Intl.DateTimeFormat(language, { timeStyle: 'medium' });
    const orNone = (format: (value: number) => string) => (value: number | null) => (value === null ? NO_VALUE : format(value));
    return {
      count: orNone((value) => counts.format(value)),
      percent: orNone((value) => percents.format(value)),
      decimal: orNone((value) => decimals.format(value)),
      ms: orNone((value) => (value < 10 ? fewMilliseconds : milliseconds).format(value)),
      /** In the largest unit (of 1000) that keeps the number at 1 or more. */
      bytes: orNone((value) => {
        const power = Math.min(Math.max(Math.floor(Math.log10(value) / 3), 0), BYTE_UNITS.length - 1);
        return sizes[power]!.format(value / 1000 ** power);
      }),
      /** A wait in whole seconds or minutes up to an hour and a half, then in hours. */
      duration: orNone((value) => {
        if (value < 90) return seconds!.format(Math.ceil(value));
        if (value < 90 * 60) return minutes!.format(Math.ceil(value / 60));
        return hours!.format(Math.round(value / 360) / 10);
      }),
      dateTime: (epochMs: number) => moments.format(epochMs),
      time: (epochMs: number) => times.format(epochMs),
    };
  }, [language]);
}
