import type { Brand, Product } from '../catalogue';

export interface SearchResults {
  brands: Brand[];
  products: Product[];
}

interface Searchable {
  name: string;
  description: string;
  otherNames?: string[] | undefined;
}

const COMBINING_MARKS = /\p{M}/gu;

/**
 * Text as search compares it: decomposed (NFD) with the combining marks removed, so that "fouette" finds
 * "Fouetté" (and Hebrew vowel points do not get in the way), then lower-cased without regard to the
 * interface language (`toLowerCase`, not `toLocaleLowerCase`: no Turkish dotless i surprises).
 */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(COMBINING_MARKS, '').toLowerCase();
}

/**
 * Brands and products whose name, description or name in another language contains the query, ignoring
 * case and accents (spec §5: a substring test). An empty query finds nothing.
 */
export function searchCatalogue(query: string, brands: Brand[], products: Product[]): SearchResults {
  const needle = foldForSearch(query.trim());
  if (needle === '') return { brands: [], products: [] };
  const matches = (item: Searchable) => [item.name, item.description, ...(item.otherNames ?? [])].some((text) => foldForSearch(text).includes(needle));
  return { brands: brands.filter(matches), products: products.filter(matches) };
}
