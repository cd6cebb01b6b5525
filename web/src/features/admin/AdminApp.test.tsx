import { screen, within } from '@testing-library/preact';
import i18n from 'i18next';
import { beforeEach, describe, expect, it } from 'vitest';

import type { User } from '../../lib/session/api';
import { admin, member, mockApi, renderWithSession, sessionRoutes, storeSignedIn } from '../../test/auth';
import { AdminOnly } from '../../lib/session/AdminOnly';
import AdminApp from './AdminApp';

const editor: User = { ...member, id: 'u-3', username: 'coppelia', role: 'editor', permissions: ['catalogue', 'blog', 'email'] };
const stats = { users: 1234, brands: 7, products: 6, posts: 7, activeSessions: 3 };

function renderAdmin(user: User, path = '/admin') {
  storeSignedIn();
  const api = mockApi({ ...sessionRoutes(user), 'GET /admin/stats': stats });
  renderWithSession([{ path: '/admin/*', element: <AdminOnly><AdminApp /></AdminOnly> }], { path });
  return api;
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
    ]);
    expect(await screen.findByText('1,234')).toBeInTheDocument();
    expect(screen.getByText('1,234').closest('a')).toHaveAttribute('href', '/admin/users');
    expect(screen.getByText('Active sessions').closest('a')).toHaveAttribute('href', '/admin/sessions');
  });

  it('shows an editor only the catalogue, the blog and e-mail, and no way into the users screen', async () => {
    renderAdmin(editor);
    const names = within(await navigation()).getAllByRole('link').map((link) => link.textContent);
    // The mailbox's screen is the admin's alone (the server asks for the settings permission).
    expect(names).toEqual(['Dashboard', 'Brands', 'Products', 'Blog', 'Email campaigns', 'Email templates']);
    expect(await screen.findByText('1,234')).toBeInTheDocument();
    expect(screen.getByText('1,234').closest('a')).toBeNull();
  });

  it.each(['/admin/users', '/admin/email/pop3'])('tells an editor who opens %s that their role has no access', async (path) => {
    const api = renderAdmin(editor, path);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your role does not give access to this screen.');
    expect(api.calls.filter((call) => call.path.startsWith('/admin/email/pop3'))).toEqual([]);
  });

  it('shows a screen still being built honestly', async () => {
    renderAdmin(admin, '/admin/analytics');
    expect(await screen.findByRole('heading', { level: 1, name: 'Analytics' })).toBeInTheDocument();
    expect(screen.getByText('Being built')).toBeInTheDocument();
  });
});
