import type { QueryClient, QueryKey } from '@tanstack/react-query';

import type { Language } from '../i18n/languages';

const MEMBER = ['member'] as const;
const ADMIN = [...MEMBER, 'admin'] as const;

/**
 * Every query's key. A key is a prefix of the keys below it, so a change refreshes exactly what it
 * touches by naming those prefixes (`refresh`).
 */
export const queryKeys = {
  siteConfig: ['site-config'] as const,
  socialEmbeds: ['config', 'social-embeds'] as const,
  legal: (kind: string, language: Language) => ['legal', kind, language] as const,
  /** Whom an e-mail's unsubscribe link names. */
  subscription: (token: string) => ['subscription', token] as const,
  brands: { all: ['brands'] as const, in: (language: Language) => ['brands', language] as const },
  products: {
    all: ['products'] as const,
    in: (language: Language) => ['products', language] as const,
    ofBrand: (language: Language, brandId: string) => ['products', language, 'brand', brandId] as const,
    /** The search box's product list before it is wanted (`useProductsWhenWanted`): never read. */
    notWanted: ['products', 'not-wanted'] as const,
  },
  finder: {
    all: ['finder'] as const,
    in: (language: Language) => ['finder', language] as const,
    model: (language: Language, id: string) => ['finder', language, 'model', id] as const,
  },
  blog: {
    all: ['blog'] as const,
    posts: (language: Language, page: number, category: string) => ['blog', 'posts', language, page, category] as const,
    post: (language: Language, slug: string) => ['blog', 'post', language, slug] as const,
    categories: (language: Language) => ['blog', 'categories', language] as const,
  },
  /** A signed-in user's data: the session drops everything under it at logout. */
  member: {
    all: MEMBER,
    tips: (language: Language) => [...MEMBER, 'tips', language] as const,
    account: [...MEMBER, 'account'] as const,
    accountSessions: [...MEMBER, 'account', 'sessions'] as const,
  },
  admin: {
    stats: [...ADMIN, 'stats'] as const,
    overview: [...ADMIN, 'overview'] as const,
    brands: [...ADMIN, 'brands'] as const,
    products: [...ADMIN, 'products'] as const,
    blog: {
      all: [...ADMIN, 'blog'] as const,
      posts: [...ADMIN, 'blog', 'posts'] as const,
      categories: [...ADMIN, 'blog', 'categories'] as const,
    },
    blogPreview: (markdown: string) => [...ADMIN, 'preview', markdown] as const,
    users: { all: [...ADMIN, 'users'] as const, list: (query: object) => [...ADMIN, 'users', query] as const },
    auditLogs: {
      all: [...ADMIN, 'auditLogs'] as const,
      page: (filters: object, page: number, pageSize: number) => [...ADMIN, 'auditLogs', filters, page, pageSize] as const,
    },
    sessions: { all: [...ADMIN, 'sessions'] as const, of: (userId: string | null) => [...ADMIN, 'sessions', userId ?? ''] as const },
    settings: (name: string) => [...ADMIN, 'settings', name] as const,
    ai: {
      status: [...ADMIN, 'ai', 'status'] as const,
      metrics: (range: string) => [...ADMIN, 'ai', 'metrics', range] as const,
    },
    cache: [...ADMIN, 'cache'] as const,
    crashes: {
      all: [...ADMIN, 'crashes'] as const,
      page: (filters: object, page: number, pageSize: number) => [...ADMIN, 'crashes', 'page', filters, page, pageSize] as const,
      one: (id: string) => [...ADMIN, 'crashes', 'one', id] as const,
    },
    analytics: {
      report: (query: string) => [...ADMIN, 'analytics', 'report', query] as const,
      live: (query: string) => [...ADMIN, 'analytics', 'live', query] as const,
    },
    templates: {
      all: [...ADMIN, 'templates'] as const,
      list: [...ADMIN, 'templates', 'list'] as const,
      variables: [...ADMIN, 'templates', 'variables'] as const,
      preview: (version: object) => [...ADMIN, 'templates', 'preview', version] as const,
    },
    campaigns: {
      all: [...ADMIN, 'campaigns'] as const,
      lists: [...ADMIN, 'campaigns', 'list'] as const,
      list: (status: string) => [...ADMIN, 'campaigns', 'list', status] as const,
      one: (id: string) => [...ADMIN, 'campaigns', 'one', id] as const,
      /** By status too: the figures are read again when the campaign moves (its last deliveries once sent). */
      report: (id: string, status: string) => [...ADMIN, 'campaigns', 'report', id, status] as const,
      audiences: [...ADMIN, 'campaigns', 'audience'] as const,
      audience: (choice: object) => [...ADMIN, 'campaigns', 'audience', choice] as const,
    },
    /** The members no campaign reaches since their address bounced for good. */
    suppressions: { all: [...ADMIN, 'suppressions'] as const, page: (page: number) => [...ADMIN, 'suppressions', page] as const },
    /** The POP3 mailbox: its settings, its inbox's pages and opened messages (both read from the mailbox). */
    mailbox: {
      settings: [...ADMIN, 'mailbox', 'settings'] as const,
      inbox: [...ADMIN, 'mailbox', 'inbox'] as const,
      page: (page: number, pageSize: number) => [...ADMIN, 'mailbox', 'inbox', page, pageSize] as const,
      message: (id: string) => [...ADMIN, 'mailbox', 'inbox', 'message', id] as const,
    },
  },
};

/** Marks the queries under each of `prefixes` stale; those on screen fetch again (awaited). */
export async function refresh(client: QueryClient, prefixes: readonly QueryKey[]): Promise<void> {
  await Promise.all(prefixes.map((queryKey) => client.invalidateQueries({ queryKey })));
}
