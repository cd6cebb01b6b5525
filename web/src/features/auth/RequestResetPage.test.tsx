import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { beforeEach, describe, expect, it } from 'vitest';

import en from '../../i18n/locales/en.json';
import { advance, botCheckOff, mockApi, renderWithSession, useFakeClock, type Route } from '../../test/auth';
import { jsonResponse } from '../../test/fetchMock';
import { decodeAltchaPayload, makeAltchaChallenge } from './botcheck/fixtures';
import { RequestResetPage } from './RequestResetPage';

const NEUTRAL = "If an account exists with that email, we've sent password reset instructions.";

function renderPage(routes: Record<string, Route>) {
  const api = mockApi({ ...botCheckOff, ...routes });
  return { ...renderWithSession([{ path: '/request-password-reset', element: <RequestResetPage /> }], { path: '/request-password-reset' }), api };
}

/** The bot-check has its answer (its "working" line is gone). */
const botCheckReady = () => waitFor(() => expect(screen.queryByText(i18n.t('botCheck.working'))).not.toBeInTheDocument());

function ask(email: string) {
  fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
}

describe('RequestResetPage', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('sends the address and shows the neutral answer', async () => {
    const { api } = renderPage({ 'POST /auth/request-password-reset': { message: NEUTRAL } });
    await botCheckReady();
    ask(' odette@example.org ');
    expect(await screen.findByText(NEUTRAL)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Email' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
    expect(api.callsTo('POST /auth/request-password-reset').map((call) => call.body)).toEqual([{ email: 'odette@example.org', turnstileToken: '' }]);
  });

  it('checks the address before sending', async () => {
    const { api } = renderPage({});
    await botCheckReady();
    ask('odette');
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(api.callsTo('POST /auth/request-password-reset')).toEqual([]);
  });

  it('sends the solved bot-check, and a fresh one after a refusal', async () => {
    const challenge = await makeAltchaChallenge(37, 50);
    const { api } = renderPage({
      'GET /auth/bot-check': { provider: 'altcha', ...challenge },
      'POST /auth/request-password-reset': jsonResponse({ error: 'Security verification failed. Please try again.', code: 'bot_check_failed' }, 400),
    });
    expect(await screen.findByText(en.botCheck.done)).toBeInTheDocument();
    ask('odette@example.org');
    expect(await screen.findByRole('alert')).toHaveTextContent('Security verification failed. Please try again.');
    const { turnstileToken } = api.callsTo('POST /auth/request-password-reset')[0]!.body as { turnstileToken: string };
    expect(decodeAltchaPayload(turnstileToken)).toMatchObject({ challenge: challenge.challenge, number: 37 });
    await waitFor(() => expect(api.callsTo('GET /auth/bot-check')).toHaveLength(2));
  });

  it('says “Failed to send reset instructions. Please try again.” when the request fails', async () => {
    useFakeClock();
    const { api } = renderPage({ 'POST /auth/request-password-reset': () => Promise.reject(new TypeError('Failed to fetch')) });
    await advance(); // the bot-check's answer (off)
    ask('odette@example.org');
    await advance(20_000); // the client's retries
    expect(api.callsTo('POST /auth/request-password-reset')).toHaveLength(4);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to send reset instructions. Please try again.');
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeInTheDocument();
  });

  it('shows the wait when rate-limited', async () => {
    renderPage({ 'POST /auth/request-password-reset': jsonResponse({ error: 'Too many attempts', code: 'rate_limited', retryAfter: 120 }, 429) });
    await botCheckReady();
    ask('odette@example.org');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please try again in 120 s.');
  });
});
