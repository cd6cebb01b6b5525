import { screen } from '@testing-library/react';
import i18n from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { expectFieldError } from '../../../test/admin';
import type { ApiCall } from '../../../test/auth';
import { jsonResponse } from '../../../test/fetchMock';
import { renderSettingsCard, sentBody } from '../../../test/settings';

vi.setConfig({ testTimeout: 20_000 });

const models = { en: 'gpt-small', he: 'gpt-large', es: 'gpt-small', fr: 'gpt-small', ru: 'retired-model' };
const choices = ['gpt-small', 'gpt-large'];
const renderCard = (routes: Record<string, unknown> = {}) =>
  renderSettingsCard('AI model per language', {
    'GET /admin/settings/ai-models': { models, choices },
    'PUT /admin/settings/ai-models': (call: ApiCall) => ({ models: call.body, choices }),
    ...routes,
  });

describe('AiModelSettings', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('shows each language with its model, offering the choices', async () => {
    const { card, user } = await renderCard();
    expect(card.getByRole('combobox', { name: 'English' })).toHaveValue('gpt-small');
    expect(card.getByRole('combobox', { name: 'עברית' })).toHaveValue('gpt-large');
    await user.click(card.getByRole('combobox', { name: 'Français' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(choices);
  });

  it('asks for an offered model where the stored one is no longer offered', async () => {
    const { api, card, user } = await renderCard();
    await user.click(card.getByRole('button', { name: 'Save' }));
    expectFieldError(card.getByRole('combobox', { name: 'Русский' }), 'Choose one of the offered models');
    expect(api.callsTo('PUT /admin/settings/ai-models')).toEqual([]);

    await user.click(card.getByRole('combobox', { name: 'Русский' }));
    await user.click(await screen.findByRole('option', { name: 'gpt-large' }));
    await user.click(card.getByRole('button', { name: 'Save' }));
    expect(await sentBody(api, 'PUT /admin/settings/ai-models')).toStrictEqual({ ...models, ru: 'gpt-large' });
    expect(await screen.findByText('AI models saved')).toBeInTheDocument();
  });

  it("shows the server's field message at the language", async () => {
    const { card, user } = await renderCard({
      'GET /admin/settings/ai-models': { models: { ...models, ru: 'gpt-small' }, choices },
      'PUT /admin/settings/ai-models': jsonResponse({ error: 'Invalid settings', fields: { es: 'Choose one of the offered models' } }, 400),
    });
    await user.click(card.getByRole('button', { name: 'Save' }));
    expectFieldError(await card.findByRole('combobox', { name: 'Español' }), 'Choose one of the offered models');
  });
});
