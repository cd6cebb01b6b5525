import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { ADMIN_NAMESPACE } from '../i18n';

/** A measure with no value yet (an average of nothing). */
export const NO_VALUE = '—';

/** Counts, rates, durations and moments as the interface language writes them. */
export function useAiFormat() {
  const { i18n } = useTranslation(ADMIN_NAMESPACE);
  const language = i18n.language;
  return useMemo(() => {
    const counts = new Intl.NumberFormat(language);
    const percents = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
    const milliseconds = new Intl.NumberFormat(language, { style: 'unit', unit: 'millisecond', unitDisplay: 'short', maximumFractionDigits: 0 });
    const moments = new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' });
    const orNone = (format: (value: number) => string) => (value: number | null) => (value === null ? NO_VALUE : format(value));
    return {
      count: orNone((value) => counts.format(value)),
      percent: orNone((value) => percents.format(value)),
      ms: orNone((value) => milliseconds.format(value)),
      dateTime: (epochMs: number) => moments.format(epochMs),
    };
  }, [language]);
}
