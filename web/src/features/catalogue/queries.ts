import { queryOptions, skipToken, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';

import { useLanguage } from '../../i18n/useLanguage';
import type { Language } from '../../i18n/languages';
import { fetchBrandProducts, fetchBrands, fetchProducts } from './api';

// Not BRANDS_KEY and PRODUCTS_KEY (./api): those name the lists kept in localStorage.
const BRANDS = ['brands'] as const;
const PRODUCTS = ['products'] as const;
/** Every language's brands and products: what a change to the catalogue refreshes. */
export const CATALOGUE_KEYS = [BRANDS, PRODUCTS] as const;

export const brandsQuery = (language: Language) => queryOptions({ queryKey: [...BRANDS, language], queryFn: ({ signal }) => fetchBrands(language, signal) });

const productsKey = (language: Language) => [...PRODUCTS, language] as const;
const readProducts =
  (language: Language) =>
  ({ signal }: { signal: AbortSignal }) =>
    fetchProducts(language, signal);

export const productsQuery = (language: Language) => queryOptions({ queryKey: productsKey(language), queryFn: readProducts(language) });

const brandProductsQuery = (language: Language, brandId: string) =>
  queryOptions({ queryKey: [...PRODUCTS, language, 'brand', brandId], queryFn: ({ signal }) => fetchBrandProducts(language, brandId, signal) });

export function useBrands() {
  const language = useLanguage();
  return useQuery(brandsQuery(language));
}

export function useProducts() {
  const language = useLanguage();
  return useQuery(productsQuery(language));
}

/** One maker's products; at once from the whole list when that was read already (e.g. ahead, when idle). */
export function useBrandProducts(brandId: string) {
  const language = useLanguage();
  const queryClient = useQueryClient();
  const whole = () => queryClient.getQueryState(productsQuery(language).queryKey);
  return useQuery({
    ...brandProductsQuery(language, brandId),
    initialData: () => whole()?.data?.filter((product) => product.brandId === brandId),
    initialDataUpdatedAt: () => whole()?.dataUpdatedAt,
  });
}

const NOT_WANTED_KEY = [...PRODUCTS, 'not-wanted'] as const;

/**
 * The product list, read only once `wanted` (the search box, once focused). Until then the query sits
 * under a key of its own with no function, so that the server's render, which fetches and sends every
 * query a page asks for, leaves the list (174 KB for 371 models) out of pages that do not show it.
 */
export function useProductsWhenWanted(wanted: boolean) {
  const language = useLanguage();
  return useQuery({ queryKey: wanted ? productsKey(language) : NOT_WANTED_KEY, queryFn: wanted ? readProducts(language) : skipToken });
}

/** Reads the product list ahead, for the search and for reading the catalogue after the connection drops. */
export function prefetchProducts(queryClient: QueryClient, language: Language) {
  return queryClient.prefetchQuery(productsQuery(language));
}
