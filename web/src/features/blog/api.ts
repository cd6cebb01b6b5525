import { z } from 'zod/mini';

import { apiRequest } from '../../api/client';
import { LANGUAGES, type Language } from '../../i18n/languages';

export const categoryRefSchema = z.object({
  slug: z.string(),
  name: z.string(),
});
export type CategoryRef = z.infer<typeof categoryRefSchema>;

/** A published post as the list shows it, in one language. */
export const postSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  /** A path on this site, an https address, or "" for none. */
  cover: z.string(),
  author: z.string(),
  /** Epoch milliseconds. */
  publishedAt: z.number(),
  category: z.nullable(categoryRefSchema),
  /** The language the texts are in: the one asked for, or Hebrew when the post lacks it. */
  lang: z.enum(LANGUAGES),
});
export type PostSummary = z.infer<typeof postSummarySchema>;

export const postPageSchema = z.object({
  posts: z.array(postSummarySchema),
  /** 1-based. */
  page: z.number(),
  pageCount: z.number(),
  total: z.number(),
  pageSize: z.number(),
});
export type PostPage = z.infer<typeof postPageSchema>;

export const EMBED_PROVIDERS = ['youtube', 'instagram', 'facebook', 'twitter'] as const;
export type EmbedProvider = (typeof EMBED_PROVIDERS)[number];

export const htmlBlockSchema = z.object({
  kind: z.literal('html'),
  /** Sanitised by the server (no scripts, styles, event handlers or `javascript:` links). */
  html: z.string(),
});
export type HtmlBlock = z.infer<typeof htmlBlockSchema>;

export const embedBlockSchema = z.object({
  kind: z.literal('embed'),
  provider: z.enum(EMBED_PROVIDERS),
  /**
   * YouTube: the video id; Instagram: `p/CODE` or `reel/CODE`; Facebook: the post's https address;
   * Twitter/X: the post's number. Frame addresses are built from this and `provider` only.
   */
  id: z.string(),
  /** The address as the author wrote it: only ever shown as a plain link. */
  url: z.string(),
});
export type EmbedBlock = z.infer<typeof embedBlockSchema>;

/** A piece of a post's body, in order. */
export const blockSchema = z.discriminatedUnion('kind', [htmlBlockSchema, embedBlockSchema]);
export type Block = z.infer<typeof blockSchema>;

export const postSchema = z.extend(postSummarySchema, {
  updatedAt: z.number(),
  body: z.array(blockSchema),
});
export type Post = z.infer<typeof postSchema>;

export const categorySchema = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  /** Published posts in it. */
  postCount: z.number(),
});
export type Category = z.infer<typeof categorySchema>;

/** How posts show social media content (GET /api/config/social-embeds, set by admins). */
export const socialEmbedSettingsSchema = z.object({
  youtube: z.object({ enabled: z.boolean(), autoplay: z.boolean(), showControls: z.boolean() }),
  instagram: z.object({ enabled: z.boolean(), showCaptions: z.boolean(), maxWidth: z.number() }),
  facebook: z.object({ enabled: z.boolean(), showText: z.boolean() }),
  twitter: z.object({ enabled: z.boolean(), theme: z.enum(['light', 'dark']) }),
});
export type SocialEmbedSettings = z.infer<typeof socialEmbedSettingsSchema>;

export interface PostsQuery {
  /** 1-based. */
  page: number;
  /** A category's slug, or undefined for every post. */
  category?: string;
}

export function fetchPosts(language: Language, { page, category }: PostsQuery, signal?: AbortSignal): Promise<PostPage> {
  const params = new URLSearchParams({ lang: language, page: String(page) });
  if (category) params.set('category', category);
  return apiRequest(`/blog/posts?${params.toString()}`, { schema: postPageSchema, signal });
}

/** One published post; an unknown or draft slug fails with an ApiError of status 404. */
export function fetchPost(language: Language, slug: string, signal?: AbortSignal): Promise<Post> {
  return apiRequest(`/blog/posts/${encodeURIComponent(slug)}?lang=${language}`, { schema: postSchema, signal });
}

export function fetchCategories(language: Language, signal?: AbortSignal): Promise<Category[]> {
  return apiRequest(`/blog/categories?lang=${language}`, { schema: z.array(categorySchema), signal });
}

export function fetchSocialEmbedSettings(signal?: AbortSignal): Promise<SocialEmbedSettings> {
  return apiRequest('/config/social-embeds', { schema: socialEmbedSettingsSchema, signal });
}
