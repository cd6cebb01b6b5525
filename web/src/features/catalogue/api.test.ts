import { describe, expect, it } from 'vitest';

import { ApiError } from '../../api/errors';
import { setBrowserOnline } from '../../test/browser';
import { jsonResponse, mockFetch } from '../../test/fetchMock';
import { BRANDS_KEY, PRODUCTS_KEY, fetchBrandProducts, fetchBrands, fetchProducts } from './api';

const bloch = { id: 'bloch', name: 'Bloch', description: 'd', history: 'h', keyFeatures: [], popularModels: [], image: '', link: '', retailerLink: '' };
const blochHe = { ...bloch, name: 'בלוך' };

describe('fetchBrands', () => {
  it('asks for the brands in the language and keeps a copy per language', async () => {
    const fetchMock = mockFetch(() => jsonResponse([blochHe]));
    expect(await fetchBrands('he')).toEqual([blochHe]);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/brands?lang=he');
    expect(JSON.parse(localStorage.getItem(BRANDS_KEY) ?? '')).toEqual({ he: [blochHe] });
  });

  it('answers from the kept copy when the server cannot be reached', async () => {
    mockFetch(() => jsonResponse([bloch]));
    await fetchBrands('en');
    setBrowserOnline(false);
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await fetchBrands('en')).toEqual([bloch]);
    expect(await fetchBrands('ru')).toEqual([bloch]); // another language's copy beats nothing
  });

  it('fails with the network error when nothing was kept', async () => {
    setBrowserOnline(false);
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(fetchBrands('en')).rejects.toSatisfy((error) => error instanceof ApiError && error.isNetworkError);
  });

  it('does not hide a server error behind the kept copy', async () => {
    mockFetch(() => jsonResponse([bloch]));
    await fetchBrands('en');
    mockFetch(() => jsonResponse({ error: 'Brand not found', code: 'brand_not_found' }, 404));
    await expect(fetchBrands('en')).rejects.toThrow('Brand not found');
  });

  it('ignores a kept copy that is not valid JSON', async () => {
    localStorage.setItem(BRANDS_KEY, '{not json');
    setBrowserOnline(false);
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(fetchBrands('en')).rejects.toBeInstanceOf(ApiError);
  });
});

describe('fetchBrandProducts', () => {
  const product = (id: string, brandId: string) => ({ id, brandId, name: id, image: '', link: '', price: '$90', description: '' });
  const heritage = product('bloch-heritage', 'bloch');
  const elite = product('nikolay-elite', 'nikolay');

  it("asks for the maker's products only, and keeps no copy of them", async () => {
    const fetchMock = mockFetch(() => jsonResponse([heritage]));
    expect(await fetchBrandProducts('en', 'bloch')).toEqual([heritage]);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/products?brandId=bloch&lang=en');
    expect(localStorage.getItem(PRODUCTS_KEY)).toBeNull();
  });

  it("answers from the maker's models in the kept whole list when the server cannot be reached", async () => {
    mockFetch(() => jsonResponse([heritage, elite]));
    await fetchProducts('en');
    setBrowserOnline(false);
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await fetchBrandProducts('en', 'nikolay')).toEqual([elite]);
  });
});
