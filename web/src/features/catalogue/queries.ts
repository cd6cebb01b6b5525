import { useQuery } from '@tanstack/react-query';

import { useLanguage } from '../../i18n/useLanguage';
import { queryKeys } from '../../lib/queryKeys';
import { fetchBrands, fetchProducts } from './api';

export function useBrands() {
  const language = useLanguage();
  return useQuery({ queryKey: queryKeys.brands.in(language), queryFn: ({ signal }) => fetchBrands(language, signal) });
}

export function useProducts() {
  const language = useLanguage();
  return useQuery({ queryKey: queryKeys.products.in(language), queryFn: ({ signal }) => fetchProducts(language, signal) });
}
