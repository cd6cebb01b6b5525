import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { useLanguage } from '../../i18n/useLanguage';
import type { Language } from '../../i18n/languages';
import { fetchCategories, fetchPost, fetchPosts, fetchSocialEmbedSettings } from './api';

/** Every language's posts and categories: what a change to the blog refreshes. */
export const BLOG_KEY = ['blog'] as const;

/** A page of published posts; the previous page stays on screen while the next one loads. */
export const postsQuery = (language: Language, page: number, category: string | undefined) =>
  queryOptions({
    queryKey: [...BLOG_KEY, 'posts', language, page, category ?? ''],
    queryFn: ({ signal }) => fetchPosts(language, { page, category }, signal),
    placeholderData: keepPreviousData,
  });

export const postQuery = (language: Language, slug: string) => queryOptions({ queryKey: [...BLOG_KEY, 'post', language, slug], queryFn: ({ signal }) => fetchPost(language, slug, signal) });

export const categoriesQuery = (language: Language) =>
  queryOptions({ queryKey: [...BLOG_KEY, 'categories', language], queryFn: ({ signal }) => fetchCategories(language, signal) });

/** The same in every language. */
export const socialEmbedsQuery = () => queryOptions({ queryKey: ['config', 'social-embeds'], queryFn: ({ signal }) => fetchSocialEmbedSettings(signal) });

export function usePosts(page: number, category: string | undefined) {
  const language = useLanguage();
  return useQuery(postsQuery(language, page, category));
}

export function usePost(slug: string) {
  const language = useLanguage();
  return useQuery(postQuery(language, slug));
}

export function useBlogCategories() {
  const language = useLanguage();
  return useQuery(categoriesQuery(language));
}

export function useSocialEmbedSettings() {
  return useQuery(socialEmbedsQuery());
}
