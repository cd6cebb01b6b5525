import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { beforeEach, describe, expect, it } from 'vitest';

import { TOKEN_KEY } from '../api/token';
import { admin, member, mockApi, renderWithSession, sessionRoutes, storeSignedIn, whereAmI } from '../test/auth';
import type { User } from '../lib/session/api';
import { AccountStatus } from '../components/AccountStatus';
import { NavigationLinks } from './Navigation';

function Bar() {
  return (
    <nav aria-label="Main navigation">
      <NavigationLinks />
      <AccountStatus />
    </nav>
  );
}

function renderNavigation(user?: User, path = '/tips') {
  const token = user ? storeSignedIn() : undefined;
  const api = mockApi(user ? sessionRoutes(user) : {});
  return { ...renderWithSession([{ path: '*', element: <Bar /> }], { path }), api, token };
}

const link = (name: string) => screen.queryByRole('link', { name });

describe('Navigation', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('offers Sign up and Log in to signed-out visitors, and no Tips', async () => {
    renderNavigation();
    expect(await screen.findByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    expect(link('Log in')).toHaveAttribute('href', '/login');
    for (const name of ['Home', 'bloch', 'nikolay', 'capezio', 'Products', 'Blog']) expect(link(name)).toBeInTheDocument();
    expect(link('Tips')).not.toBeInTheDocument();
    expect(link('My account')).not.toBeInTheDocument();
    expect(link('Admin')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Welcome/)).not.toBeInTheDocument();
  });

  it('shows Tips, the welcome line and Log out to signed-in users, but not Admin', async () => {
    renderNavigation(member);
    expect(await screen.findByText('Welcome, odette')).toBeInTheDocument();
    expect(link('Tips')).toHaveAttribute('href', '/tips');
    expect(link('My account')).toHaveAttribute('href', '/account');
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(link('Admin')).not.toBeInTheDocument();
    expect(link('Sign up')).not.toBeInTheDocument();
    expect(link('Log in')).not.toBeInTheDocument();
  });

  it('shows Admin to admins', async () => {
    renderNavigation(admin);
    expect(await screen.findByText('Welcome, rothbart')).toBeInTheDocument();
    expect(link('Admin')).toHaveAttribute('href', '/admin');
    expect(link('Tips')).toBeInTheDocument();
  });

  it('logs out on the server and here, and returns home', async () => {
    const { api, router, token } = renderNavigation(member, '/tips');
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(whereAmI(router)).toBe('/'));
    expect(api.callsTo('POST /auth/logout')).toMatchObject([{ bearer: token }]);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(link('Tips')).not.toBeInTheDocument();
  });
});
