import { screen } from '@testing-library/react';
import i18n from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { sentBody, type ApiCall } from '../../../test/auth';
import { jsonResponse } from '../../../test/fetchMock';
import { expectFieldError, fill } from '../../../test/forms';
import { renderSettingsCard } from './renderSettingsCard';

vi.setConfig({ testTimeout: 20_000 });

const STORED = { ratePerSecond: 50, concurrency: 5, tracking: true };
const renderCard = (routes: Record<string, unknown> = {}) =>
  renderSettingsCard('Campaign sending', {
    'GET /admin/settings/campaign-sending': STORED,
    'PUT /admin/settings/campaign-sending': (call: ApiCall) => call.body,
    ...routes,
  });

describe('CampaignSendingSettings', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('shows the stored pace, connections and tracking, each with what it means', async () => {
    const { card } = await renderCard();
    expect(card.getByRole('textbox', { name: 'Messages a second' })).toHaveValue('50');
    expect(card.getByRole('textbox', { name: 'Messages a second' })).toHaveAccessibleDescription(expect.stringContaining('per server instance'));
    expect(card.getByRole('textbox', { name: 'Connections at once' })).toHaveValue('5');
    expect(card.getByRole('textbox', { name: 'Connections at once' })).toHaveAccessibleDescription(expect.stringContaining('can go out twice'));
    expect(card.getByRole('switch', { name: /^Track opens and clicks/ })).toBeChecked();
    expect(card.getByRole('switch', { name: /^Track opens and clicks/ })).toHaveAccessibleDescription(expect.stringContaining('no tracking pixel and no rewritten links'));
  });

  it('refuses a pace or a number of connections out of the server’s range', async () => {
    const { api, card, user } = await renderCard();
    await fill(user, card.getByRole('textbox', { name: 'Messages a second' }), '0');
    await fill(user, card.getByRole('textbox', { name: 'Connections at once' }), '51');
    await user.click(card.getByRole('button', { name: 'Save' }));
    expectFieldError(card.getByRole('textbox', { name: 'Messages a second' }), 'Between 1 and 1000 messages a second');
    expectFieldError(card.getByRole('textbox', { name: 'Connections at once' }), 'Between 1 and 50 connections');
    expect(api.callsTo('PUT /admin/settings/campaign-sending')).toEqual([]);
  });

  it('saves the three, tracking off', async () => {
    const { api, card, user } = await renderCard();
    await fill(user, card.getByRole('textbox', { name: 'Messages a second' }), '200');
    await fill(user, card.getByRole('textbox', { name: 'Connections at once' }), '10');
    await user.click(card.getByRole('switch', { name: /^Track opens and clicks/ }));
    await user.click(card.getByRole('button', { name: 'Save' }));
    expect(await sentBody(api, 'PUT /admin/settings/campaign-sending')).toStrictEqual({ ratePerSecond: 200, concurrency: 10, tracking: false });
    expect(await screen.findByText('Campaign sending settings saved')).toBeInTheDocument();
  });

  it('shows the server’s field message in the admin’s language', async () => {
    await i18n.changeLanguage('ru');
    const { card, user } = await renderSettingsCard(
      'Отправка рассылок',
      {
        'GET /admin/settings/campaign-sending': STORED,
        'PUT /admin/settings/campaign-sending': jsonResponse({ error: 'Invalid settings', code: 'invalid_fields', fields: { concurrency: { code: 'concurrency_out_of_range', message: 'Between 1 and 50 connections' } } }, 400),
      },
      'Сохранить',
    );
    await user.click(card.getByRole('button', { name: 'Сохранить' }));
    expectFieldError(await card.findByRole('textbox', { name: 'Одновременных соединений' }), 'От 1 до 50 соединений');
  });
});
