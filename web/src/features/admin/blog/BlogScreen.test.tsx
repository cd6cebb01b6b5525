import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { dialogNamed, fill, languagePanel } from '../../../test/forms';
import { renderAdmin } from '../renderAdmin';
import { advance, type ApiCall } from '../../../test/auth';
import { localeText } from '../../../test/locales';
import type { SocialEmbedSettings } from '../../blog';
import type { CategoryRecord, PostRecord } from './api';
import { PREVIEW_DEBOUNCE_MS } from '../components/preview';

// Each form holds every language's fields: slow to render in jsdom.
vi.setConfig({ testTimeout: 20_000 });

const published: PostRecord = {
  slug: 'first-pointe-shoes',
  category: 'technique',
  author: 'rothbart',
  cover: '',
  status: 'published',
  publishedAt: Date.UTC(2030, 1, 1, 12),
  translations: {
    he: { title: 'נעלי הפוינט הראשונות', excerpt: 'מה לדעת', body: 'גוף' },
    en: { title: 'Your first pointe shoes', excerpt: 'What to know', body: 'Body' },
  },
  createdAt: 1,
  updatedAt: 2,
};
const draft: PostRecord = {
  slug: 'darning',
  category: null,
  author: 'odette',
  cover: '',
  status: 'draft',
  publishedAt: null,
  translations: { he: { title: 'תפירת קצה', excerpt: 'איך', body: 'גוף' } },
  createdAt: 1,
  updatedAt: 2,
};
const technique: CategoryRecord = {
  slug: 'technique',
  translations: { he: { name: 'טכניקה', description: 'איך' }, en: { name: 'Technique', description: 'How it is done' } },
  postCount: 4,
};
const care: CategoryRecord = { slug: 'care', translations: { he: { name: 'טיפוח', description: '' } }, postCount: 0 };

const embedSettings: SocialEmbedSettings = {
  youtube: { enabled: true, autoplay: false, showControls: true },
  instagram: { enabled: true, showCaptions: true, maxWidth: 540 },
  facebook: { enabled: true, showText: true },
  twitter: { enabled: true, theme: 'light' },
};

const previewAnswer = {
  body: [
    { kind: 'html', html: '<h2>Pas de deux</h2><p>Two <strong>dancers</strong>.</p>' },
    { kind: 'embed', provider: 'youtube', id: 'dQw4w9WgXcQ', url: 'https://youtu.be/dQw4w9WgXcQ' },
  ],
};

function renderBlog(routes: Record<string, unknown> = {}) {
  return renderAdmin('/admin/blog', {
    'GET /admin/blog/posts': [published, draft],
    'GET /admin/blog/categories': [technique, care],
    'GET /config/social-embeds': embedSettings,
    'POST /admin/blog/preview': previewAnswer,
    ...routes,
  });
}

const postsTable = () => screen.findByRole('table', { name: 'Posts' });
const cellTexts = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

async function openNewPost(user: ReturnType<typeof renderBlog>['user']) {
  await postsTable();
  await user.click(screen.getByRole('button', { name: 'New post' }));
  return dialogNamed('New post');
}

describe('BlogScreen', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('lists the posts, drafts included, with their status', async () => {
    renderBlog();
    const rows = within(await postsTable()).getAllByRole('row').slice(1);
    // Selection box, title, status, category, published, languages, actions.
    expect(cellTexts(rows[0]!).slice(1, 6)).toEqual(['Your first pointe shoes', 'Published', 'Technique', 'Feb 1, 2030', 'he, en']);
    expect(cellTexts(rows[1]!).slice(1, 6)).toEqual(['תפירת קצה', 'Draft', '', '—', 'he']);
    // A published post links to its page; a draft has no page yet.
    expect(within(rows[0]!).getByRole('link', { name: 'Your first pointe shoes' })).toHaveAttribute('href', '/blog/first-pointe-shoes');
    expect(within(rows[1]!).queryByRole('link')).toBeNull();
    expect(within(rows[0]!).getByText('Published')).toHaveClass('mantine-Badge-label');
  });

  it('previews the Markdown once typing pauses, as the server renders it, embeds included', async () => {
    // The embed's box is never near the viewport here: it keeps its placeholder.
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    const { api, user } = renderBlog();
    const dialog = await openNewPost(user);
    const hebrew = languagePanel(dialog, 'he');
    const preview = within(hebrew.getByRole('region', { name: 'Preview' }));
    expect(preview.getByText('Write the body to see it here as readers will.')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET /config/social-embeds')).toHaveLength(1));

    vi.useFakeTimers();
    const typist = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await typist.type(hebrew.getByLabelText(/^Body \(Markdown\)/), '## Pas de deux');
    // Key by key: nothing is rendered while the typing goes on.
    expect(preview.getByLabelText('Updating the preview')).toBeInTheDocument();
    await advance(PREVIEW_DEBOUNCE_MS - 1);
    expect(api.callsTo('POST /admin/blog/preview')).toEqual([]);
    await advance(1);
    expect(api.callsTo('POST /admin/blog/preview').map((call) => call.body)).toEqual([{ markdown: '## Pas de deux' }]);
    await advance();
    await advance();
    vi.useRealTimers();

    expect(await preview.findByRole('heading', { level: 2, name: 'Pas de deux' })).toBeInTheDocument();
    expect(preview.getByText('dancers').tagName).toBe('STRONG');
    // YouTube is enabled: the embed's box, holding its link until it comes into view.
    const box = hebrew.getByRole('region', { name: 'Preview' }).querySelector('[data-provider="youtube"]');
    expect(box).not.toBeNull();
    expect(within(box as HTMLElement).getByRole('link', { name: new RegExp(localeText('en', 'blog.embed.link.youtube')) })).toHaveAttribute(
      'href',
      'https://youtu.be/dQw4w9WgXcQ',
    );
    expect(api.callsTo('POST /admin/blog/preview')).toHaveLength(1);
  });

  it('shows a plain link for an embed whose provider is turned off', async () => {
    const { user } = renderBlog({ 'GET /config/social-embeds': { ...embedSettings, youtube: { ...embedSettings.youtube, enabled: false } } });
    const dialog = await openNewPost(user);
    const hebrew = languagePanel(dialog, 'he');
    await fill(user, hebrew.getByLabelText(/^Body \(Markdown\)/), 'https://youtu.be/dQw4w9WgXcQ');
    const preview = hebrew.getByRole('region', { name: 'Preview' });
    expect(await within(preview).findByRole('link', { name: new RegExp(localeText('en', 'blog.embed.link.youtube')) })).toHaveAttribute(
      'href',
      'https://youtu.be/dQw4w9WgXcQ',
    );
    expect(preview.querySelector('[data-provider]')).toBeNull();
    expect(preview.querySelector('iframe')).toBeNull();
  });

  it('publishes a new post: the status chosen is sent, with the category and the author', async () => {
    const { api, user } = renderBlog({
      'POST /admin/blog/posts': (call: ApiCall) => ({ ...(call.body as PostRecord), publishedAt: Date.UTC(2030, 2, 1), createdAt: 3, updatedAt: 3 }),
    });
    const dialog = await openNewPost(user);
    await fill(user, within(dialog).getByLabelText(/^Slug/), 'pas-de-deux');
    expect(within(dialog).getByLabelText(/^Author/)).toHaveValue('rothbart');
    await user.click(within(dialog).getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Technique' }));
    const hebrew = languagePanel(dialog, 'he');
    await fill(user, hebrew.getByLabelText(/^Title/), 'פא דה דה');
    await fill(user, hebrew.getByLabelText(/^Excerpt/), 'ריקוד בזוג');
    await fill(user, hebrew.getByLabelText(/^Body \(Markdown\)/), '## Pas de deux\n\nTwo **dancers**.');
    await user.click(within(dialog).getByRole('radio', { name: 'Published' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo('POST /admin/blog/posts')).toHaveLength(1));
    expect(api.callsTo('POST /admin/blog/posts')[0]?.body).toStrictEqual({
      slug: 'pas-de-deux',
      category: 'technique',
      author: 'rothbart',
      cover: '',
      status: 'published',
      publishedAt: null,
      translations: { he: { title: 'פא דה דה', excerpt: 'ריקוד בזוג', body: '## Pas de deux\n\nTwo **dancers**.' } },
    });
    expect(await screen.findByText('פא דה דה is published')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New post' })).toBeNull());
    await waitFor(() => expect(api.callsTo('GET /admin/blog/posts')).toHaveLength(2));
  });

  it('lists the categories, and deleting one says its posts stay without a category', async () => {
    const { api, user } = renderBlog({ 'DELETE /admin/blog/categories/technique': { ok: true } });
    await postsTable();
    await user.click(screen.getByRole('tab', { name: 'Categories' }));
    const rows = within(await screen.findByRole('table', { name: 'Categories' })).getAllByRole('row').slice(1);
    // Name, slug, description, posts, actions.
    expect(rows.map((row) => cellTexts(row).slice(0, 4))).toEqual([
      ['Technique', 'technique', 'How it is done', '4'],
      ['טיפוח', 'care', '', '0'],
    ]);

    await user.click(screen.getByRole('button', { name: 'Delete Technique' }));
    const dialog = dialogNamed('Delete Technique?');
    expect(dialog).toHaveTextContent('Its 4 posts stay on the site without a category.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/admin/blog/categories/technique']));
    await waitFor(() => expect(api.callsTo('GET /admin/blog/categories')).toHaveLength(2));
    expect(await screen.findByText('Category deleted')).toBeInTheDocument();
  });
});
