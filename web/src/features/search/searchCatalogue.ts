import type { Brand, Product } from '../catalogue/api';

export interface SearchResults {
  brands: Brand[];
  products: Product[];
}

/** Brands and products whose name or description contains the query, ignoring case (spec §5). */
export function searchCatalogue(query: string, brands: Brand[], products: Product[]): SearchResults {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === '') return { brands: [], products: [] };
  const matches = (item: { name: string; description: string }) =>
    item.name.toLocaleLowerCase().includes(needle) || item.description.toLocaleLowerCase().includes(needle);
  return { brands: brands.filter(matches), products: products.filter(matches) };
}
