import { screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { expectFieldError, fill } from '../../../test/forms';
import { sentBody, type ApiCall } from '../../../test/auth';
import { jsonResponse } from '../../../test/fetchMock';
import { renderSettingsCard } from './renderSettingsCard';
import type { EmailSettings } from './emailSettings';

vi.setConfig({ testTimeout: 20_000 });

const settings: EmailSettings = {
  provider: 'smtp',
  fromAddress: 'Pointe <hello@pointe.example>',
  smtp: { host: 'smtp.pointe.example', port: 587, security: 'starttls', username: 'mailer', password: '********' },
  sendgrid: { apiKey: '' },
  mailgun: { domain: '', region: 'eu', apiKey: '' },
  ses: { region: '', username: '', password: '' },
};
const answer = (stored: EmailSettings, saved = true) => ({ saved, fallback: 'smtp.fallback.example:25', settings: stored });

const renderCard = (routes: Record<string, unknown> = {}) =>
  renderSettingsCard('E-mail provider', {
    'GET /admin/settings/email': answer(settings),
    'PUT /admin/settings/email': (call: ApiCall) => answer(call.body as EmailSettings),
    ...routes,
  });

describe('EmailSettings', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it("shows the chosen provider's fields, a stored secret as ********, and sends it back untouched", async () => {
    const { api, card, user } = await renderCard();
    expect(card.getByRole('textbox', { name: 'SMTP server' })).toHaveValue('smtp.pointe.example');
    expect(card.getByRole('textbox', { name: 'Port' })).toHaveValue('587');
    const password = card.getByLabelText('Password');
    expect(password).toHaveValue('********');
    expect(password).toHaveAccessibleDescription(expect.stringContaining('leave ******** to keep it'));
    expect(card.queryByLabelText(/API key/)).not.toBeInTheDocument();
    expect(card.queryByText(/No e-mail settings are saved yet/)).not.toBeInTheDocument();

    await user.click(card.getByRole('button', { name: 'Save' }));
    expect(await sentBody(api, 'PUT /admin/settings/email')).toStrictEqual(settings);
    expect(await screen.findByText('E-mail settings saved')).toBeInTheDocument();
  });

  it('says where mail goes while nothing is saved', async () => {
    const { card } = await renderCard({ 'GET /admin/settings/email': answer(settings, false) });
    expect(card.getByText('No e-mail settings are saved yet. Until they are, e-mail goes to: smtp.fallback.example:25')).toBeInTheDocument();
  });

  it('switches to SendGrid: only its API key shows, is required, and the other values are kept', async () => {
    const { api, card, user } = await renderCard();
    await user.click(card.getByRole('combobox', { name: 'Provider' }));
    await user.click(await screen.findByRole('option', { name: 'SendGrid' }));
    expect(card.queryByRole('textbox', { name: 'SMTP server' })).not.toBeInTheDocument();
    const apiKey = card.getByLabelText(/API key/);
    expect(apiKey).toHaveValue('');

    await user.click(card.getByRole('button', { name: 'Save' }));
    expectFieldError(apiKey, 'This field is required');
    expect(api.callsTo('PUT /admin/settings/email')).toEqual([]);

    await fill(user, apiKey, 'SG.secret-key');
    await user.click(card.getByRole('button', { name: 'Save' }));
    expect(await sentBody(api, 'PUT /admin/settings/email')).toStrictEqual({ ...settings, provider: 'sendgrid', sendgrid: { apiKey: 'SG.secret-key' } });
  });

  it('checks the from address and the port', async () => {
    const { api, card, user } = await renderCard();
    await fill(user, card.getByRole('textbox', { name: 'From address' }), 'Pointe <hello@>');
    await fill(user, card.getByRole('textbox', { name: 'Port' }), '70000');
    await user.click(card.getByRole('button', { name: 'Save' }));
    expectFieldError(card.getByRole('textbox', { name: 'From address' }), 'Enter an address, or a name and <address>');
    expectFieldError(card.getByRole('textbox', { name: 'Port' }), 'Must be between 1 and 65535');
    expect(api.callsTo('PUT /admin/settings/email')).toEqual([]);
  });

  it("shows the server's field message at the field", async () => {
    const { card, user } = await renderCard({
      'PUT /admin/settings/email': jsonResponse({ error: 'Invalid settings', fields: { 'smtp.host': { code: 'required', message: 'This field is required' } } }, 400),
    });
    await user.click(card.getByRole('button', { name: 'Save' }));
    expectFieldError(await card.findByRole('textbox', { name: 'SMTP server' }), 'This field is required');
  });

  describe('test e-mail', () => {
    const testForm = (region: HTMLElement) => within(within(region).getByRole('group', { name: 'Send a test e-mail' }));

    it("sends one to the admin's own address by default and says so", async () => {
      const { api, region, user } = await renderCard({ 'POST /admin/settings/email/test': { sent: true } });
      const form = testForm(region);
      expect(form.getByRole('textbox', { name: 'Recipient' })).toHaveValue('rothbart@example.org');
      await user.click(form.getByRole('button', { name: 'Send test e-mail' }));
      expect(await form.findByRole('status')).toHaveTextContent('Test e-mail sent to rothbart@example.org.');
      expect(api.callsTo('POST /admin/settings/email/test')[0]?.body).toEqual({ to: 'rothbart@example.org' });
    });

    it('shows it working, then why it failed, in the interface language', async () => {
      await i18n.changeLanguage('he');
      let fail: (response: Response) => void = () => {};
      const { api, region, user } = await renderSettingsCard('ספק אימייל', {
        'GET /admin/settings/email': answer(settings),
        'POST /admin/settings/email/test': () => new Promise<Response>((resolve) => (fail = resolve)),
      }, 'שמירה');
      const form = within(within(region).getByRole('group', { name: 'בדיקת שליחת אימייל' }));
      await fill(user, form.getByRole('textbox', { name: 'נמען' }), 'giselle@example.org');
      await user.click(form.getByRole('button', { name: 'שליחת אימייל לבדיקה' }));
      expect(form.getByRole('button', { name: 'שליחת אימייל לבדיקה' })).toHaveAttribute('data-loading', 'true');
      fail(jsonResponse({ error: 'The test e-mail could not be sent: 535 Authentication failed', code: 'test_email_failed', values: { reason: '535 Authentication failed' } }, 502));
      expect(await form.findByRole('alert')).toHaveTextContent('לא ניתן היה לשלוח את אימייל הבדיקה: 535 Authentication failed');
      // The mail server's refusal is final: not tried again, as other 5xx answers are.
      expect(api.callsTo('POST /admin/settings/email/test')).toHaveLength(1);
    });

    it('refuses a bad recipient without sending', async () => {
      const { api, region, user } = await renderCard();
      const form = testForm(region);
      await fill(user, form.getByRole('textbox', { name: 'Recipient' }), 'nobody');
      await user.click(form.getByRole('button', { name: 'Send test e-mail' }));
      expectFieldError(form.getByRole('textbox', { name: 'Recipient' }), 'Invalid email address');
      expect(api.callsTo('POST /admin/settings/email/test')).toEqual([]);
    });
  });
});
