import { describe, expect, it } from 'vitest';

import type { Brand, Product } from '../catalogue/api';
import { searchCatalogue } from './searchCatalogue';

const brand = (id: string, name: string, description = ''): Brand => ({
  id,
  name,
  description,
  history: '',
  keyFeatures: [],
  popularModels: [],
  image: '',
  link: '',
  retailerLink: '',
});
const product = (id: string, name: string, description = ''): Product => ({ id, brandId: 'bloch', name, description, image: '', link: '', price: '' });

const brands = [brand('bloch', 'Bloch', 'Australian maker'), brand('gaynor', 'Gaynor Minden', 'Elastomer shanks')];
const products = [product('1', 'Bloch Serenade', 'Tapered box'), product('2', 'Sculpted Fit', 'Gaynor Minden classic')];

describe('searchCatalogue', () => {
  it('matches names and descriptions, ignoring case', () => {
    const results = searchCatalogue('GAYNOR', brands, products);
    expect(results.brands.map((b) => b.id)).toEqual(['gaynor']);
    expect(results.products.map((p) => p.id)).toEqual(['2']);
  });

  it('ignores surrounding spaces', () => {
    expect(searchCatalogue('  serenade ', brands, products).products.map((p) => p.id)).toEqual(['1']);
  });

  it('finds nothing for an empty or blank query', () => {
    expect(searchCatalogue('   ', brands, products)).toEqual({ brands: [], products: [] });
  });

  it('finds nothing when nothing matches', () => {
    expect(searchCatalogue('freed', brands, products)).toEqual({ brands: [], products: [] });
  });
});
