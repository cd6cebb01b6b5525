import { queryOptions, useQuery } from '@tanstack/react-query';

import { useLanguage } from '../../i18n/useLanguage';
import type { Language } from '../../i18n/languages';
import { fetchFinder, fetchModel } from './api';

/** Every language's finder data: what a change to the catalogue refreshes. */
export const FINDER_KEY = ['finder'] as const;

export const finderQuery = (language: Language) => queryOptions({ queryKey: [...FINDER_KEY, language], queryFn: ({ signal }) => fetchFinder(language, signal) });

export const modelQuery = (language: Language, id: string) =>
  queryOptions({ queryKey: [...FINDER_KEY, language, 'model', id], queryFn: ({ signal }) => fetchModel(language, id, signal) });

/** Every model, fetched once per language and shared by the finder, the questionnaire and the comparison. */
export function useFinder() {
  const language = useLanguage();
  return useQuery(finderQuery(language));
}

export function useModel(id: string) {
  const language = useLanguage();
  return useQuery(modelQuery(language, id));
}
