import { screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { sentBody, type ApiCall } from '../../../test/auth';
import { jsonResponse } from '../../../test/fetchMock';
import { dialogNamed, expectFieldError, fill } from '../../../test/forms';
import type { DkimSettings, DkimView } from './dkimSettings';
import { renderAdmin } from '../renderAdmin';
import { renderSettingsCard } from './renderSettingsCard';

vi.setConfig({ testTimeout: 20_000 });

const STORED: DkimSettings = { domain: 'pointe.example', selector: 'mail', privateKey: '********' };
const RECORD = { name: 'mail._domainkey.pointe.example', value: `v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA${'x'.repeat(300)}IDAQAB` };
const NEW_KEY = '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAsGyQ7mXr\n-----END RSA PRIVATE KEY-----';
const NEW_RECORD = { name: '2025._domainkey.pointe.example', value: 'v=DKIM1; k=rsa; p=MIIBCgKCAQEAsGyQ7mXrIDAQAB' };

const view = (settings: DkimSettings, dnsRecord: DkimView['dnsRecord']): DkimView => ({ settings, dnsRecord });
/** The server's answer to a save: the key masked, the record while one is set. */
const savedView = (call: ApiCall) => {
  const sent = call.body as DkimSettings;
  const off = sent.privateKey === '';
  return view({ ...sent, privateKey: off ? '' : '********' }, off ? null : sent.privateKey === '********' ? RECORD : NEW_RECORD);
};

const renderCard = (routes: Record<string, unknown> = {}) =>
  renderSettingsCard('DKIM signing', {
    'GET /admin/settings/dkim': view(STORED, RECORD),
    'PUT /admin/settings/dkim': savedView,
    ...routes,
  });

/** The direction an element reads in: its own `dir` or its nearest ancestor's (Mantine puts an input's on its wrapper). */
const direction = (element: HTMLElement) => element.closest('[dir]')?.getAttribute('dir');

const recordGroup = (region: HTMLElement) => within(within(region).getByRole('group', { name: 'DNS record to publish' }));

describe('DkimSettings', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('shows the stored signing, the key as stored, and the DNS record to publish with copy buttons', async () => {
    const { api, card, region, user } = await renderCard();
    expect(card.getByText('SendGrid and Mailgun sign on their side', { exact: false })).toBeInTheDocument();
    expect(card.getByRole('status')).toHaveTextContent('Signing is on: e-mail sent over SMTP is signed for pointe.example with the selector mail.');
    expect(card.getByRole('textbox', { name: 'Signing domain' })).toHaveValue('pointe.example');
    expect(card.getByRole('textbox', { name: 'Selector' })).toHaveValue('mail');
    const key = card.getByRole('textbox', { name: 'Private key' });
    expect(key).toHaveValue('********');
    expect(key).toHaveAccessibleDescription('A key is stored: leave ******** to keep it, or paste a new one to replace it.');

    const record = recordGroup(region);
    expect(record.getByText(/Publish this as a TXT record at your DNS host/)).toBeInTheDocument();
    expect(record.getByRole('textbox', { name: 'Name' })).toHaveValue(RECORD.name);
    expect(record.getByRole('textbox', { name: 'Name' })).toHaveAttribute('readonly');
    expect(record.getByRole('textbox', { name: 'Value' })).toHaveValue(RECORD.value);
    expect(record.getByRole('textbox', { name: 'Value' })).toHaveAttribute('readonly');
    await user.click(record.getByRole('button', { name: 'Copy the value' }));
    expect(await navigator.clipboard.readText()).toBe(RECORD.value);
    expect(record.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await user.click(record.getByRole('button', { name: 'Copy the name' }));
    expect(await navigator.clipboard.readText()).toBe(RECORD.name);

    // Saved as it is, the mask goes back: the server keeps the stored key.
    await user.click(card.getByRole('button', { name: 'Save' }));
    expect(await sentBody(api, 'PUT /admin/settings/dkim')).toStrictEqual(STORED);
  });

  it('saves a new selector and key, busy meanwhile, then shows the new record and the key as stored', async () => {
    let answer: (response: Response) => void = () => {};
    const { api, card, region, user } = await renderCard({
      'PUT /admin/settings/dkim': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await fill(user, card.getByRole('textbox', { name: 'Selector' }), ' 2025 ');
    // The stored key goes with the old selector only: it has to be pasted again.
    expect(card.getByRole('textbox', { name: 'Private key' })).toHaveAccessibleDescription('Paste the key again: the stored one is kept only for the same domain and selector');
    await user.click(card.getByRole('button', { name: 'Save' }));
    expectFieldError(card.getByRole('textbox', { name: 'Private key' }), 'Paste the key again');
    expect(api.callsTo('PUT /admin/settings/dkim')).toEqual([]);

    await fill(user, card.getByRole('textbox', { name: 'Private key' }), `${NEW_KEY}\n`);
    await user.click(card.getByRole('button', { name: 'Save' }));
    const sent = { domain: 'pointe.example', selector: '2025', privateKey: NEW_KEY };
    expect(await sentBody(api, 'PUT /admin/settings/dkim')).toStrictEqual(sent);
    expect(card.getByRole('button', { name: 'Save' })).toHaveAttribute('data-loading', 'true');

    answer(jsonResponse(view({ ...sent, privateKey: '********' }, NEW_RECORD)));
    expect(await screen.findByText('DKIM settings saved')).toBeInTheDocument();
    expect(await recordGroup(region).findByDisplayValue(NEW_RECORD.name)).toBeInTheDocument();
    expect(recordGroup(region).getByRole('textbox', { name: 'Value' })).toHaveValue(NEW_RECORD.value);
    expect(card.getByRole('textbox', { name: 'Private key' })).toHaveValue('********');
    expect(card.getByRole('status')).toHaveTextContent('with the selector 2025.');
    expect(card.getByRole('button', { name: 'Save' })).not.toHaveAttribute('data-loading');
  });

  it('says why the settings could not be loaded, and loads them on a retry', async () => {
    const { api, user } = renderAdmin('/admin/settings', {
      'GET /admin/settings/dkim': jsonResponse({ error: 'You do not have permission to do this', code: 'forbidden' }, 403),
    });
    const region = await screen.findByRole('region', { name: 'DKIM signing' });
    const alert = await within(region).findByRole('alert');
    expect(alert).toHaveTextContent('You do not have permission to do this');
    api.set('GET /admin/settings/dkim', view(STORED, RECORD));
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(region).findByRole('textbox', { name: 'Signing domain' })).toHaveValue('pointe.example');
  });

  it('checks the names and asks for all three once one is given', async () => {
    const { api, card, user } = await renderCard({ 'GET /admin/settings/dkim': view({ domain: '', selector: '', privateKey: '' }, null) });
    await fill(user, card.getByRole('textbox', { name: 'Signing domain' }), 'pointe example');
    await user.click(card.getByRole('button', { name: 'Save' }));
    expectFieldError(card.getByRole('textbox', { name: 'Signing domain' }), 'Use letters, digits, dots and hyphens only');
    expectFieldError(card.getByRole('textbox', { name: 'Selector' }), 'This field is required');
    expectFieldError(card.getByRole('textbox', { name: 'Private key' }), 'This field is required');
    expect(api.callsTo('PUT /admin/settings/dkim')).toEqual([]);
  });

  it('shows the server’s key message under the key, in the admin’s language', async () => {
    await i18n.changeLanguage('fr');
    const { card, user } = await renderSettingsCard(
      'Signature DKIM',
      {
        'GET /admin/settings/dkim': view(STORED, RECORD),
        'PUT /admin/settings/dkim': jsonResponse(
          { error: 'Invalid settings', code: 'invalid_fields', fields: { privateKey: { code: 'not_a_private_key', message: 'Paste an RSA private key in PEM form (BEGIN RSA PRIVATE KEY or BEGIN PRIVATE KEY)' } } },
          400,
        ),
      },
      'Enregistrer',
    );
    // Looks like a key here; the server reads it and finds no RSA key.
    await fill(user, card.getByRole('textbox', { name: 'Clé privée' }), '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIA==\n-----END PRIVATE KEY-----');
    await user.click(card.getByRole('button', { name: 'Enregistrer' }));
    expectFieldError(await card.findByRole('textbox', { name: 'Clé privée' }), 'Collez une clé privée RSA au format PEM (BEGIN RSA PRIVATE KEY ou BEGIN PRIVATE KEY)');
    expect(screen.queryByText(/L’enregistrement des réglages a échoué/)).not.toBeInTheDocument();
  });

  it('says in a toast why a save failed when no field is at fault', async () => {
    const { card, user } = await renderCard({
      'PUT /admin/settings/dkim': jsonResponse({ error: 'You do not have permission to do this', code: 'forbidden' }, 403),
    });
    await user.click(card.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saving the settings failed: You do not have permission to do this')).toBeInTheDocument();
  });

  it('reads right to left in Hebrew, the names, the key and the record left to right', async () => {
    await i18n.changeLanguage('he');
    const { card, region } = await renderSettingsCard('חתימת DKIM', { 'GET /admin/settings/dkim': view(STORED, RECORD) }, 'שמירה');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(direction(card.getByText(/^החתימה פעילה/))).toBe('rtl');
    expect(direction(card.getByRole('textbox', { name: 'מפתח פרטי' }))).toBe('ltr');
    expect(card.getByRole('textbox', { name: 'מפתח פרטי' })).toHaveAccessibleDescription(expect.stringContaining('יש מפתח שמור'));
    expect(direction(card.getByRole('textbox', { name: 'דומיין החתימה' }))).toBe('ltr');
    expect(direction(card.getByRole('textbox', { name: 'סלקטור' }))).toBe('ltr');
    const record = within(within(region).getByRole('group', { name: 'רשומת DNS לפרסום' }));
    expect(direction(record.getByRole('textbox', { name: 'שם' }))).toBe('ltr');
    expect(direction(record.getByRole('textbox', { name: 'ערך' }))).toBe('ltr');
    expect(record.getByRole('button', { name: 'העתקת הערך' })).toBeInTheDocument();
  });

  it('turns signing off: the three sent empty, after asking', async () => {
    const { api, card, region, user } = await renderCard();
    await user.click(card.getByRole('button', { name: 'Turn signing off' }));
    const dialog = within(dialogNamed('Turn DKIM signing off?'));
    expect(dialog.getByText(/the stored key is deleted/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Turn signing off' }));
    expect(await sentBody(api, 'PUT /admin/settings/dkim')).toStrictEqual({ domain: '', selector: '', privateKey: '' });
    expect(await screen.findByText('DKIM signing turned off')).toBeInTheDocument();
    expect(await card.findByText('Signing is off: e-mail sent over SMTP goes out unsigned.')).toBeInTheDocument();
    expect(within(region).queryByRole('group', { name: 'DNS record to publish' })).not.toBeInTheDocument();
    for (const name of ['Signing domain', 'Selector', 'Private key']) expect(card.getByRole('textbox', { name })).toHaveValue('');
    expect(card.queryByRole('button', { name: 'Turn signing off' })).not.toBeInTheDocument();
  });

  it('turns signing off by emptying the three fields and saving', async () => {
    const { api, card, user } = await renderCard();
    for (const name of ['Signing domain', 'Selector', 'Private key']) await user.clear(card.getByRole('textbox', { name }));
    await user.click(card.getByRole('button', { name: 'Save' }));
    expect(await sentBody(api, 'PUT /admin/settings/dkim')).toStrictEqual({ domain: '', selector: '', privateKey: '' });
    expect(await screen.findByText('DKIM settings saved')).toBeInTheDocument();
    expect(await card.findByText(/^Signing is off/)).toBeInTheDocument();
  });
});
