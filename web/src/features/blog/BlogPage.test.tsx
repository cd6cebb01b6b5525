import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { beforeEach, describe, expect, it } from 'vitest';

import { mockApi, type ApiCall } from '../../test/auth';
import { localeText } from '../../test/locales';
import { renderRoutes } from '../../test/render';
import type { PostSummary } from './api';
import { BlogPage } from './BlogPage';

const post = (n: number, extra: Partial<PostSummary> = {}): PostSummary => ({
  slug: `post-${n}`,
  title: `Post number ${n}`,
  excerpt: `What post ${n} is about.`,
  cover: n === 1 ? '/images/blog/one.jpg' : '',
  author: 'Odette',
  publishedAt: Date.UTC(2026, 2, 12 - n, 12),
  category: n === 1 ? { slug: 'fitting', name: 'Fitting' } : null,
  lang: 'en',
  ...extra,
});

const pageOne = { posts: [1, 2, 3, 4, 5, 6].map((n) => post(n)), page: 1, pageCount: 2, total: 7, pageSize: 6 };
const pageTwo = { posts: [post(7)], page: 2, pageCount: 2, total: 7, pageSize: 6 };
const categories = [
  { slug: 'fitting', name: 'Fitting', description: '', postCount: 3 },
  { slug: 'care', name: 'Care', description: '', postCount: 0 },
];

/** Answers GET /blog/posts by its `page` and `category`. */
function postsByQuery(call: ApiCall) {
  const query = new URLSearchParams(call.path.split('?')[1]);
  if (query.get('category') === 'fitting') return { posts: [post(1)], page: 1, pageCount: 1, total: 1, pageSize: 6 };
  const page = Number(query.get('page'));
  if (page === 1) return pageOne;
  if (page === 2) return pageTwo;
  return { posts: [], page, pageCount: 2, total: 7, pageSize: 6 };
}

function renderBlog(path = '/blog') {
  return renderRoutes(
    [
      { path: '/blog', element: <BlogPage /> },
      { path: '/blog/:slug', element: <p>post page</p> },
    ],
    { path },
  );
}

const postPaths = (api: ReturnType<typeof mockApi>) => api.callsTo('GET /blog/posts').map((call) => call.path);

describe('BlogPage', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('shows a card for each post of the page from the API', async () => {
    const api = mockApi({ 'GET /blog/posts': postsByQuery, 'GET /blog/categories': categories });
    renderBlog();
    expect(await screen.findAllByTestId('post-card')).toHaveLength(6);
    expect(screen.getByRole('heading', { level: 1, name: localeText('en', 'blog.title') })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Post number 1' })).toBeInTheDocument();
    expect(postPaths(api)).toEqual(['/blog/posts?lang=en&page=1']);
    expect(document.title).toBe(localeText('en', 'meta.blog.title'));

    const first = screen.getAllByTestId('post-card')[0]!;
    expect(within(first).getByText('What post 1 is about.')).toBeInTheDocument();
    expect(within(first).getByText('Fitting')).toBeInTheDocument();
    expect(within(first).getByText('March 11, 2026')).toBeInTheDocument();
    const cover = within(first).getByRole('img');
    expect(cover).toHaveAttribute('src', '/images/blog/one.jpg');
    expect(cover).toHaveAttribute('alt', localeText('en', 'blog.coverAlt', { title: 'Post number 1' }));
    expect(cover).toHaveAttribute('loading', 'lazy');
    // A post without a cover has no picture at all.
    expect(within(screen.getAllByTestId('post-card')[1]!).queryByRole('img')).toBeNull();
  });

  it('links each card to its post, the link named after the post', async () => {
    mockApi({ 'GET /blog/posts': postsByQuery, 'GET /blog/categories': categories });
    const { router } = renderBlog();
    const link = await screen.findByRole('link', { name: localeText('en', 'blog.readMoreAbout', { title: 'Post number 3' }) });
    expect(link).toHaveAttribute('href', '/blog/post-3');
    expect(link).toHaveTextContent(localeText('en', 'blog.readMore'));
    await userEvent.click(link);
    expect(router.state.location.pathname).toBe('/blog/post-3');
  });

  it('says which page of how many, and the pagination asks for page 2', async () => {
    const api = mockApi({ 'GET /blog/posts': postsByQuery, 'GET /blog/categories': categories });
    const { router } = renderBlog();
    const pages = await screen.findByRole('navigation', { name: localeText('en', 'blog.pagerLabel') });
    expect(within(pages).getByText('Page 1 of 2')).toBeInTheDocument();

    await userEvent.click(within(pages).getByRole('button', { name: localeText('en', 'common.pager.page', { page: 2 }) }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Post number 7' })).toBeInTheDocument();
    expect(postPaths(api)).toEqual(['/blog/posts?lang=en&page=1', '/blog/posts?lang=en&page=2']);
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getAllByTestId('post-card')).toHaveLength(1);
  });

  it('reads the page from the address', async () => {
    const api = mockApi({ 'GET /blog/posts': postsByQuery, 'GET /blog/categories': categories });
    renderBlog('/blog?page=2');
    expect(await screen.findByRole('heading', { level: 2, name: 'Post number 7' })).toBeInTheDocument();
    expect(postPaths(api)).toEqual(['/blog/posts?lang=en&page=2']);
  });

  it('hides the pagination when there is one page', async () => {
    mockApi({ 'GET /blog/posts': { posts: [post(1)], page: 1, pageCount: 1, total: 1, pageSize: 6 }, 'GET /blog/categories': [] });
    renderBlog();
    expect(await screen.findAllByTestId('post-card')).toHaveLength(1);
    expect(screen.queryByRole('navigation', { name: localeText('en', 'blog.pagerLabel') })).toBeNull();
    expect(screen.queryByText(/Page 1 of/)).toBeNull();
  });

  it('filters by category, starting again at page 1, and lists only categories with posts', async () => {
    const api = mockApi({ 'GET /blog/posts': postsByQuery, 'GET /blog/categories': categories });
    const { router } = renderBlog('/blog?page=2');
    const filter = await screen.findByRole('navigation', { name: localeText('en', 'blog.categoriesLabel') });
    expect(within(filter).getAllByRole('link').map((link) => link.textContent)).toEqual([localeText('en', 'blog.allCategories'), 'Fitting']);
    expect(within(filter).getByRole('link', { name: localeText('en', 'blog.allCategories') })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(within(filter).getByRole('link', { name: 'Fitting' }));
    await waitFor(() => expect(postPaths(api)).toContain('/blog/posts?lang=en&page=1&category=fitting'));
    expect(router.state.location.search).toBe('?category=fitting');
    expect(within(filter).getByRole('link', { name: 'Fitting' })).toHaveAttribute('aria-current', 'page');
  });

  it('says so when there are no posts', async () => {
    mockApi({ 'GET /blog/posts': { posts: [], page: 1, pageCount: 0, total: 0, pageSize: 6 }, 'GET /blog/categories': [] });
    renderBlog();
    expect(await screen.findByText(localeText('en', 'blog.empty'))).toBeInTheDocument();
    expect(screen.queryByTestId('post-card')).toBeNull();
  });

  it('offers the first page on a page past the end', async () => {
    mockApi({ 'GET /blog/posts': postsByQuery, 'GET /blog/categories': categories });
    renderBlog('/blog?page=9');
    expect(await screen.findByText(localeText('en', 'blog.pastEnd'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: localeText('en', 'blog.firstPage') })).toHaveAttribute('href', '/blog');
  });

  it('marks a post in another language than the interface', async () => {
    mockApi({
      'GET /blog/posts': { posts: [post(1, { title: 'נעלי פוינט ראשונות', lang: 'he' }), post(2)], page: 1, pageCount: 1, total: 2, pageSize: 6 },
      'GET /blog/categories': [],
    });
    renderBlog();
    const hebrew = (await screen.findByRole('heading', { level: 2, name: 'נעלי פוינט ראשונות' })).closest('[lang]');
    expect(hebrew).toHaveAttribute('lang', 'he');
    expect(hebrew).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('heading', { level: 2, name: 'Post number 2' }).closest('[lang]')).toBe(document.documentElement);
  });

  it('writes dates in the interface language', async () => {
    await i18n.changeLanguage('fr');
    const api = mockApi({ 'GET /blog/posts': postsByQuery, 'GET /blog/categories': categories });
    renderBlog();
    expect(await screen.findByText('11 mars 2026')).toBeInTheDocument();
    expect(postPaths(api)).toEqual(['/blog/posts?lang=fr&page=1']);
    expect(screen.getByText(localeText('fr', 'common.pager.pageOf', { page: 1, total: 2 }))).toBeInTheDocument();
  });
});
