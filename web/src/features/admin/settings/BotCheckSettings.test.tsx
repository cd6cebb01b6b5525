import { screen } from '@testing-library/react';
import i18n from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { expectFieldError, fill } from '../../../test/forms';
import { sentBody, type ApiCall } from '../../../test/auth';
import { jsonResponse } from '../../../test/fetchMock';
import { renderSettingsCard } from './renderSettingsCard';

vi.setConfig({ testTimeout: 20_000 });

const stored = { provider: 'altcha', difficulty: 50_000, turnstileSiteKey: '', turnstileSecret: '' };
const renderCard = (routes: Record<string, unknown> = {}) =>
  renderSettingsCard('Bot-check', {
    'GET /admin/settings/bot-check': stored,
    'PUT /admin/settings/bot-check': (call: ApiCall) => call.body,
    ...routes,
  });
const difficulty = (card: Awaited<ReturnType<typeof renderCard>>['card']) => card.getByRole('textbox', { name: 'Difficulty' });

describe('BotCheckSettings', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('shows the proof of work with its difficulty, and no Turnstile keys', async () => {
    const { card } = await renderCard();
    expect(card.getByRole('radio', { name: 'Proof of work (ALTCHA)' })).toBeChecked();
    expect(difficulty(card)).toHaveValue('50,000');
    expect(card.queryByRole('textbox', { name: /Turnstile site key/ })).not.toBeInTheDocument();
  });

  it('keeps the difficulty between 1,000 and 10,000,000', async () => {
    const { api, card, user } = await renderCard();
    await fill(user, difficulty(card), '999');
    await user.click(card.getByRole('button', { name: 'Save' }));
    expectFieldError(difficulty(card), 'Must be between 1000 and 10000000');
    expect(api.callsTo('PUT /admin/settings/bot-check')).toEqual([]);

    await fill(user, difficulty(card), '200000');
    await user.click(card.getByRole('button', { name: 'Save' }));
    expect(await sentBody(api, 'PUT /admin/settings/bot-check')).toStrictEqual({ ...stored, difficulty: 200_000 });
    expect(await screen.findByText('Bot-check settings saved')).toBeInTheDocument();
  });

  it('needs both Turnstile keys when Turnstile is chosen, then sends them', async () => {
    const { api, card, user } = await renderCard();
    await user.click(card.getByRole('radio', { name: 'Cloudflare Turnstile' }));
    expect(card.queryByRole('textbox', { name: 'Difficulty' })).not.toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Save' }));
    expectFieldError(card.getByRole('textbox', { name: /Turnstile site key/ }), 'This field is required');
    expectFieldError(card.getByLabelText(/Turnstile secret key/), 'This field is required');
    expect(api.callsTo('PUT /admin/settings/bot-check')).toEqual([]);

    await fill(user, card.getByRole('textbox', { name: /Turnstile site key/ }), '0x4AAAAAAA');
    await fill(user, card.getByLabelText(/Turnstile secret key/), '0x4secret');
    await user.click(card.getByRole('button', { name: 'Save' }));
    expect(await sentBody(api, 'PUT /admin/settings/bot-check')).toStrictEqual({
      provider: 'turnstile',
      difficulty: 50_000,
      turnstileSiteKey: '0x4AAAAAAA',
      turnstileSecret: '0x4secret',
    });
  });

  it('keeps a stored Turnstile secret unless it is changed', async () => {
    const turnstile = { provider: 'turnstile', difficulty: 50_000, turnstileSiteKey: '0x4AAAAAAA', turnstileSecret: '********' };
    const { api, card, user } = await renderCard({ 'GET /admin/settings/bot-check': turnstile });
    expect(card.getByLabelText(/Turnstile secret key/)).toHaveValue('********');
    await user.click(card.getByRole('button', { name: 'Save' }));
    expect(await sentBody(api, 'PUT /admin/settings/bot-check')).toStrictEqual(turnstile);
  });

  it("shows the server's field message at the field", async () => {
    const { card, user } = await renderCard({
      'PUT /admin/settings/bot-check': jsonResponse({ error: 'Invalid settings', fields: { difficulty: { code: 'out_of_range', message: 'Must be between 1000 and 10000000', values: { min: '1000', max: '10000000' } } } }, 400),
    });
    await user.click(card.getByRole('button', { name: 'Save' }));
    expectFieldError(difficulty(card), 'Must be between 1000 and 10000000');
  });
});
