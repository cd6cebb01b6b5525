import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { beforeEach, describe, expect, it } from 'vitest';

import type { User } from '../../lib/session/api';
import { TOKEN_KEY } from '../../api/token';
import { admin, member, mockApi, renderWithSession, sessionRoutes, storeSignedIn, whereAmI } from '../../test/auth';
import { AdminOnly } from '../../lib/session/AdminOnly';
import AdminApp from './AdminApp';
import { NAVBAR_COLLAPSED_KEY } from './AdminShell';

const editor: User = { ...member, id: 'u-3', username: 'coppelia', role: 'editor', permissions: ['catalogue', 'blog', 'email'] };
const stats = { users: 1234, brands: 7, products: 6, posts: 7, activeSessions: 3 };
const DAY = 86_400_000;
const traffic = [3, 5, 4, 8, 6, 9, 11].map((visitors, index) => ({ day: Date.UTC(2026, 10, 21) + index * DAY, visitors, pageviews: visitors * 3 }));
const overview = {
  traffic,
  newMembers: 12,
  lastCampaign: { id: 'c-1', name: 'Spring fitting', finishedAt: Date.UTC(2026, 10, 20), sent: 200, openRate: 0.415 },
  assistant: { requests: 42, successRate: 0.95 },
  unresolvedCrashes: 3,
  cache: { hitRate: 0.87 },
};
/** What the server answers an editor: the screens their role does not open have no figure. */
const editorOverview = { traffic: null, newMembers: null, lastCampaign: null, assistant: null, unresolvedCrashes: null, cache: null };

function renderAdmin(user: User, path = '/admin') {
  storeSignedIn();
  const api = mockApi({ ...sessionRoutes(user), 'GET /admin/stats': stats, 'GET /admin/overview': user.role === 'admin' ? overview : editorOverview });
  const { router, unmount } = renderWithSession(
    [
      { path: '/', element: <p>The public home page</p> },
      { path: '/admin/*', element: <AdminOnly><AdminApp /></AdminOnly> },
    ],
    { path },
  );
  return { ...api, router, unmount };
}

const navigation = () => screen.findByRole('navigation', { name: 'Admin navigation' });

describe('AdminApp', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('lists every admin screen of the spec for an admin, and the dashboard counts link to their screens', async () => {
    renderAdmin(admin);
    const links = within(await navigation()).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Dashboard', '/admin/'],
      ['Brands', '/admin/brands'],
      ['Products', '/admin/products'],
      ['Model families', '/admin/families'],
      ['Blog', '/admin/blog'],
      ['Users', '/admin/users'],
      ['Sessions', '/admin/sessions'],
      ['Audit logs', '/admin/audit-logs'],
      ['System settings', '/admin/settings'],
      ['Email campaigns', '/admin/email'],
      ['POP3 email verification', '/admin/email/pop3'],
      ['Email templates', '/admin/templates'],
      ['Analytics', '/admin/analytics'],
      ['AI monitoring', '/admin/ai'],
      ['Cache monitoring', '/admin/cache'],
      ['Crash reports', '/admin/crashes'],
    ]);
    expect(await screen.findByText('1,234')).toBeInTheDocument();
    expect(screen.getByText('1,234').closest('a')).toHaveAttribute('href', '/admin/users');
    expect(screen.getByText('Active sessions').closest('a')).toHaveAttribute('href', '/admin/sessions');
  });

  it('shows an editor only the catalogue, the blog and e-mail, and no way into the users screen', async () => {
    renderAdmin(editor);
    const names = within(await navigation()).getAllByRole('link').map((link) => link.textContent);
    // The mailbox's screen is the admin's alone (the server asks for the settings permission).
    expect(names).toEqual(['Dashboard', 'Brands', 'Products', 'Model families', 'Blog', 'Email campaigns', 'Email templates']);
    expect(await screen.findByText('1,234')).toBeInTheDocument();
    expect(screen.getByText('1,234').closest('a')).toBeNull();
  });

  it.each(['/admin/users', '/admin/email/pop3'])('tells an editor who opens %s that their role has no access', async (path) => {
    const api = renderAdmin(editor, path);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your role does not give access to this screen.');
    expect(api.calls.filter((call) => call.path.startsWith('/admin/email/pop3'))).toEqual([]);
  });

  it('opens with how the site is doing, each figure a way into its screen', async () => {
    renderAdmin(admin);
    const tiles = await screen.findByRole('list', { name: 'How the site is doing' });
    const tile = (label: string) => within(tiles).getByText(label).closest('a')!;
    expect(tile('Visitors today')).toHaveTextContent('11');
    expect(tile('Visitors today')).toHaveTextContent('Last 7 days: 46');
    expect(tile('Visitors today')).toHaveAttribute('href', '/admin/analytics');
    expect(tile('Page views today')).toHaveTextContent('33');
    expect(tile('New members')).toHaveTextContent('12');
    expect(tile('Last campaign opened')).toHaveTextContent('41.5%');
    expect(tile('Last campaign opened')).toHaveTextContent('Spring fitting · sent to 200');
    expect(tile('Last campaign opened')).toHaveAttribute('href', '/admin/email/c-1');
    expect(tile('AI requests (24 hours)')).toHaveTextContent('95% answered without errors');
    expect(tile('Unresolved crashes')).toHaveTextContent('3');
    expect(tile('Unresolved crashes')).toHaveAttribute('href', '/admin/crashes');
    expect(tile('Cache hit rate')).toHaveTextContent('87%');
  });

  it('shows an editor no figure of a screen their role does not open', async () => {
    renderAdmin(editor);
    expect(await screen.findByText('1,234')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'How the site is doing' })).toBeNull();
  });
});

describe('the admin shell', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  const banner = async () => within(await screen.findByRole('banner'));

  it('hides the navigation on a wide screen and shows it again, keeping the choice for the next visit', async () => {
    const user = userEvent.setup();
    const { unmount } = renderAdmin(admin);
    const hide = await (await banner()).findByRole('button', { name: 'Hide the navigation' });
    expect(hide).toHaveAttribute('aria-expanded', 'true');
    expect(await navigation()).not.toHaveAttribute('data-desktop-collapsed');
    await user.click(hide);
    expect((await banner()).getByRole('button', { name: 'Show the navigation' })).toHaveAttribute('aria-expanded', 'false');
    expect(await navigation()).toHaveAttribute('data-desktop-collapsed');
    expect(localStorage.getItem(NAVBAR_COLLAPSED_KEY)).toBe('true');

    unmount();
    renderAdmin(admin);
    const show = await (await banner()).findByRole('button', { name: 'Show the navigation' });
    expect(await navigation()).toHaveAttribute('data-desktop-collapsed');
    await user.click(show);
    expect(await navigation()).not.toHaveAttribute('data-desktop-collapsed');
    expect(localStorage.getItem(NAVBAR_COLLAPSED_KEY)).toBe('false');
  });

  it('opens the navigation from the burger on a phone, and closes it once a screen is chosen', async () => {
    const user = userEvent.setup();
    const { router } = renderAdmin(admin);
    const burger = await (await banner()).findByRole('button', { name: 'Open menu' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    expect(burger).toHaveAttribute('aria-controls', (await navigation()).id);
    expect(await navigation()).toHaveAttribute('data-mobile-closed');
    await user.click(burger);
    expect((await banner()).getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(await navigation()).not.toHaveAttribute('data-mobile-closed');
    await user.click(within(await navigation()).getByRole('link', { name: 'Brands' }));
    await waitFor(() => expect(whereAmI(router)).toBe('/admin/brands'));
    expect(await navigation()).toHaveAttribute('data-mobile-closed');
  });

  it('closes the phone\'s navigation on Escape, from within it, and gives the burger its focus back', async () => {
    const user = userEvent.setup();
    renderAdmin(admin);
    await user.click(await (await banner()).findByRole('button', { name: 'Open menu' }));
    within(await navigation()).getByRole('link', { name: 'Brands' }).focus();
    await user.keyboard('{Escape}');
    expect(await navigation()).toHaveAttribute('data-mobile-closed');
    const burger = (await banner()).getByRole('button', { name: 'Open menu' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    expect(burger).toHaveFocus();
  });

  it('links back to the public site', async () => {
    const user = userEvent.setup();
    const { router } = renderAdmin(admin);
    const back = await (await banner()).findByRole('link', { name: 'Back to the site' });
    expect(back).toHaveAttribute('href', '/');
    await user.click(back);
    expect(await screen.findByText('The public home page')).toBeInTheDocument();
    expect(whereAmI(router)).toBe('/');
  });

  it('names the signed-in user and logs out as the public header does: on the server and here, then home', async () => {
    const user = userEvent.setup();
    const api = renderAdmin(admin);
    const token = localStorage.getItem(TOKEN_KEY);
    expect(await (await banner()).findByText('Welcome, rothbart')).toBeInTheDocument();
    await user.click((await banner()).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(whereAmI(api.router)).toBe('/'));
    expect(api.callsTo('POST /auth/logout')).toMatchObject([{ bearer: token }]);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });
});
