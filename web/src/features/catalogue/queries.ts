import { skipToken, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';

import { useLanguage } from '../../i18n/useLanguage';
import type { Language } from '../../i18n/languages';
import { queryKeys } from '../../lib/queryKeys';
import { fetchBrandProducts, fetchBrands, fetchProducts, type Product } from './api';

export function useBrands() {
  const language = useLanguage();
  return useQuery({ queryKey: queryKeys.brands.in(language), queryFn: ({ signal }) => fetchBrands(language, signal) });
}

const readProducts =
  (language: Language) =>
  ({ signal }: { signal: AbortSignal }) =>
    fetchProducts(language, signal);

export function useProducts() {
  const language = useLanguage();
  return useQuery({ queryKey: queryKeys.products.in(language), queryFn: readProducts(language) });
}

/** One maker's products; at once from the whole list when that was read already (e.g. ahead, when idle). */
export function useBrandProducts(brandId: string) {
  const language = useLanguage();
  const queryClient = useQueryClient();
  const whole = () => queryClient.getQueryState<Product[]>(queryKeys.products.in(language));
  return useQuery({
    queryKey: queryKeys.products.ofBrand(language, brandId),
    queryFn: ({ signal }) => fetchBrandProducts(language, brandId, signal),
    initialData: () => whole()?.data?.filter((product) => product.brandId === brandId),
    initialDataUpdatedAt: () => whole()?.dataUpdatedAt,
  });
}

/**
 * The product list, read only once `wanted` (the search box, once focused). Until then the query sits
 * under a key of its own with no function, so that the server's render, which fetches and sends every
 * query a page asks for, leaves the list (174 KB for 371 models) out of pages that do not show it.
 */
export function useProductsWhenWanted(wanted: boolean) {
  const language = useLanguage();
  return useQuery({
    queryKey: wanted ? queryKeys.products.in(language) : queryKeys.products.notWanted,
    queryFn: wanted ? readProducts(language) : skipToken,
  });
}

/** Reads the product list ahead, for the search and for reading the catalogue after the connection drops. */
export function prefetchProducts(queryClient: QueryClient, language: Language) {
  return queryClient.prefetchQuery({ queryKey: queryKeys.products.in(language), queryFn: readProducts(language) });
}
