import { screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse } from '../../test/fetchMock';
import { mockApi } from '../../test/auth';
import { localeText } from '../../test/locales';
import { renderRoutes } from '../../test/render';
import type { Post, SocialEmbedSettings } from './api';
import { BlogPostPage } from './BlogPostPage';

const post: Post = {
  slug: 'breaking-in',
  title: 'Breaking in new pointe shoes',
  excerpt: 'Gently does it.',
  cover: '/images/blog/breaking-in.jpg',
  author: 'Odette',
  publishedAt: Date.UTC(2026, 2, 12, 12),
  updatedAt: Date.UTC(2026, 2, 13, 12),
  category: { slug: 'care', name: 'Care' },
  lang: 'en',
  body: [
    { kind: 'html', html: '<h2>Soften the box</h2>\n<p>Work the <strong>box</strong> with your hands.</p>\n<ul><li>Never use a hammer</li></ul>' },
    { kind: 'embed', provider: 'youtube', id: 'dQw4w9WgXcQ', url: 'https://youtu.be/dQw4w9WgXcQ' },
    { kind: 'html', html: '<p>Then dance.</p>' },
  ],
};

const settings: SocialEmbedSettings = {
  youtube: { enabled: false, autoplay: false, showControls: true },
  instagram: { enabled: true, showCaptions: true, maxWidth: 540 },
  facebook: { enabled: true, showText: true },
  twitter: { enabled: true, theme: 'light' },
};

function renderPost(slug = 'breaking-in') {
  return renderRoutes(
    [
      { path: '/blog', element: <p>blog list</p> },
      { path: '/blog/:slug', element: <BlogPostPage /> },
    ],
    { path: `/blog/${slug}` },
  );
}

describe('BlogPostPage', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('shows the post from the API: title, by-line, cover and its HTML body', async () => {
    const api = mockApi({ 'GET /blog/posts/breaking-in': post, 'GET /config/social-embeds': settings });
    renderPost();
    expect(await screen.findByRole('heading', { level: 1, name: post.title })).toBeInTheDocument();
    expect(api.callsTo('GET /blog/posts/breaking-in').map((call) => call.path)).toEqual(['/blog/posts/breaking-in?lang=en']);

    const body = screen.getByTestId('post-body');
    expect(within(body).getByRole('heading', { level: 2, name: 'Soften the box' })).toBeInTheDocument();
    expect(within(body).getByText('box').tagName).toBe('STRONG');
    expect(within(body).getByRole('listitem')).toHaveTextContent('Never use a hammer');
    expect(body).toHaveTextContent(/Work the box with your hands\..*Then dance\./);

    expect(screen.getByText(localeText('en', 'blog.byAuthor', { author: 'Odette' }))).toBeInTheDocument();
    expect(screen.getByText('March 12, 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Care' })).toHaveAttribute('href', '/blog?category=care');
    expect(screen.getByRole('img', { name: localeText('en', 'blog.coverAlt', { title: post.title }) })).toHaveAttribute('src', post.cover);
    expect(screen.getByRole('link', { name: localeText('en', 'blog.backToBlog') })).toHaveAttribute('href', '/blog');
    expect(document.title).toBe(localeText('en', 'meta.blogPost.title', { name: post.title }));
  });

  it('shows a turned-off embed as a link to it', async () => {
    mockApi({ 'GET /blog/posts/breaking-in': post, 'GET /config/social-embeds': settings });
    const { container } = renderPost();
    const link = await screen.findByRole('link', { name: new RegExp(localeText('en', 'blog.embed.link.youtube')) });
    expect(link).toHaveAttribute('href', 'https://youtu.be/dQw4w9WgXcQ');
    expect(container.querySelector('iframe')).toBeNull();
  });

  it('shows the not-found page for a post the API does not know', async () => {
    const api = mockApi({ 'GET /blog/posts/gone': () => jsonResponse({ error: 'Post not found', code: 'post_not_found' }, 404), 'GET /config/social-embeds': settings });
    renderPost('gone');
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: localeText('en', 'notFound.title') })).toBeInTheDocument();
    expect(document.title).toBe(localeText('en', 'meta.notFound.title'));
    expect(api.callsTo('GET /blog/posts/gone')).toHaveLength(1);
  });

  it('shows other failures with a way to try again, not as not found', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({ 'GET /blog/posts/breaking-in': () => jsonResponse({ error: 'Database unavailable' }, 503) });
    renderPost();
    await vi.runAllTimersAsync();
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
    expect(screen.queryByTestId('not-found')).toBeNull();
  });

  it('marks a post in another language, keeping the by-line in the interface language', async () => {
    mockApi({ 'GET /blog/posts/breaking-in': { ...post, title: 'שבירת נעליים חדשות', lang: 'he' }, 'GET /config/social-embeds': settings });
    renderPost();
    const article = (await screen.findByRole('heading', { level: 1, name: 'שבירת נעליים חדשות' })).closest('article');
    expect(article).toHaveAttribute('lang', 'he');
    expect(article).toHaveAttribute('dir', 'rtl');
    expect(screen.getByText(localeText('en', 'blog.byAuthor', { author: 'Odette' })).closest('[lang]')).toHaveAttribute('lang', 'en');
  });
});
