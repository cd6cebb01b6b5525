import { screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { expectFieldError, fill } from '../../../test/forms';
import { renderAdmin } from '../renderAdmin';
import { sentBody, type ApiCall, type Route } from '../../../test/auth';
import { jsonResponse } from '../../../test/fetchMock';
import { aiRoutes, providerSettings } from './fixtures';

vi.setConfig({ testTimeout: 20_000 });

async function renderCard(routes: Record<string, Route> = {}) {
  const rendered = renderAdmin('/admin/ai', {
    ...aiRoutes,
    'PUT /admin/settings/ai-providers': (call: ApiCall) => call.body,
    ...routes,
  });
  await rendered.user.click(await screen.findByRole('tab', { name: 'AI Gateway' }));
  const card = await screen.findByRole('region', { name: 'AI providers' });
  await within(card).findByRole('button', { name: 'Save' });
  const group = (name: string) => within(within(card).getByRole('group', { name }));
  return { ...rendered, card: within(card), gateway: group('AI gateway'), edge: group('Edge AI (Cloudflare Workers AI)') };
}

describe('ProviderSettings', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('shows the stored providers, the key as ********, and saves the changes with the key untouched', async () => {
    const { api, card, edge, gateway, user } = await renderCard();
    expect(card.getByText(/any OpenAI-compatible endpoint: OpenAI, OpenRouter, Ollama, vLLM or llama.cpp's server/i)).toBeInTheDocument();
    expect(gateway.getByRole('switch', { name: 'Enabled' })).toBeChecked();
    expect(gateway.getByRole('textbox', { name: 'Base URL' })).toHaveValue('http://127.0.0.1:8081/v1');
    const apiKey = gateway.getByLabelText('API key');
    expect(apiKey).toHaveValue('********');
    expect(apiKey).toHaveAccessibleDescription(expect.stringContaining('leave ******** to keep it'));
    expect(edge.getByRole('switch', { name: 'Enabled' })).not.toBeChecked();
    expect(edge.getByRole('textbox', { name: 'Model' })).toHaveValue('@cf/meta/llama-3.1-8b-instruct');

    await fill(user, gateway.getByRole('textbox', { name: 'Timeout (seconds)' }), '45');
    await fill(user, gateway.getByRole('textbox', { name: 'Base URL' }), ' https://openrouter.ai/api/v1 ');
    const ceiling = card.getByRole('textbox', { name: 'Questions per hour, whole site' });
    expect(ceiling).toHaveValue('600');
    expect(ceiling).toHaveAccessibleDescription(expect.stringContaining('busy until the hour ends'));
    await fill(user, ceiling, '1200');
    await user.click(card.getByRole('button', { name: 'Save' }));
    expect(await sentBody(api, 'PUT /admin/settings/ai-providers')).toStrictEqual({
      ...providerSettings,
      gateway: { enabled: true, baseUrl: 'https://openrouter.ai/api/v1', apiKey: '********', timeoutSeconds: 45 },
      questionsPerHour: 1200,
    });
    expect(await screen.findByText('AI provider settings saved')).toBeInTheDocument();
  });

  it('asks for what a provider switched on needs, and for http(s) addresses, before saving', async () => {
    const { api, card, edge, gateway, user } = await renderCard();
    await user.click(edge.getByRole('switch', { name: 'Enabled' }));
    await fill(user, gateway.getByRole('textbox', { name: 'Base URL' }), 'localhost:8081');
    await fill(user, edge.getByRole('textbox', { name: 'Timeout (seconds)' }), '301');
    await fill(user, card.getByRole('textbox', { name: 'Questions per hour, whole site' }), '0');
    await user.click(card.getByRole('button', { name: 'Save' }));

    expectFieldError(gateway.getByRole('textbox', { name: 'Base URL' }), 'Enter an address starting with http:// or https://');
    expectFieldError(edge.getByRole('textbox', { name: 'Account ID' }), 'This field is required');
    expectFieldError(edge.getByLabelText(/API token/), 'This field is required');
    expectFieldError(edge.getByRole('textbox', { name: 'Timeout (seconds)' }), 'Must be between 1 and 300');
    expectFieldError(card.getByRole('textbox', { name: 'Questions per hour, whole site' }), 'Must be between 1 and 100000');
    expect(api.callsTo('PUT /admin/settings/ai-providers')).toEqual([]);

    await fill(user, edge.getByRole('textbox', { name: 'Account ID' }), 'a1b2c3');
    await fill(user, edge.getByLabelText(/API token/), 'cf-token');
    await fill(user, edge.getByRole('textbox', { name: 'Timeout (seconds)' }), '30');
    await fill(user, gateway.getByRole('textbox', { name: 'Base URL' }), 'http://localhost:8081/v1');
    await fill(user, card.getByRole('textbox', { name: 'Questions per hour, whole site' }), '600');
    await user.click(card.getByRole('button', { name: 'Save' }));
    expect(await sentBody(api, 'PUT /admin/settings/ai-providers')).toStrictEqual({
      gateway: { ...providerSettings.gateway, baseUrl: 'http://localhost:8081/v1' },
      edge: { ...providerSettings.edge, enabled: true, accountId: 'a1b2c3', apiToken: 'cf-token', timeoutSeconds: 30 },
      questionsPerHour: 600,
    });
  });

  it("shows the server's field messages at the fields, in the interface language", async () => {
    await i18n.changeLanguage('fr');
    const rendered = renderAdmin('/admin/ai', {
      ...aiRoutes,
      'PUT /admin/settings/ai-providers': jsonResponse(
        { error: 'Invalid settings', fields: { 'gateway.baseUrl': { code: 'not_an_http_address', message: 'Enter an address starting with http:// or https://' }, 'edge.model': { code: 'required', message: 'This field is required' } } },
        400,
      ),
    });
    await rendered.user.click(await screen.findByRole('tab', { name: 'Passerelle d’IA' }));
    const card = within(await screen.findByRole('region', { name: 'Fournisseurs d’IA' }));
    await rendered.user.click(await card.findByRole('button', { name: 'Enregistrer' }));
    const gateway = within(card.getByRole('group', { name: 'Passerelle d’IA' }));
    const edge = within(card.getByRole('group', { name: 'IA en périphérie (Cloudflare Workers AI)' }));
    expectFieldError(await gateway.findByRole('textbox', { name: 'URL de base' }), 'Saisissez une adresse commençant par http:// ou https://');
    expectFieldError(edge.getByRole('textbox', { name: 'Modèle' }), 'Ce champ est obligatoire');
  });
});
