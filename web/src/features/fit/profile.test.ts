import { beforeEach, describe, expect, it } from 'vitest';

import { feetDiffer, isEmpty, PROFILE_KEY, problemsOf, readDeviceProfile } from './profile';

describe('a fit profile', () => {
  beforeEach(() => localStorage.clear());

  it('names each answer out of range by its path, as the server does', () => {
    expect(
      problemsOf({ left: { lengthMm: 400, size: { chart: 'eu', value: 38.5 } }, right: { widthMm: 90.5 }, strength: { relevesRight: 201 }, shoes: [{ hours: 8 }, { size: 'x'.repeat(33) }] }),
    ).toEqual({
      'left.lengthMm': { code: 'out_of_range', values: { min: '150', max: '330' } },
      'right.widthMm': { code: 'out_of_range', values: { min: '50', max: '140' } },
      'strength.relevesRight': { code: 'out_of_range', values: { min: '0', max: '200' } },
      'shoes.1.size': { code: 'too_long', values: { max: '32' } },
    });
  });

  it('tells feet that differ and a profile with no answer', () => {
    expect(feetDiffer({ left: { lengthMm: 240 }, right: { lengthMm: 246 } })).toBe(true);
    expect(feetDiffer({ left: { lengthMm: 240, arch: 'flexible' }, right: { lengthMm: 243, arch: 'flexible' } })).toBe(false);
    expect(feetDiffer({ left: { toeShape: 'greek' }, right: { toeShape: 'egyptian' } })).toBe(true);
    expect(isEmpty({ left: {}, shoes: [], dancing: { teacherApproved: false } })).toBe(true);
    expect(isEmpty({ shoes: [{ current: true }] })).toBe(false);
  });

  it('reads from the device only what reads as a profile', () => {
    localStorage.setItem(PROFILE_KEY, '{"left": {"arch": "bendy"}}');
    expect(readDeviceProfile()).toBeUndefined();
    localStorage.setItem(PROFILE_KEY, 'not json');
    expect(readDeviceProfile()).toBeUndefined();
    localStorage.setItem(PROFILE_KEY, JSON.stringify({ left: { arch: 'stiff' }, extra: 1 }));
    expect(readDeviceProfile()).toEqual({ left: { arch: 'stiff' } });
  });
});
