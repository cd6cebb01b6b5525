import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { beforeEach, describe, expect, it } from 'vitest';

import { TOKEN_KEY } from '../../api/token';
import en from '../../i18n/locales/en.json';
import { decodeAltchaPayload, makeAltchaChallenge } from './botcheck/fixtures';
import {
  SessionProbe,
  advance,
  botCheckOff,
  makeToken,
  member,
  mockApi,
  never,
  renderWithSession,
  useFakeClock,
  whereAmI,
  type Route,
} from '../../test/auth';
import { jsonResponse } from '../../test/fetchMock';
import { localeText } from '../../test/locales';
import type { Entry } from '../../test/render';
import { LoginPage } from './LoginPage';

const codeStep = { requiresTwoFactor: true, challengeId: 'challenge-1', message: 'We sent a 6-digit code to your email', resendAfter: 30 };

function renderLogin(routes: Record<string, Route>, path: Entry = '/login') {
  const api = mockApi({ ...botCheckOff, ...routes });
  const rendered = renderWithSession(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '*', element: <SessionProbe /> },
    ],
    { path },
  );
  return { ...rendered, api };
}

/** Waits until the bot-check has its answer (with the check off, its status line goes away). */
/** The bot-check has been solved (its "working" line, in the page's language, is gone). */
const botCheckReady = () => waitFor(() => expect(screen.queryByText(i18n.t('botCheck.working'))).not.toBeInTheDocument());

const usernameField = () => screen.getByRole('textbox', { name: 'Username or email' });
const passwordField = () => screen.getByLabelText('Password', { exact: false, selector: 'input' });
const codeField = () => screen.getByRole('textbox', { name: 'Verification code' });

function fillIn(username: string, password: string) {
  fireEvent.change(usernameField(), { target: { value: username } });
  fireEvent.change(passwordField(), { target: { value: password } });
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

/** Logs in with right credentials and waits for the code step. */
async function reachCodeStep(routes: Record<string, Route> = {}, path: Entry = '/login') {
  const rendered = renderLogin({ 'POST /auth/login': codeStep, ...routes }, path);
  await botCheckReady();
  fillIn('  odette  ', 'abcdefg!');
  submit();
  await screen.findByRole('textbox', { name: 'Verification code' });
  return rendered;
}

describe('LoginPage', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('shows “required” at the empty fields and sends nothing', async () => {
    const { api } = renderLogin({});
    await botCheckReady();
    submit();
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(usernameField()).toHaveAccessibleDescription('Username is required');
    expect(usernameField()).toBeInvalid();
    expect(passwordField()).toHaveAccessibleDescription('Password is required');
    expect(api.callsTo('POST /auth/login')).toEqual([]);
  });

  it('asks for the security check when it has not finished yet', async () => {
    const { api } = renderLogin({ 'GET /auth/bot-check': never });
    fillIn('odette', 'abcdefg!');
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Please complete the security verification');
    expect(api.callsTo('POST /auth/login')).toEqual([]);
  });

  it('shows wrong credentials in the interface language, and fetches a new bot-check challenge', async () => {
    await i18n.changeLanguage('he');
    const { api, container } = renderLogin({ 'POST /auth/login': jsonResponse({ error: 'Invalid username or password', code: 'invalid_credentials' }, 401) });
    await botCheckReady();
    expect(api.callsTo('GET /auth/bot-check')).toHaveLength(1);
    // Found by name, as the labels are in Hebrew.
    fireEvent.change(container.querySelector('input[name="username"]')!, { target: { value: 'odette' } });
    fireEvent.change(container.querySelector('input[name="password"]')!, { target: { value: 'wrong-password!' } });
    fireEvent.click(container.querySelector('button[type="submit"]')!);
    const hebrew = localeText('he', 'messages.invalidCredentials');
    expect(hebrew).not.toBe(en.messages.invalidCredentials);
    expect(await screen.findByRole('alert')).toHaveTextContent(hebrew);
    await waitFor(() => expect(api.callsTo('GET /auth/bot-check')).toHaveLength(2));
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('shows the rate-limit text with the wait the server gives', async () => {
    renderLogin({ 'POST /auth/login': jsonResponse({ error: 'Too many attempts', code: 'rate_limited', retryAfter: 42 }, 429) });
    await botCheckReady();
    fillIn('odette', 'abcdefg!');
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(localeText('en', 'messages.rateLimited', { seconds: 42 }));
    expect(screen.getByRole('alert')).toHaveTextContent('Too many attempts. Please try again in 42 s.');
  });

  it('sends the trimmed username, the password and the bot-check answer, then asks for the e-mailed code', async () => {
    const { api } = await reachCodeStep();
    expect(api.callsTo('POST /auth/login').map((call) => call.body)).toEqual([{ username: 'odette', password: 'abcdefg!', turnstileToken: '' }]);
    expect(screen.getByRole('status')).toHaveTextContent('We sent a 6-digit code to your email');
    expect(screen.queryByRole('textbox', { name: 'Username or email' })).not.toBeInTheDocument();
  });

  it('refuses a code that is not 6 digits without asking the server', async () => {
    const { api } = await reachCodeStep();
    fireEvent.change(codeField(), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid 6-digit code');
    expect(api.callsTo('POST /auth/verify-code')).toEqual([]);
  });

  it('shows the server’s answer to a wrong code', async () => {
    await reachCodeStep({ 'POST /auth/verify-code': jsonResponse({ error: 'Verification failed. Please try again.', code: 'verification_failed' }, 400) });
    fireEvent.change(codeField(), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Verification failed. Please try again.');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('signs in with the right code and goes back to the page that sent the user here', async () => {
    const token = makeToken();
    const { api, router } = await reachCodeStep({ 'POST /auth/verify-code': { token, user: member } }, { pathname: '/login', state: { from: '/tips' } });
    fireEvent.change(codeField(), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('signedIn:odette')).toBeInTheDocument();
    expect(whereAmI(router)).toBe('/tips');
    expect(localStorage.getItem(TOKEN_KEY)).toBe(token);
    expect(api.callsTo('POST /auth/verify-code').map((call) => call.body)).toEqual([{ challengeId: 'challenge-1', code: '123456' }]);
  });

  it('goes home after signing in when no page sent the user here', async () => {
    const { router } = await reachCodeStep({ 'POST /auth/verify-code': { token: makeToken(), user: member } });
    fireEvent.change(codeField(), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('signedIn:odette')).toBeInTheDocument();
    expect(whereAmI(router)).toBe('/');
  });

  it('says the session has expired when sent here for that', async () => {
    renderLogin({}, '/login?reason=session_expired');
    expect(await screen.findByText('Your session has expired. Please log in again.')).toBeInTheDocument();
  });

  it('is where an app started with an expired token goes, saying the session has expired', async () => {
    localStorage.setItem(TOKEN_KEY, makeToken({ expiresIn: -30, issuedAgo: 3600 }));
    const { router } = renderLogin({ 'POST /auth/verify': jsonResponse({ error: 'Token verification failed', code: 'verify_failed' }, 401), 'POST /auth/logout': { ok: true } }, '/tips');
    expect(await screen.findByText(localeText('en', 'auth.sessionExpired'))).toBeInTheDocument();
    expect(whereAmI(router)).toBe('/login?reason=session_expired');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('says nothing about an expired session otherwise', async () => {
    renderLogin({});
    await botCheckReady();
    expect(screen.queryByText(en.auth.sessionExpired)).not.toBeInTheDocument();
  });

  it('solves a proof-of-work bot-check and sends the solution as turnstileToken', async () => {
    const number = 37;
    const challenge = await makeAltchaChallenge(number, 50);
    const { api } = renderLogin({ 'GET /auth/bot-check': { provider: 'altcha', ...challenge }, 'POST /auth/login': codeStep });
    expect(await screen.findByText(en.botCheck.done)).toBeInTheDocument();
    fillIn('odette', 'abcdefg!');
    submit();
    await screen.findByRole('textbox', { name: 'Verification code' });
    const { turnstileToken } = api.callsTo('POST /auth/login')[0]!.body as { turnstileToken: string };
    expect(decodeAltchaPayload(turnstileToken)).toMatchObject({
      algorithm: 'SHA-256',
      challenge: challenge.challenge,
      number,
      salt: challenge.salt,
      signature: challenge.signature,
    });
  });
});

describe('LoginPage code step: resending the code', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    useFakeClock();
  });

  async function codeStepOnFakeClock(routes: Record<string, Route> = {}) {
    const rendered = renderLogin({ 'POST /auth/login': codeStep, ...routes });
    await advance();
    fillIn('odette', 'abcdefg!');
    submit();
    await advance();
    expect(codeField()).toBeInTheDocument();
    return rendered;
  }

  const resendButton = () => screen.getByRole('button', { name: /^Resend code/ });

  it('is disabled with a countdown that ticks down, and enabled at 0', async () => {
    await codeStepOnFakeClock();
    expect(resendButton()).toBeDisabled();
    expect(resendButton()).toHaveTextContent('Resend code in 30 s');
    await advance(1_000);
    expect(resendButton()).toHaveTextContent('Resend code in 29 s');
    await advance(28_000);
    expect(resendButton()).toHaveTextContent('Resend code in 1 s');
    expect(resendButton()).toBeDisabled();
    await advance(1_000);
    expect(resendButton()).toHaveTextContent(/^Resend code$/);
    expect(resendButton()).toBeEnabled();
  });

  it('resends, says so, starts the countdown again and uses the new challenge', async () => {
    const { api } = await codeStepOnFakeClock({
      'POST /auth/resend-code': { requiresTwoFactor: true, challengeId: 'challenge-2', message: 'We sent a 6-digit code to your email', resendAfter: 60 },
      'POST /auth/verify-code': { token: makeToken(), user: member },
    });
    await advance(30_000);
    fireEvent.click(resendButton());
    await advance();
    expect(api.callsTo('POST /auth/resend-code').map((call) => call.body)).toEqual([{ challengeId: 'challenge-1' }]);
    expect(screen.getByRole('status')).toHaveTextContent('We sent you a new code. Only the newest code works.');
    expect(resendButton()).toBeDisabled();
    expect(resendButton()).toHaveTextContent('Resend code in 60 s');
    fireEvent.change(codeField(), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await advance();
    expect(api.callsTo('POST /auth/verify-code').map((call) => call.body)).toEqual([{ challengeId: 'challenge-2', code: '654321' }]);
  });

  it('shows “Failed to resend code” when resending fails', async () => {
    await codeStepOnFakeClock({ 'POST /auth/resend-code': jsonResponse({ error: 'Failed to resend code', code: 'resend_failed' }, 400) });
    await advance(30_000);
    fireEvent.click(resendButton());
    await advance();
    expect(within(screen.getByRole('alert')).getByText('Failed to resend code')).toBeInTheDocument();
  });
});
