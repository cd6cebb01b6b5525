import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { useLanguage } from '../../i18n/useLanguage';
import { queryKeys } from '../../lib/queryKeys';
import { fetchCategories, fetchPost, fetchPosts, fetchSocialEmbedSettings } from './api';

/** A page of published posts; the previous page stays on screen while the next one loads. */
export function usePosts(page: number, category: string | undefined) {
  const language = useLanguage();
  return useQuery({
    queryKey: queryKeys.blog.posts(language, page, category ?? ''),
    queryFn: ({ signal }) => fetchPosts(language, { page, category }, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePost(slug: string) {
  const language = useLanguage();
  return useQuery({ queryKey: queryKeys.blog.post(language, slug), queryFn: ({ signal }) => fetchPost(language, slug, signal) });
}

export function useBlogCategories() {
  const language = useLanguage();
  return useQuery({ queryKey: queryKeys.blog.categories(language), queryFn: ({ signal }) => fetchCategories(language, signal) });
}

/** The same in every language. */
export function useSocialEmbedSettings() {
  return useQuery({ queryKey: queryKeys.socialEmbeds, queryFn: ({ signal }) => fetchSocialEmbedSettings(signal) });
}
