import { screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { beforeEach, describe, expect, it } from 'vitest';

import { queuedCalls } from '../../api/offlineQueue';
import { setBrowserOnline } from '../../test/browser';
import { expectFieldError, fill } from '../../test/forms';
import { member, mockApi, renderWithSession } from '../../test/auth';
import { jsonResponse } from '../../test/fetchMock';
import { AccountPage } from './AccountPage';
import { renderAccount } from './renderAccount';

const section = (name: string) => within(screen.getByRole('region', { name }));

describe('AccountPage', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('asks visitors to log in, and asks the server nothing', async () => {
    const api = mockApi({});
    renderWithSession([{ path: '/account', element: <AccountPage /> }], { path: '/account' });
    expect(await screen.findByText('Log in to see and change your account details.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(api.callsTo('GET /account')).toEqual([]);
  });

  it("shows the member's account and profile", async () => {
    renderAccount();
    expect(await screen.findByRole('heading', { level: 1, name: 'My account' })).toBeInTheDocument();
    expect(screen.getByText(/Member since/)).toHaveTextContent('odette · odette@example.org · Member since January 15, 2029');
    const profile = section('Profile');
    expect(profile.getByRole('textbox', { name: 'Phone' })).toHaveValue('+972 3 555 1234');
    expect(profile.getByRole('combobox', { name: 'Gender' })).toHaveValue('Female');
    expect(profile.getByRole('combobox', { name: 'E-mail language' })).toHaveValue('עברית');
  });

  it('saves the profile and the e-mail language', async () => {
    const { api, user } = renderAccount();
    await screen.findByRole('heading', { level: 1, name: 'My account' });
    const profile = section('Profile');
    await fill(user, profile.getByRole('textbox', { name: 'Location' }), ' Haifa ');
    await user.click(profile.getByRole('combobox', { name: 'E-mail language' }));
    await user.click(await screen.findByRole('option', { name: 'Français' }));
    await user.click(profile.getByRole('button', { name: 'Save profile' }));
    expect(await profile.findByText('Your profile has been saved.')).toBeInTheDocument();
    expect(api.callsTo('PATCH /account').map((call) => call.body)).toEqual([
      { profile: { gender: 'female', birthDate: '', phone: '+972 3 555 1234', location: 'Haifa' }, language: 'fr' },
    ]);
  });

  it('checks the fields with the sign-up rules, and shows the server at the field', async () => {
    const { api, user } = renderAccount({
      'PATCH /account': jsonResponse({ error: 'Invalid fields', fields: { birthDate: { code: 'invalid_birth_date', message: 'Invalid birth date' } } }, 400),
    });
    await screen.findByRole('heading', { level: 1, name: 'My account' });
    const profile = section('Profile');
    await fill(user, profile.getByRole('textbox', { name: 'Phone' }), 'call me');
    await user.click(profile.getByRole('button', { name: 'Save profile' }));
    expectFieldError(profile.getByRole('textbox', { name: 'Phone' }), 'Invalid phone number format');
    expect(api.callsTo('PATCH /account')).toEqual([]);

    await user.clear(profile.getByRole('textbox', { name: 'Phone' }));
    await user.click(profile.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expectFieldError(profile.getByLabelText('Date of birth'), 'Invalid birth date'));
  });

  it('subscribes to the newsletter at once, and unsubscribes', async () => {
    const { api, user } = renderAccount();
    await screen.findByRole('heading', { level: 1, name: 'My account' });
    const newsletter = section('Newsletter');
    const toggle = newsletter.getByRole('switch', { name: /^Send me the newsletter/ });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(await newsletter.findByText('You are subscribed to the newsletter.')).toBeInTheDocument();
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(await newsletter.findByText('You are unsubscribed from the newsletter.')).toBeInTheDocument();
    expect(api.callsTo('PATCH /account').map((call) => call.body)).toEqual([{ newsletter: true }, { newsletter: false }]);
  });

  it('leaves the switch as it was when the change fails, saying why', async () => {
    const { user } = renderAccount({ 'PATCH /account': jsonResponse({ error: 'Too many requests', retryAfter: 30 }, 429) });
    await screen.findByRole('heading', { level: 1, name: 'My account' });
    const newsletter = section('Newsletter');
    await user.click(newsletter.getByRole('switch', { name: /^Send me the newsletter/ }));
    expect(await newsletter.findByRole('alert')).toHaveTextContent('Too many attempts. Please try again in 30 s.');
    expect(newsletter.getByRole('switch', { name: /^Send me the newsletter/ })).not.toBeChecked();
  });

  it('keeps a change made offline on this device, shows it made and says it will be sent', async () => {
    const { api, user } = renderAccount();
    await screen.findByRole('heading', { level: 1, name: 'My account' });
    setBrowserOnline(false);
    const newsletter = section('Newsletter');
    await user.click(newsletter.getByRole('switch', { name: /^Send me the newsletter/ }));
    expect(await newsletter.findByRole('status')).toHaveTextContent('Saved on this device: it will be sent when the connection returns.');
    expect(newsletter.queryByRole('alert')).not.toBeInTheDocument();
    expect(newsletter.getByRole('switch', { name: /^Send me the newsletter/ })).toBeChecked();

    const profile = section('Profile');
    await fill(user, profile.getByRole('textbox', { name: 'Location' }), 'Haifa');
    await user.click(profile.getByRole('button', { name: 'Save profile' }));
    expect(await profile.findByText('Saved on this device: it will be sent when the connection returns.')).toBeInTheDocument();
    expect(profile.queryByRole('alert')).not.toBeInTheDocument();

    expect(api.callsTo('PATCH /account')).toEqual([]);
    expect(queuedCalls().map(({ method, path, body, owner }) => ({ method, path, body, owner }))).toEqual([
      { method: 'PATCH', path: '/account', body: { newsletter: true }, owner: member.id },
      { method: 'PATCH', path: '/account', body: { profile: { gender: 'female', birthDate: '', phone: '+972 3 555 1234', location: 'Haifa' }, language: 'he' }, owner: member.id },
    ]);
  });
});
