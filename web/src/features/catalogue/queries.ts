import { useQuery } from '@tanstack/react-query';

import { useLanguage } from '../../i18n/useLanguage';
import { fetchBrands, fetchProducts } from './api';

export function useBrands() {
  const language = useLanguage();
  return useQuery({ queryKey: ['brands', language], queryFn: ({ signal }) => fetchBrands(language, signal) });
}

export function useProducts() {
  const language = useLanguage();
  return useQuery({ queryKey: ['products', language], queryFn: ({ signal }) => fetchProducts(language, signal) });
}
