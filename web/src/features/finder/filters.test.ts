import { describe, expect, it } from 'vitest';

import { applyFilters, byText, facetCounts, filtering, readFilters, sortedWidths, toggled, writeFilters } from './filters';
import { testFamily, testModel } from './testModels';

const models = [
  testModel('alpha', 'bloch', { boxShape: ['square'], shankStrength: ['medium', 'hard'], widths: ['X', 'XX'], sizes: [3, 3.5, 4], priceMin: 85, priceMax: 110 }),
  testModel('bravo', 'bloch', { boxShape: ['tapered'], shankStrength: ['soft'], widths: ['C', 'D'], sizes: [4, 4.5], priceMin: 70 }),
  testModel('charlie', 'freed', { boxShape: ['square'], shankStrength: ['soft'], widths: ['X'], sizes: [36, 37] }),
];
const ids = (found: { model: { id: string } }[]) => found.map((result) => result.model.id);

describe('the finder filters', () => {
  it('read from and write to the address, keeping what else it holds', () => {
    const params = new URLSearchParams('boxShape=square,wide&size=4.5&priceMax=100&sort=price&compare=alpha&maker=');
    const filters = readFilters(params);
    expect(filters).toEqual({ lists: { boxShape: ['square', 'wide'] }, size: 4.5, priceMin: undefined, priceMax: 100, sort: 'price' });
    const written = writeFilters(params, { ...filters, lists: { boxShape: ['square'] }, size: undefined, sort: 'name' });
    expect(written.toString()).toBe('boxShape=square&priceMax=100&compare=alpha');
  });

  it('leave out what the address gets wrong', () => {
    expect(readFilters(new URLSearchParams('size=-2&priceMin=abc&sort=colour'))).toEqual({ lists: {}, size: undefined, priceMin: undefined, priceMax: undefined, sort: 'name' });
  });

  it('take the values of one filter as alternatives and the filters together', () => {
    const filters = { ...readFilters(new URLSearchParams('boxShape=square,tapered&shankStrength=soft')) };
    expect(ids(applyFilters(models, filters))).toEqual(['bravo', 'charlie']);
    expect(ids(applyFilters(models, readFilters(new URLSearchParams('width=XX'))))).toEqual(['alpha']);
    expect(ids(applyFilters(models, readFilters(new URLSearchParams('size=4'))))).toEqual(['alpha', 'bravo']);
  });

  it('keep a model whose price range meets the bounds, and leave out one without a price', () => {
    expect(ids(applyFilters(models, readFilters(new URLSearchParams('priceMin=100'))))).toEqual(['alpha']);
    expect(ids(applyFilters(models, readFilters(new URLSearchParams('priceMax=80'))))).toEqual(['bravo']);
  });

  it('sort by price with the models without one last', () => {
    expect(ids(applyFilters(models, readFilters(new URLSearchParams('sort=price'))))).toEqual(['bravo', 'alpha', 'charlie']);
    expect(ids(applyFilters(models, readFilters(new URLSearchParams('sort=maker'))))).toEqual(['alpha', 'bravo', 'charlie']);
  });

  it("keep the server's name order for names and for ties, and order makers without regard to case", () => {
    const [alpha, bravo] = [models[0]!, models[1]!];
    expect(ids(applyFilters([bravo, alpha], readFilters(new URLSearchParams(''))))).toEqual(['bravo', 'alpha']);
    expect(ids(applyFilters([bravo, alpha], readFilters(new URLSearchParams('sort=maker'))))).toEqual(['bravo', 'alpha']);
    expect(['Suffolk', 'bloch', 'Freed', 'R-Class'].sort(byText)).toEqual(['bloch', 'Freed', 'R-Class', 'Suffolk']);
  });

  it('count each value as if its own filter were not set', () => {
    const filters = toggled(readFilters(new URLSearchParams('shankStrength=soft')), 'boxShape', 'square', true);
    expect(facetCounts(models, filters, 'boxShape')).toEqual(new Map([['tapered', 1], ['square', 1]]));
    expect(facetCounts(models, filters, 'shankStrength')).toEqual(new Map([['medium', 1], ['hard', 1], ['soft', 1]]));
    expect(facetCounts(models, filters, 'maker')).toEqual(new Map([['freed', 1]]));
    expect(filtering(filters)).toBe(true);
    expect(filtering(toggled(toggled(filters, 'boxShape', 'square', false), 'shankStrength', 'soft', false))).toBe(false);
  });

  it('match a family when one of its variants matches, and count families', () => {
    const box = (value: string) => ({ key: 'box', value });
    const europa = testFamily('europa', 'gaynor', [
      ['europa-2-soft', { boxShape: ['tapered'], shankStrength: ['soft'], priceMin: 100 }, [box('2'), { key: 'shank', value: 'Soft' }]],
      ['europa-5-hard', { boxShape: ['square'], shankStrength: ['hard'], priceMin: 120 }, [box('5'), { key: 'shank', value: 'Hard' }]],
    ]);
    const families = [europa, ...models];
    const [found] = applyFilters([europa], readFilters(new URLSearchParams('boxShape=square')));
    expect(found!.matching.map((variant) => variant.id)).toEqual(['europa-5-hard']);
    expect(found!.model).toMatchObject({ id: 'europa', name: 'europa', familyId: 'europa' });
    expect(found!.model.fit.priceMin).toBe(120);
    expect(facetCounts(families, readFilters(new URLSearchParams('')), 'maker')).toEqual(new Map([['gaynor', 1], ['bloch', 2], ['freed', 1]]));
    expect(facetCounts(families, readFilters(new URLSearchParams('')), 'boxShape')).toEqual(new Map([['tapered', 2], ['square', 3]]));
  });

  it('order widths by kind: letters, fittings, numbered, X-widths', () => {
    expect(sortedWidths(['XX', 'W', 'D', 'W2', 'N', 'X', 'C', 'M', 'W1', 'XXX', 'D'])).toEqual(['C', 'D', 'N', 'M', 'W', 'W1', 'W2', 'X', 'XX', 'XXX']);
  });
});
