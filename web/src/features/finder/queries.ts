import { useQuery } from '@tanstack/react-query';

import { useLanguage } from '../../i18n/useLanguage';
import { queryKeys } from '../../lib/queryKeys';
import { fetchFinder, fetchModel } from './api';

/** Every model, fetched once per language and shared by the finder, the questionnaire and the comparison. */
export function useFinder() {
  const language = useLanguage();
  return useQuery({ queryKey: queryKeys.finder.in(language), queryFn: ({ signal }) => fetchFinder(language, signal) });
}

export function useModel(id: string) {
  const language = useLanguage();
  return useQuery({ queryKey: queryKeys.finder.model(language, id), queryFn: ({ signal }) => fetchModel(language, id, signal) });
}
