import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { beforeEach, describe, expect, it } from 'vitest';

import { mockApi, renderWithSession, type Route } from '../../test/auth';
import { jsonResponse } from '../../test/fetchMock';
import type { Entry } from '../../test/render';
import { ResetPasswordPage } from './ResetPasswordPage';

const INVALID_LINK = 'Invalid or expired reset link. Please request a new one.';
const CHANGED = 'Your password has been changed. You can log in now.';

function renderPage(routes: Record<string, Route>, path: Entry = '/reset-password#token=reset-token-123') {
  const api = mockApi(routes);
  return { ...renderWithSession([{ path: '/reset-password', element: <ResetPasswordPage /> }], { path }), api };
}

const newPassword = () => screen.getByLabelText(/^New password/, { selector: 'input' });
const confirmation = () => screen.getByLabelText(/^Confirm password/, { selector: 'input' });

function choose(password: string, confirm = password) {
  fireEvent.change(newPassword(), { target: { value: password } });
  fireEvent.change(confirmation(), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
}

function expectInvalidLink() {
  expect(screen.getByText(INVALID_LINK)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/request-password-reset');
  expect(screen.queryByRole('button', { name: 'Set new password' })).not.toBeInTheDocument();
}

describe('ResetPasswordPage', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('sends the token from the link’s #token=… with the new password, and says it is done', async () => {
    const { api } = renderPage({ 'POST /auth/reset-password': { message: CHANGED } });
    choose('Grand-jeté 2026');
    expect(await screen.findByText(CHANGED)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(api.callsTo('POST /auth/reset-password').map((call) => call.body)).toEqual([
      { token: 'reset-token-123', password: 'Grand-jeté 2026', confirmPassword: 'Grand-jeté 2026' },
    ]);
  });

  it('takes the token out of the address bar', async () => {
    const { router } = renderPage({});
    await waitFor(() => expect(router.state.location.hash).toBe(''));
    expect(router.state.location.pathname).toBe('/reset-password');
    expect(newPassword()).toBeInTheDocument();
  });

  it('offers a new link when the server says the link is invalid or expired', async () => {
    renderPage({ 'POST /auth/reset-password': jsonResponse({ error: INVALID_LINK, code: 'invalid_link' }, 400) });
    choose('Grand-jeté 2026');
    await screen.findByText(INVALID_LINK);
    expectInvalidLink();
  });

  it('offers a new link at once when the link has no token', () => {
    const { api } = renderPage({}, '/reset-password');
    expectInvalidLink();
    expect(api.calls).toEqual([]);
  });

  it('checks the new password before sending', async () => {
    const { api } = renderPage({});
    choose('abcdefgh', 'abcdefgi');
    expect(await screen.findByText('Password must contain at least one special character (@!#$%^&*()-+)')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    await waitFor(() => expect(newPassword()).toHaveFocus());
    expect(api.calls).toEqual([]);
  });

  it('shows the server’s answer for a field at the field', async () => {
    renderPage({
      'POST /auth/reset-password': jsonResponse(
        { error: 'This password is too common. Please choose another one.', fields: { password: { code: 'password_common', message: 'This password is too common. Please choose another one.' } } },
        400,
      ),
    });
    choose('P@ssw0rd!');
    await waitFor(() => expect(newPassword()).toHaveAccessibleDescription(expect.stringContaining('This password is too common. Please choose another one.')));
  });
});
