import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

import type { Axis } from './api';
import { findModel, familyModel, matchingVariants, pageOf } from './families';
import en from './locales/en.json';
import { testFamily, testModel } from './testModels';

const t = i18next.createInstance();
void t.init({ lng: 'en', resources: { en: { finder: en } }, defaultNS: 'finder', initAsync: false });
const translate = t.getFixedT('en', 'finder');

const axes = (box: string, shank: string): Axis[] => [
  { key: 'box', value: box },
  { key: 'shank', value: shank },
];
const europa = testFamily(
  'europa',
  'gaynor',
  ['2', '3', '3+'].flatMap((box) =>
    ['Supple', 'Feather', 'Hard'].map((shank): [string, object, Axis[]] => [`europa-${box}-${shank}`, { priceMin: box === '2' ? 100 : 110, sizes: [Number(box.replace('+', '.5'))] }, axes(box, shank)]),
  ),
);
const variants = (...ids: string[]) => europa.variants.filter((variant) => ids.includes(variant.id));

describe("a family's variants", () => {
  it('are named by the first axis, with the second where not all of it matches', () => {
    expect(matchingVariants(europa, variants('europa-3-Supple', 'europa-3-Feather', 'europa-3+-Supple', 'europa-3+-Feather'), translate)).toBe('Box 3, Box 3+ in Supple or Feather');
    expect(matchingVariants(europa, variants('europa-2-Supple', 'europa-2-Feather', 'europa-2-Hard', 'europa-3+-Hard'), translate)).toBe('Box 2; Box 3+ in Hard');
    expect(matchingVariants(europa, europa.variants, translate)).toBe('all 9 variants');
    expect(matchingVariants(testModel('alone', 'bloch'), [], translate)).toBeUndefined();
  });

  it('make one model of the family, with what the given variants offer between them', () => {
    const whole = familyModel(europa, variants('europa-2-Hard', 'europa-3+-Hard'));
    expect(whole).toMatchObject({ id: 'europa', familyId: 'europa', brandId: 'gaynor' });
    expect([whole.fit.priceMin, whole.fit.priceMax, whole.fit.sizes]).toEqual([100, 110, [2, 3.5]]);
  });

  it('are found by their own id or as the family, each with its page', () => {
    expect(pageOf(findModel([europa], 'europa-3-Hard')!)).toBe('/shoe/europa?variant=europa-3-Hard');
    expect(pageOf(findModel([europa], 'europa')!)).toBe('/shoe/europa');
    expect(pageOf(findModel([testModel('alpha', 'bloch')], 'alpha')!)).toBe('/shoe/alpha');
    expect(findModel([europa], 'nothing')).toBeUndefined();
  });
});
