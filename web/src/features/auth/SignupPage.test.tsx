import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { beforeEach, describe, expect, it } from 'vitest';

import { TOKEN_KEY } from '../../api/token';
import en from '../../i18n/locales/en.json';
import { SessionProbe, botCheckOff, makeToken, member, mockApi, renderWithSession, whereAmI, type Route } from '../../test/auth';
import { setBrowserOnline } from '../../test/browser';
import { jsonResponse } from '../../test/fetchMock';
import { localeText } from '../../test/locales';
import { SignupPage } from './SignupPage';

function renderSignup(routes: Record<string, Route> = {}) {
  const api = mockApi({ ...botCheckOff, ...routes });
  const rendered = renderWithSession(
    [
      { path: '/signup', element: <SignupPage /> },
      { path: '*', element: <SessionProbe /> },
    ],
    { path: '/signup' },
  );
  return { ...rendered, api };
}

const botCheckReady = () => waitFor(() => expect(screen.queryByText(en.botCheck.working)).not.toBeInTheDocument());

const field = {
  username: () => screen.getByRole('textbox', { name: 'Username' }),
  email: () => screen.getByRole('textbox', { name: 'Email' }),
  password: () => screen.getByLabelText(/^Password/, { selector: 'input' }),
  confirmPassword: () => screen.getByLabelText(/^Confirm password/, { selector: 'input' }),
  birthDate: () => screen.getByLabelText(/^Date of birth/, { selector: 'input' }),
  phone: () => screen.getByRole('textbox', { name: 'Phone' }),
  location: () => screen.getByRole('textbox', { name: 'Location' }),
  terms: () => screen.getByRole('checkbox', { name: /I agree to the terms of use and the privacy policy/ }),
};

const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

const good = {
  username: 'Odette',
  email: 'odette@example.org',
  password: 'Grand-jeté 2026',
  birthDate: '2001-05-17',
  phone: '+972 50-123-4567',
  location: 'Tel Aviv',
};

function fillInGood() {
  type(field.username(), good.username);
  type(field.email(), good.email);
  type(field.password(), good.password);
  type(field.confirmPassword(), good.password);
  type(field.birthDate(), good.birthDate);
  type(field.phone(), good.phone);
  type(field.location(), good.location);
  fireEvent.click(field.terms());
}

const createAccount = () => fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

/** The field shows `message` as its error (linked to it, so screen readers read it out). */
function expectFieldError(input: HTMLElement, message: string) {
  expect(input).toBeInvalid();
  expect(input).toHaveAccessibleDescription(expect.stringContaining(message));
}

describe('SignupPage', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('shows each field’s rule at the field and sends nothing', async () => {
    const { api } = renderSignup();
    await botCheckReady();
    type(field.username(), '1odette');
    type(field.email(), 'odette@example');
    type(field.password(), 'a@b');
    type(field.confirmPassword(), 'a@c');
    type(field.phone(), 'call me');
    type(field.location(), 'x'.repeat(100));
    createAccount();
    await waitFor(() => expectFieldError(field.username(), 'Username must start with a letter'));
    expectFieldError(field.email(), 'Invalid email address');
    expectFieldError(field.password(), 'Password must be at least 8 characters long');
    expectFieldError(field.confirmPassword(), 'Passwords do not match');
    expectFieldError(field.phone(), 'Invalid phone number format');
    expectFieldError(field.location(), 'Location must be under 100 characters');
    expectFieldError(field.terms(), 'You must agree to the terms of service and privacy policy');
    await waitFor(() => expect(field.username()).toHaveFocus());

    // After a first try the rules follow the typing.
    type(field.password(), 'abcdefgh');
    expectFieldError(field.password(), 'Password must contain at least one special character (@!#$%^&*()-+)');
    type(field.username(), '');
    expectFieldError(field.username(), 'Username is required');

    expect(api.callsTo('POST /auth/signup')).toEqual([]);
  });

  it.each([
    ['password', () => type(field.password(), 'abcdefgh'), field.password],
    ['terms', () => fireEvent.click(field.terms()), field.terms],
  ])('moves the focus to the invalid field when only the %s is wrong', async (_field, spoil, spoilt) => {
    renderSignup();
    await botCheckReady();
    fillInGood();
    spoil();
    createAccount();
    await waitFor(() => expect(spoilt()).toHaveFocus());
    expect(spoilt()).toBeInvalid();
  });

  it('sends the spec’s fields with the interface language and the bot-check answer; a token signs in at once', async () => {
    const token = makeToken();
    const { api, router } = renderSignup({ 'POST /auth/signup': { token, user: member } });
    await botCheckReady();
    fillInGood();
    createAccount();
    expect(await screen.findByText('signedIn:odette')).toBeInTheDocument();
    expect(whereAmI(router)).toBe('/');
    expect(localStorage.getItem(TOKEN_KEY)).toBe(token);
    expect(api.callsTo('POST /auth/signup').map((call) => call.body)).toEqual([
      {
        username: 'Odette',
        email: 'odette@example.org',
        password: 'Grand-jeté 2026',
        confirmPassword: 'Grand-jeté 2026',
        gender: '',
        birthDate: '2001-05-17',
        phone: '+972 50-123-4567',
        location: 'Tel Aviv',
        acceptTerms: true,
        newsletter: false,
        language: 'en',
        turnstileToken: '',
      },
    ]);
  });

  it('asks for newsletter consent unticked, and sends it when ticked', async () => {
    const { api } = renderSignup({ 'POST /auth/signup': { token: makeToken(), user: member } });
    await botCheckReady();
    fillInGood();
    const consent = screen.getByRole('checkbox', { name: 'Send me news and offers by e-mail (you can stop at any time)' });
    expect(consent).not.toBeChecked();
    fireEvent.click(consent);
    createAccount();
    await waitFor(() => expect(api.callsTo('POST /auth/signup')).toHaveLength(1));
    expect(api.callsTo('POST /auth/signup')[0]!.body).toMatchObject({ newsletter: true });
  });

  it('shows the server’s per-field answer at the field', async () => {
    const { api } = renderSignup({
      'POST /auth/signup': jsonResponse(
        { error: 'This password is too common. Please choose another one.', fields: { password: { code: 'password_common', message: 'This password is too common. Please choose another one.' } } },
        400,
      ),
    });
    await botCheckReady();
    fillInGood();
    createAccount();
    await waitFor(() => expectFieldError(field.password(), 'This password is too common. Please choose another one.'));
    expect(field.username()).toBeValid();
    // A solved bot-check counts once: a fresh challenge is fetched for the next try.
    await waitFor(() => expect(api.callsTo('GET /auth/bot-check')).toHaveLength(2));
  });

  it('asks for the e-mailed code when the account needs verifying, and the code signs in', async () => {
    const token = makeToken();
    const { api, router } = renderSignup({
      'POST /auth/signup': { requiresVerification: true, challengeId: 'signup-1', message: 'Please check your email for verification code', resendAfter: 30 },
      'POST /auth/verify-code': { token, user: member },
    });
    await botCheckReady();
    fillInGood();
    createAccount();
    expect(await screen.findByRole('heading', { name: 'Confirm your email' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(localeText('en', 'messages.checkEmail'));
    expect(screen.getByRole('status')).toHaveTextContent('Please check your email for verification code');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();

    fireEvent.change(screen.getByRole('textbox', { name: 'Verification code' }), { target: { value: '246810' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('signedIn:odette')).toBeInTheDocument();
    expect(whereAmI(router)).toBe('/');
    expect(localStorage.getItem(TOKEN_KEY)).toBe(token);
    expect(api.callsTo('POST /auth/verify-code').map((call) => call.body)).toEqual([{ challengeId: 'signup-1', code: '246810' }]);
  });

  it('says the code may be late while e-mail delivery is behind', async () => {
    renderSignup({
      'POST /auth/signup': { requiresVerification: true, challengeId: 'signup-1', message: 'Please check your email for verification code', resendAfter: 30, mailDelayed: true },
    });
    await botCheckReady();
    fillInGood();
    createAccount();
    expect(await screen.findByRole('heading', { name: 'Confirm your email' })).toBeInTheDocument();
    const [sent, delayed] = screen.getAllByRole('status');
    expect(sent).toHaveTextContent('Please check your email for verification code');
    expect(delayed).toHaveTextContent(localeText('en', 'auth.mailDelayed'));
  });

  it('shows the server’s text when the account exists', async () => {
    renderSignup({ 'POST /auth/signup': jsonResponse({ error: 'Username or email already exists', code: 'account_exists' }, 409) });
    await botCheckReady();
    fillInGood();
    createAccount();
    expect(await screen.findByRole('alert')).toHaveTextContent('Username or email already exists');
  });

  it('says “Error creating account. Please try again.” when no answer comes', async () => {
    const { api } = renderSignup({ 'POST /auth/signup': () => Promise.reject(new TypeError('Failed to fetch')) });
    await botCheckReady();
    fillInGood();
    setBrowserOnline(false); // no retries
    createAccount();
    expect(await screen.findByRole('alert')).toHaveTextContent('Error creating account. Please try again.');
    expect(api.callsTo('POST /auth/signup')).toHaveLength(1);
  });

  it('says “Error during signup. Try again.” when the answer explains nothing', async () => {
    renderSignup({ 'POST /auth/signup': () => new Response('', { status: 400 }) });
    await botCheckReady();
    fillInGood();
    createAccount();
    expect(await screen.findByRole('alert')).toHaveTextContent('Error during signup. Try again.');
  });
});
