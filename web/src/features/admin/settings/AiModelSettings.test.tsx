import { screen } from '@testing-library/react';
import i18n from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { expectFieldError, fill } from '../../../test/forms';
import { sentBody, type ApiCall } from '../../../test/auth';
import { jsonResponse } from '../../../test/fetchMock';
import { renderSettingsCard } from './renderSettingsCard';

vi.setConfig({ testTimeout: 20_000 });

const models = { en: 'gpt-small', he: 'gpt-large', es: 'gpt-small', fr: 'gpt-small', ru: 'my-own-model' };
const choices = ['gpt-small', 'gpt-large'];
const renderCard = (routes: Record<string, unknown> = {}) =>
  renderSettingsCard('AI model per language', {
    'GET /admin/settings/ai-models': { models, choices },
    'PUT /admin/settings/ai-models': (call: ApiCall) => ({ models: call.body, choices }),
    ...routes,
  });

describe('AiModelSettings', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('shows each language with its model, a model the suggestions do not hold included', async () => {
    const { card } = await renderCard();
    expect(card.getByRole('combobox', { name: 'English' })).toHaveValue('gpt-small');
    expect(card.getByRole('combobox', { name: 'עברית' })).toHaveValue('gpt-large');
    expect(card.getByRole('combobox', { name: 'Русский' })).toHaveValue('my-own-model');
  });

  it('suggests the choices and takes any model name typed, trimmed', async () => {
    const { api, card, user } = await renderCard();
    const french = card.getByRole('combobox', { name: 'Français' });
    await user.clear(french);
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(choices);
    await user.click(await screen.findByRole('option', { name: 'gpt-large' }));
    expect(french).toHaveValue('gpt-large');

    await fill(user, card.getByRole('combobox', { name: 'Español' }), '  qwen2.5:7b-instruct ');
    await user.click(card.getByRole('button', { name: 'Save' }));
    expect(await sentBody(api, 'PUT /admin/settings/ai-models')).toStrictEqual({ ...models, fr: 'gpt-large', es: 'qwen2.5:7b-instruct' });
    expect(await screen.findByText('AI models saved')).toBeInTheDocument();
  });

  it('asks for a model where a language has none', async () => {
    const { api, card, user } = await renderCard();
    await user.clear(card.getByRole('combobox', { name: 'Русский' }));
    await user.click(card.getByRole('button', { name: 'Save' }));
    expectFieldError(card.getByRole('combobox', { name: 'Русский' }), 'This field is required');
    expect(api.callsTo('PUT /admin/settings/ai-models')).toEqual([]);
  });

  it("shows the server's field message at the language", async () => {
    const { card, user } = await renderCard({
      'PUT /admin/settings/ai-models': jsonResponse({ error: 'Invalid settings', fields: { es: { code: 'too_long', message: 'Must be at most 200 characters', values: { max: '200' } } } }, 400),
    });
    await user.click(card.getByRole('button', { name: 'Save' }));
    expectFieldError(await card.findByRole('combobox', { name: 'Español' }), 'Must be at most 200 characters');
  });
});
