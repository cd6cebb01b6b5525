import { afterEach, describe, expect, it } from 'vitest';

import { auditParams, localDayStart, NO_FILTERS } from './api';

const HOUR = 3_600_000;

const zone = process.env.TZ;
afterEach(() => {
  // Assigning undefined would store the text "undefined".
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe('localDayStart', () => {
  it('is local midnight, and the day after a clock change is 23 or 25 hours on', () => {
    process.env.TZ = 'Europe/Paris';
    expect(localDayStart('2026-03-29')).toBe(Date.UTC(2026, 2, 28, 23));
    // Summer time starts on 29 March 2026 in Paris: that day has 23 hours, 25 October has 25.
    expect(localDayStart('2026-03-29', 1)! - localDayStart('2026-03-29')!).toBe(23 * HOUR);
    expect(localDayStart('2026-10-25', 1)! - localDayStart('2026-10-25')!).toBe(25 * HOUR);
    // The day after the last of a month is the first of the next.
    expect(localDayStart('2026-12-31', 1)).toBe(Date.UTC(2026, 11, 31, 23));
  });

  it('is undefined without a date', () => {
    expect(localDayStart('')).toBeUndefined();
    expect(localDayStart('31/12/2026')).toBeUndefined();
  });
});

describe('auditParams', () => {
  it('leaves out what is not filtered and trims the user id', () => {
    expect(auditParams(NO_FILTERS).toString()).toBe('');
    process.env.TZ = 'UTC';
    const params = auditParams({ ...NO_FILTERS, userId: '  u-7 ', endDate: '2026-11-30' });
    expect(Object.fromEntries(params)).toEqual({ userId: 'u-7', to: String(Date.UTC(2026, 11, 1)) });
  });
});
