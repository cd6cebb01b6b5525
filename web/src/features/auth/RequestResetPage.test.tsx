import { fireEvent, screen } from '@testing-library/preact';
import i18n from 'i18next';
import { beforeEach, describe, expect, it } from 'vitest';

import { advance, mockApi, renderWithSession, useFakeClock, type Route } from '../../test/auth';
import { jsonResponse } from '../../test/fetchMock';
import { RequestResetPage } from './RequestResetPage';

const NEUTRAL = "If an account exists with that email, we've sent password reset instructions.";

function renderPage(routes: Record<string, Route>) {
  const api = mockApi(routes);
  return { ...renderWithSession([{ path: '/request-password-reset', element: <RequestResetPage /> }], { path: '/request-password-reset' }), api };
}

function ask(email: string) {
  fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
}

describe('RequestResetPage', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('sends the address and shows the neutral answer', async () => {
    const { api } = renderPage({ 'POST /auth/request-password-reset': { message: NEUTRAL } });
    ask(' odette@example.org ');
    expect(await screen.findByText(NEUTRAL)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Email' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
    expect(api.callsTo('POST /auth/request-password-reset').map((call) => call.body)).toEqual([{ email: 'odette@example.org' }]);
  });

  it('checks the address before sending', async () => {
    const { api } = renderPage({});
    ask('odette');
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('says “Failed to send reset instructions. Please try again.” when the request fails', async () => {
    useFakeClock();
    const { api } = renderPage({ 'POST /auth/request-password-reset': () => Promise.reject(new TypeError('Failed to fetch')) });
    ask('odette@example.org');
    await advance(20_000); // the client's retries
    expect(api.calls).toHaveLength(4);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to send reset instructions. Please try again.');
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeInTheDocument();
  });

  it('shows the wait when rate-limited', async () => {
    renderPage({ 'POST /auth/request-password-reset': jsonResponse({ error: 'Too many attempts', code: 'rate_limited', retryAfter: 120 }, 429) });
    ask('odette@example.org');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please try again in 120 s.');
  });
});
