import { screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { ApiCall, Route } from '../../../test/auth';
import { jsonResponse } from '../../../test/fetchMock';
import { expectFieldError, fill } from '../../../test/forms';
import { renderAdmin } from '../renderAdmin';
import type { MailboxSettings } from './api';
import { defaultSettings, notConfigured, savedSettings } from './fixtures';

vi.setConfig({ testTimeout: 20_000 });

/** The screen with the settings card loaded (its region), over `routes`; the inbox says no mailbox is configured. */
async function renderCard(routes: Record<string, Route> = {}, { title = 'Mailbox', save = 'Save' } = {}) {
  const rendered = renderAdmin('/admin/email/pop3', {
    'GET /admin/email/pop3': savedSettings,
    // The server answers what it stored, the password masked.
    'PUT /admin/email/pop3': (call: ApiCall) => ({ ...(call.body as MailboxSettings), password: '********' }),
    'GET /admin/email/pop3/messages': notConfigured,
    ...routes,
  });
  const region = await screen.findByRole('region', { name: title });
  await within(region).findByRole('button', { name: save });
  return { ...rendered, region, card: within(region) };
}

const sent = (call: ApiCall | undefined) => call?.body as MailboxSettings | undefined;

describe('MailboxSettingsCard', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('shows the stored settings, the password only as its mask, and what the mailbox is for', async () => {
    const { card, region } = await renderCard();
    expect(screen.getByRole('heading', { level: 1, name: 'POP3 email verification' })).toBeInTheDocument();
    expect(region).toHaveTextContent('where the bounces of campaign e-mails come back');
    expect(card.getByRole('textbox', { name: 'POP3 server' })).toHaveValue('pop.pointe.example');
    expect(card.getByRole('textbox', { name: 'Port' })).toHaveValue('995');
    expect(card.getByRole('combobox', { name: 'Encryption' })).toHaveValue('TLS');
    expect(card.getByRole('textbox', { name: 'User name' })).toHaveValue('bounces');
    expect(card.getByRole('textbox', { name: 'Check every (minutes)' })).toHaveValue('10');
    expect(card.getByRole('textbox', { name: 'Check every (minutes)' })).toHaveAccessibleDescription(expect.stringContaining('from 1 to 1440 minutes'));
    const password = card.getByLabelText(/^Password/);
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveValue('********');
    expect(password).toHaveAccessibleDescription(expect.stringContaining('leave ******** to keep it'));
  });

  it('tests the values as they stand, unsaved, and says how many messages the mailbox holds', async () => {
    let answer: (response: Response) => void = () => {};
    const { api, card, user } = await renderCard({ 'POST /admin/email/pop3/test': () => new Promise<Response>((resolve) => (answer = resolve)) });
    await fill(user, card.getByRole('textbox', { name: 'POP3 server' }), '127.0.0.1');
    await fill(user, card.getByRole('textbox', { name: 'Port' }), '1110');
    // A new server: the stored password does not go with it, as the field already says.
    expect(card.getByLabelText(/^Password/)).toHaveAccessibleDescription(expect.stringContaining('Enter the password again'));
    await user.click(card.getByRole('button', { name: 'Test connection' }));
    expectFieldError(card.getByLabelText(/^Password/), 'Enter the password again');
    expect(api.callsTo('POST /admin/email/pop3/test')).toEqual([]);

    await fill(user, card.getByLabelText(/^Password/), 'pointe-mailbox-secret');
    await user.click(card.getByRole('button', { name: 'Test connection' }));
    expect(card.getByRole('button', { name: 'Test connection' })).toHaveAttribute('data-loading', 'true');
    await waitFor(() => expect(api.callsTo('POST /admin/email/pop3/test')).toHaveLength(1));
    expect(sent(api.callsTo('POST /admin/email/pop3/test')[0])).toStrictEqual({ ...savedSettings, host: '127.0.0.1', port: 1110, password: 'pointe-mailbox-secret' });
    answer(jsonResponse({ connected: true, messages: 3, failure: null, detail: null }));
    expect(await card.findByRole('status')).toHaveTextContent('Connected: 3 messages in the mailbox.');
    expect(card.getByRole('button', { name: 'Test connection' })).not.toHaveAttribute('data-loading');
    // A test saves nothing.
    expect(api.callsTo('PUT /admin/email/pop3')).toEqual([]);
  });

  it('names the kind of failure in plain words, with the server’s own words below', async () => {
    const { card, user } = await renderCard({
      'POST /admin/email/pop3/test': { connected: false, messages: null, failure: 'refused', detail: 'Connection refused (os error 111)' },
    });
    await user.click(card.getByRole('button', { name: 'Test connection' }));
    const alert = await card.findByRole('alert');
    expect(alert).toHaveTextContent('Connection failed');
    expect(alert).toHaveTextContent('The connection was refused: nothing answers on this port.');
    expect(within(alert).getByText('Connection refused (os error 111)')).toBeInTheDocument();
  });

  it('says a failure’s kind in Hebrew too, never its code', async () => {
    await i18n.changeLanguage('he');
    const hebrew = await renderCard(
      { 'POST /admin/email/pop3/test': { connected: false, messages: null, failure: 'credentials', detail: '-ERR [AUTH] Authentication failed.' } },
      { title: 'תיבת דואר', save: 'שמירה' },
    );
    await hebrew.user.click(hebrew.card.getByRole('button', { name: 'בדיקת חיבור' }));
    const hebrewAlert = await hebrew.card.findByRole('alert');
    expect(hebrewAlert).toHaveTextContent('החיבור נכשל');
    expect(hebrewAlert).toHaveTextContent('שם המשתמש או הסיסמה שגויים.');
    expect(hebrewAlert).toHaveTextContent('-ERR [AUTH] Authentication failed.');
    expect(hebrewAlert).not.toHaveTextContent('credentials');
  });

  it('saves the settings, says so, and holds the password as its mask from then on', async () => {
    const { api, card, user } = await renderCard();
    await fill(user, card.getByLabelText(/^Password/), 'new-secret');
    await fill(user, card.getByRole('textbox', { name: 'Check every (minutes)' }), '30');
    await user.click(card.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('POP3 configuration saved')).toBeInTheDocument();
    expect(api.callsTo('PUT /admin/email/pop3').map(sent)).toStrictEqual([{ ...savedSettings, password: 'new-secret', checkEveryMinutes: 30 }]);
    await waitFor(() => expect(card.getByLabelText(/^Password/)).toHaveValue('********'));
    expect(card.getByLabelText(/^Password/)).not.toHaveAttribute('aria-invalid');
  });

  it('moves the port with the encryption while it is the usual one', async () => {
    const { card, user } = await renderCard({ 'GET /admin/email/pop3': defaultSettings });
    expect(card.getByRole('textbox', { name: 'POP3 server' })).toHaveValue('');
    await user.click(card.getByRole('combobox', { name: 'Encryption' }));
    await user.click(await screen.findByRole('option', { name: 'None' }));
    expect(card.getByRole('textbox', { name: 'Port' })).toHaveValue('110');
    expect(card.getByRole('combobox', { name: 'Encryption' })).toHaveAccessibleDescription(expect.stringContaining('the password crosses the network readable'));
  });

  it('checks the fields before sending anything, then shows the server’s messages at its fields', async () => {
    const { api, card, user } = await renderCard({
      'GET /admin/email/pop3': defaultSettings,
      'PUT /admin/email/pop3': jsonResponse(
        { error: 'Invalid settings', code: 'invalid_fields', fields: { host: { code: 'not_a_server_name', message: 'Enter a server name such as mail.example.org' }, checkEveryMinutes: { code: 'out_of_range', message: 'Must be between 1 and 1440', values: { min: '1', max: '1440' } } } },
        400,
      ),
    });
    await fill(user, card.getByRole('textbox', { name: 'Check every (minutes)' }), '0');
    await user.click(card.getByRole('button', { name: 'Save' }));
    expectFieldError(card.getByRole('textbox', { name: 'POP3 server' }), 'This field is required');
    expectFieldError(card.getByRole('textbox', { name: 'User name' }), 'This field is required');
    expectFieldError(card.getByLabelText(/^Password/), 'This field is required');
    expectFieldError(card.getByRole('textbox', { name: 'Check every (minutes)' }), 'Must be between 1 and 1440');
    expect(api.callsTo('PUT /admin/email/pop3')).toEqual([]);

    await fill(user, card.getByRole('textbox', { name: 'POP3 server' }), 'pop.example.org');
    await fill(user, card.getByRole('textbox', { name: 'User name' }), 'bounces');
    await fill(user, card.getByLabelText(/^Password/), 'secret');
    await fill(user, card.getByRole('textbox', { name: 'Check every (minutes)' }), '5');
    await user.click(card.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT /admin/email/pop3')).toHaveLength(1));
    expectFieldError(await card.findByRole('textbox', { name: 'POP3 server' }), 'Enter a server name such as mail.example.org');
    expectFieldError(card.getByRole('textbox', { name: 'Check every (minutes)' }), 'Must be between 1 and 1440');
    expect(screen.queryByText(/POP3 configuration saved|Saving the POP3 configuration failed/)).not.toBeInTheDocument();
  });

  it('says in a toast why a save failed, in the admin’s language', async () => {
    await i18n.changeLanguage('fr');
    const { user, card } = await renderCard(
      { 'PUT /admin/email/pop3': jsonResponse({ error: 'You do not have permission to do this', code: 'forbidden' }, 403) },
      { title: 'Boîte aux lettres', save: 'Enregistrer' },
    );
    await user.click(card.getByRole('button', { name: 'Enregistrer' }));
    const toast = (await screen.findByText('L’enregistrement de la configuration POP3 a échoué : Vous n’avez pas l’autorisation d’effectuer cette action')).closest<HTMLElement>('[role="alert"]');
    expect(toast).not.toBeNull();
  });
});
