import { describe, expect, it } from 'vitest';

import type { Brand, Product } from '../catalogue';
import { brandFixture, productFixture } from './fixtures';
import { foldForSearch, searchCatalogue } from './searchCatalogue';

const brand = (id: string, name: string, description = '', otherNames?: string[]): Brand =>
  brandFixture({ id, name, description, ...(otherNames ? { otherNames } : {}) });
const product = (id: string, name: string, description = '', otherNames?: string[]): Product =>
  productFixture({ id, name, description, ...(otherNames ? { otherNames } : {}) });

const brands = [
  brand('bloch', 'Bloch', 'Australian maker'),
  brand('gaynor', 'Gaynor Minden', 'Elastomer shanks'),
  brand('nikolay', 'ניקולאי', 'נעליים מרוסיה', ['Nikolay', 'Николай']),
];
const products = [
  product('1', 'Bloch Serenade', 'Tapered box'),
  product('2', 'Sculpted Fit', 'Gaynor Minden classic'),
  product('3', 'Nikolay Fouetté', 'Wide platform'),
  product('4', 'אליט', 'סוליה קשיחה', ['Elite']),
];

const ids = (items: { id: string }[]) => items.map((item) => item.id);

describe('searchCatalogue', () => {
  it('matches names and descriptions, ignoring case', () => {
    const results = searchCatalogue('GAYNOR', brands, products);
    expect(ids(results.brands)).toEqual(['gaynor']);
    expect(ids(results.products)).toEqual(['2']);
  });

  it('matches mixed case within a word', () => {
    expect(ids(searchCatalogue('sErEnAdE', brands, products).products)).toEqual(['1']);
    expect(ids(searchCatalogue('aUsTrAlIaN', brands, products).brands)).toEqual(['bloch']);
  });

  it('matches the name in another language, e.g. the Latin name on the Hebrew site', () => {
    expect(ids(searchCatalogue('nikolay', brands, products).brands)).toEqual(['nikolay']);
    expect(ids(searchCatalogue('НИКОЛАЙ', brands, products).brands)).toEqual(['nikolay']);
    expect(ids(searchCatalogue('elite', brands, products).products)).toEqual(['4']);
  });

  it('treats items without other names (kept by older versions) as having none', () => {
    expect(brands[0]).not.toHaveProperty('otherNames');
    expect(ids(searchCatalogue('bloch', brands, products).brands)).toEqual(['bloch']);
  });

  it('ignores accents both ways', () => {
    expect(ids(searchCatalogue('fouette', brands, products).products)).toEqual(['3']);
    expect(ids(searchCatalogue('FOUETTÉ', brands, products).products)).toEqual(['3']);
    expect(ids(searchCatalogue('sérénade', brands, products).products)).toEqual(['1']);
  });

  it('folds precomposed and decomposed accents alike', () => {
    expect(foldForSearch('Fouett\u00e9')).toBe('fouette');
    expect(foldForSearch('Fouette\u0301')).toBe('fouette');
    expect(foldForSearch('İSTANBUL')).toBe('istanbul');
  });

  it('is a substring test, not a word or prefix test', () => {
    expect(ids(searchCatalogue('lptd', brands, products).products)).toEqual([]);
    expect(ids(searchCatalogue('ulpted', brands, products).products)).toEqual(['2']);
  });

  it('ignores surrounding spaces', () => {
    expect(ids(searchCatalogue('  serenade ', brands, products).products)).toEqual(['1']);
  });

  it('finds nothing for an empty or blank query', () => {
    expect(searchCatalogue('', brands, products)).toEqual({ brands: [], products: [] });
    expect(searchCatalogue('   ', brands, products)).toEqual({ brands: [], products: [] });
  });

  it('finds nothing when nothing matches', () => {
    expect(searchCatalogue('freed', brands, products)).toEqual({ brands: [], products: [] });
  });
});
