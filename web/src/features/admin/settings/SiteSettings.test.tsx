import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { SiteConfig } from '../../../lib/siteConfig';
import { expectFieldError, fill, languagePanel } from '../../../test/forms';
import { sentBody, type ApiCall } from '../../../test/auth';
import { jsonResponse } from '../../../test/fetchMock';
import { renderSettingsCard } from './renderSettingsCard';

vi.setConfig({ testTimeout: 20_000 });

const blank = { he: '', en: '', ru: '', fr: '', es: '' };
const stored: SiteConfig = {
  siteName: 'Pointe',
  slogan: { ...blank, he: 'נעליים לכל רקדנית', en: 'Shoes for every dancer' },
  location: blank,
  contactEmail: 'hello@pointe.example',
  websiteUrl: 'https://pointe.example',
};
const routes = { 'GET /admin/settings/site': stored, 'PUT /admin/settings/site': (call: ApiCall) => call.body };
const renderCard = (extra: Record<string, unknown> = {}) => renderSettingsCard('Site identity', { ...routes, ...extra });

const TAB_NAMES = { he: 'עברית', en: 'English', ru: 'Русский', fr: 'Français', es: 'Español' };

/** Opens a language's tab and returns its panel. */
async function openTab(user: ReturnType<typeof userEvent.setup>, region: HTMLElement, language: keyof typeof TAB_NAMES) {
  await user.click(within(region).getByRole('tab', { name: new RegExp(TAB_NAMES[language]) }));
  return languagePanel(region, language);
}

describe('SiteSettings', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('shows the stored identity, each language in its tab', async () => {
    const { card, region, user } = await renderCard();
    expect(card.getByRole('textbox', { name: 'Site name' })).toHaveValue('Pointe');
    expect(card.getByRole('textbox', { name: 'Contact e-mail' })).toHaveValue('hello@pointe.example');
    expect(card.getByRole('textbox', { name: 'Website link' })).toHaveValue('https://pointe.example');
    expect(languagePanel(region, 'he').getByRole('textbox', { name: 'Slogan' })).toHaveValue('נעליים לכל רקדנית');
    expect((await openTab(user, region, 'en')).getByRole('textbox', { name: 'Slogan' })).toHaveValue('Shoes for every dancer');
    // No language is required here: an empty one shows the built-in text.
    expect(card.getByRole('tab', { name: 'עברית' })).not.toHaveTextContent('*');
  });

  it('checks the e-mail, the link and the lengths before sending anything', async () => {
    const { api, card, region, user } = await renderCard();
    await fill(user, card.getByRole('textbox', { name: 'Contact e-mail' }), 'hello@');
    await fill(user, card.getByRole('textbox', { name: 'Website link' }), 'pointe.example');
    await fill(user, card.getByRole('textbox', { name: 'Site name' }), 'x'.repeat(61));
    await fill(user, (await openTab(user, region, 'fr')).getByRole('textbox', { name: 'Location' }), 'x'.repeat(100));
    await user.click(card.getByRole('button', { name: 'Save' }));
    expectFieldError(card.getByRole('textbox', { name: 'Contact e-mail' }), 'Invalid email address');
    expectFieldError(card.getByRole('textbox', { name: 'Website link' }), 'Enter an address starting with http:// or https://');
    expectFieldError(card.getByRole('textbox', { name: 'Site name' }), 'Must be at most 60 characters');
    expectFieldError(languagePanel(region, 'fr').getByRole('textbox', { name: 'Location' }), 'Must be at most 99 characters');
    expect(card.getByRole('tab', { name: /Français/ })).toContainElement(card.getByLabelText('has errors'));
    expect(api.callsTo('PUT /admin/settings/site')).toEqual([]);
  });

  it('sends every field, trimmed, with all five languages', async () => {
    const { api, card, region, user } = await renderCard();
    await fill(user, card.getByRole('textbox', { name: 'Site name' }), '  Grand Jeté ');
    await fill(user, (await openTab(user, region, 'ru')).getByRole('textbox', { name: 'Location' }), 'Москва');
    await user.click(card.getByRole('button', { name: 'Save' }));
    expect(await sentBody(api, 'PUT /admin/settings/site')).toStrictEqual({
      ...stored,
      siteName: 'Grand Jeté',
      location: { ...blank, ru: 'Москва' },
    });
    expect(await screen.findByText('Site identity saved')).toBeInTheDocument();
  });

  it("shows the server's field messages at their fields", async () => {
    const { card, region, user } = await renderCard({
      'PUT /admin/settings/site': jsonResponse({ error: 'Invalid settings', fields: { 'slogan.es': { code: 'too_long', message: 'Must be at most 120 characters', values: { max: '120' } }, contactEmail: { code: 'invalid_email', message: 'Invalid email address' } } }, 400),
    });
    await user.click(card.getByRole('button', { name: 'Save' }));
    expectFieldError(await card.findByRole('textbox', { name: 'Contact e-mail' }), 'Invalid email address');
    expectFieldError((await openTab(user, region, 'es')).getByRole('textbox', { name: 'Slogan' }), 'Must be at most 120 characters');
  });
});
