import { describe, expect, it } from 'vitest';

import type { Fit } from '../../finder';
import { checkFit, flattenFit, gatherFit, IN_FINDER, notesKey } from './fitValues';

const fit: Fit = {
  boxShape: ['square-wide'],
  platformWidth: ['wide'],
  shankStrength: ['medium', 'hard'],
  vampLength: [],
  wingHeight: [],
  heelHeight: [],
  footShape: ['square', 'greek'],
  footShapeOriginal: 'Square, Greek',
  availability: ['discontinued'],
  level: [],
  technology: ['advanced-synthetic'],
  sizes: [2, 2.5],
  widths: ['X', 'XX'],
  materials: ['Satin'],
  priceMin: 85,
  priceMax: 110,
  priceRemark: 'closeout',
  makers: [],
  notes: { en: 'Broad platform' },
  sources: ['https://maker.example/alpha'],
  unread: { price: '$85-x' },
};

describe("a model's fit in the product form", () => {
  it('comes back from its fields as it went in', () => {
    expect(gatherFit(flattenFit(fit))).toEqual(fit);
  });

  it('is left out for a product not in the finder', () => {
    expect(flattenFit(undefined)[IN_FINDER]).toBe('');
    expect(gatherFit(flattenFit(undefined))).toBeUndefined();
    expect(checkFit({ ...flattenFit(undefined), 'fit.sizes': 'many' })).toEqual({});
  });

  it('is checked with the server’s codes and values', () => {
    const values = { ...flattenFit(fit), 'fit.sizes': '3, 0', 'fit.priceMax': '80', [notesKey('fr')]: 'x'.repeat(2001), 'fit.sources': 'ftp://old.example' };
    const errors = checkFit(values);
    expect(errors['fit.sizes']).toEqual({ code: 'out_of_range', values: { min: '0', max: '60' } });
    expect(errors['fit.priceMax']).toEqual({ code: 'prices_reversed' });
    expect(errors[notesKey('fr')]).toEqual({ code: 'too_long', values: { max: '2000' } });
    expect(errors['fit.sources']).toEqual({ code: 'not_a_web_address' });
    expect(Object.values(checkFit(flattenFit(fit))).filter(Boolean)).toEqual([]);
  });
});
