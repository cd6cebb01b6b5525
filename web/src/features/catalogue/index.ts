// The catalogue's public entry: what the search uses, and the keys the admin's changes refresh.
export { BRANDS_KEY, PRODUCTS_KEY, type Brand, type Product } from './api';
export { CATALOGUE_KEYS, prefetchProducts, useBrands, useProductsWhenWanted } from './queries';
