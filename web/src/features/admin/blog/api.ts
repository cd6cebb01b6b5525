import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';

import { apiRequest, writeEach } from '../../../api/client';
import { LANGUAGES } from '../../../i18n/languages';
import { BLOG_KEY } from '../../blog';
import { ADMIN_KEY } from '../queryKeys';
import { useRefreshingMutation } from '../../../lib/useRefreshingMutation';
import { blockSchema } from '../../blog';

const KEY = [...ADMIN_KEY, 'blog'] as const;

const postTextSchema = z.object({ title: z.string(), excerpt: z.string(), body: z.string() });
export type PostText = z.infer<typeof postTextSchema>;

export const POST_STATUSES = ['draft', 'published'] as const;

export const postRecordSchema = z.object({
  slug: z.string(),
  category: z.nullable(z.string()),
  author: z.string(),
  cover: z.string(),
  status: z.enum(POST_STATUSES),
  publishedAt: z.nullable(z.number()),
  translations: z.partialRecord(z.enum(LANGUAGES), postTextSchema),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type PostRecord = z.infer<typeof postRecordSchema>;
export type PostDraft = Omit<PostRecord, 'createdAt' | 'updatedAt'>;

const categoryTextSchema = z.object({ name: z.string(), description: z.string() });
export type CategoryText = z.infer<typeof categoryTextSchema>;

export const categoryRecordSchema = z.object({
  slug: z.string(),
  translations: z.partialRecord(z.enum(LANGUAGES), categoryTextSchema),
  postCount: z.number(),
});
export type CategoryRecord = z.infer<typeof categoryRecordSchema>;
export type CategoryDraft = Omit<CategoryRecord, 'postCount'>;

export const adminPostsQuery = () => queryOptions({ queryKey: [...KEY, 'posts'], queryFn: ({ signal }) => apiRequest('/admin/blog/posts', { schema: z.array(postRecordSchema), signal }) });

export const useAdminPosts = () => useQuery(adminPostsQuery());

export const adminCategoriesQuery = () => queryOptions({ queryKey: [...KEY, 'categories'], queryFn: ({ signal }) => apiRequest('/admin/blog/categories', { schema: z.array(categoryRecordSchema), signal }) });

export const useAdminCategories = () => useQuery(adminCategoriesQuery());

/** What a blog change refreshes: the admin's lists and the public blog. */
const BLOG_VIEWS = [BLOG_KEY, KEY];

export function useSavePost() {
  return useRefreshingMutation(
    ({ draft, isNew }: { draft: PostDraft; isNew: boolean }) =>
      apiRequest(isNew ? '/admin/blog/posts' : `/admin/blog/posts/${encodeURIComponent(draft.slug)}`, { method: isNew ? 'POST' : 'PUT', body: draft, schema: postRecordSchema }),
    BLOG_VIEWS,
  );
}

export function useDeletePosts() {
  return useRefreshingMutation(async (posts: readonly PostRecord[]) => {
    await writeEach(posts, (post) => apiRequest(`/admin/blog/posts/${encodeURIComponent(post.slug)}`, { method: 'DELETE' }));
  }, BLOG_VIEWS);
}

export function useSaveCategory() {
  return useRefreshingMutation(
    ({ draft, isNew }: { draft: CategoryDraft; isNew: boolean }) =>
      apiRequest(isNew ? '/admin/blog/categories' : `/admin/blog/categories/${encodeURIComponent(draft.slug)}`, {
        method: isNew ? 'POST' : 'PUT',
        body: draft,
        schema: categoryRecordSchema,
      }),
    BLOG_VIEWS,
  );
}

export function useDeleteCategories() {
  return useRefreshingMutation(async (categories: readonly CategoryRecord[]) => {
    await writeEach(categories, (category) => apiRequest(`/admin/blog/categories/${encodeURIComponent(category.slug)}`, { method: 'DELETE' }));
  }, BLOG_VIEWS);
}

export const previewSchema = z.object({ body: z.array(blockSchema) });

/** The body as readers will get it (rendered and sanitised by the server); the last one stays while the next comes. */
export const postPreviewQuery = (markdown: string) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'preview', markdown],
    queryFn: ({ signal }) => apiRequest('/admin/blog/preview', { method: 'POST', body: { markdown }, schema: previewSchema, signal }),
    placeholderData: keepPreviousData,
  });
