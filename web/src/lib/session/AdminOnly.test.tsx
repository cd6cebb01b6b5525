import { screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { beforeEach, describe, expect, it } from 'vitest';

import { admin, member, mockApi, never, renderWithSession, sessionRoutes, storeSignedIn, whereAmI } from '../../test/auth';
import { AdminOnly } from './AdminOnly';

function renderAdminArea(path = '/admin/users?page=2') {
  return renderWithSession(
    [
      { path: '/admin/*', element: <AdminOnly><h1>Admin area</h1></AdminOnly> },
      { path: '/login', element: <h1>Login page</h1> },
      { path: '/', element: <h1>Home page</h1> },
    ],
    { path },
  );
}

describe('AdminOnly', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('shows a spinner while the session is being determined', () => {
    storeSignedIn();
    mockApi({ 'POST /auth/verify': never });
    renderAdminArea();
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Admin area' })).not.toBeInTheDocument();
  });

  it('sends signed-out visitors to /login, remembering where they were going', async () => {
    mockApi({});
    const { router } = renderAdminArea();
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(whereAmI(router)).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/admin/users?page=2' });
  });

  it('sends signed-in non-admins home', async () => {
    storeSignedIn();
    mockApi(sessionRoutes(member));
    const { router } = renderAdminArea();
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(whereAmI(router)).toBe('/');
  });

  it('shows the admin area to admins', async () => {
    storeSignedIn();
    mockApi(sessionRoutes(admin));
    const { router } = renderAdminArea();
    expect(await screen.findByRole('heading', { name: 'Admin area' })).toBeInTheDocument();
    await waitFor(() => expect(whereAmI(router)).toBe('/admin/users?page=2'));
  });
});
