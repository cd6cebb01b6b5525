import { screen } from '@testing-library/react';
import i18n from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { expectFieldError, fill } from '../../../test/forms';
import { sentBody, type ApiCall } from '../../../test/auth';
import { jsonResponse } from '../../../test/fetchMock';
import { renderSettingsCard } from './renderSettingsCard';

vi.setConfig({ testTimeout: 20_000 });

const TOKEN = '0123456789abcdef0123456789ABCDEF';
const renderCard = (routes: Record<string, unknown> = {}) =>
  renderSettingsCard('Web analytics', {
    'GET /admin/settings/analytics': { measurementId: 'G-OLD123', cloudflareToken: '' },
    'PUT /admin/settings/analytics': (call: ApiCall) => call.body,
    ...routes,
  });

describe('AnalyticsSettings', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('shows the stored id and token', async () => {
    const { card } = await renderCard();
    expect(card.getByRole('textbox', { name: 'Google Analytics measurement ID' })).toHaveValue('G-OLD123');
    expect(card.getByRole('textbox', { name: 'Cloudflare Web Analytics token' })).toHaveValue('');
  });

  it('refuses an id without G- and a token that is not 32 hex characters', async () => {
    const { api, card, user } = await renderCard();
    await fill(user, card.getByRole('textbox', { name: 'Google Analytics measurement ID' }), 'UA-12345-1');
    await fill(user, card.getByRole('textbox', { name: 'Cloudflare Web Analytics token' }), TOKEN.slice(1));
    await user.click(card.getByRole('button', { name: 'Save' }));
    expectFieldError(card.getByRole('textbox', { name: 'Google Analytics measurement ID' }), 'Must start with G- followed by letters and digits');
    expectFieldError(card.getByRole('textbox', { name: 'Cloudflare Web Analytics token' }), 'Must be the 32-character token from Cloudflare');
    expect(api.callsTo('PUT /admin/settings/analytics')).toEqual([]);
  });

  it('saves both, trimmed; an empty id turns Google off', async () => {
    const { api, card, user } = await renderCard();
    await user.clear(card.getByRole('textbox', { name: 'Google Analytics measurement ID' }));
    await fill(user, card.getByRole('textbox', { name: 'Cloudflare Web Analytics token' }), ` ${TOKEN} `);
    await user.click(card.getByRole('button', { name: 'Save' }));
    expect(await sentBody(api, 'PUT /admin/settings/analytics')).toStrictEqual({ measurementId: '', cloudflareToken: TOKEN });
    expect(await screen.findByText('Web analytics settings saved')).toBeInTheDocument();
  });

  it("shows the server's field message, translated", async () => {
    await i18n.changeLanguage('fr');
    const { card, user } = await renderSettingsCard(
      'Statistiques web',
      {
        'GET /admin/settings/analytics': { measurementId: 'G-OLD123', cloudflareToken: '' },
        'PUT /admin/settings/analytics': jsonResponse({ error: 'Invalid settings', fields: { measurementId: { code: 'not_a_measurement_id', message: 'Must start with G- followed by letters and digits' } } }, 400),
      },
      'Enregistrer',
    );
    await user.click(card.getByRole('button', { name: 'Enregistrer' }));
    expectFieldError(await card.findByRole('textbox', { name: 'ID de mesure Google Analytics' }), 'Doit commencer par G- suivi de lettres et de chiffres');
  });
});
