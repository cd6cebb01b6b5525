// The catalogue's public entry: what the search uses.
export { BRANDS_KEY, PRODUCTS_KEY, type Brand, type Product } from './api';
export { prefetchProducts, useBrands, useProductsWhenWanted } from './queries';
