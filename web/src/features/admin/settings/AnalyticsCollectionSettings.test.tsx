import { screen } from '@testing-library/react';
import i18n from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { expectFieldError, fill } from '../../../test/forms';
import { sentBody, type ApiCall } from '../../../test/auth';
import { renderSettingsCard } from './renderSettingsCard';

vi.setConfig({ testTimeout: 20_000 });

const renderCard = () =>
  renderSettingsCard('Visitor statistics', {
    'GET /admin/settings/analytics-collection': { retentionDays: 400, recordSearchTerms: true },
    'PUT /admin/settings/analytics-collection': (call: ApiCall) => call.body,
  });

describe('AnalyticsCollectionSettings', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('shows what is kept and saves a shorter retention without search words', async () => {
    const { api, card, user } = await renderCard();
    const days = card.getByRole('textbox', { name: 'Keep page views and events for (days)' });
    expect(days).toHaveValue('400');
    const words = card.getByRole('switch', { name: /Keep the words of searches/ });
    expect(words).toBeChecked();
    await fill(user, days, '90');
    await user.click(words);
    await user.click(card.getByRole('button', { name: 'Save' }));
    expect(await sentBody(api, 'PUT /admin/settings/analytics-collection')).toStrictEqual({ retentionDays: 90, recordSearchTerms: false });
    expect(await screen.findByText('Visitor statistics settings saved')).toBeInTheDocument();
  });

  it('keeps raw data between 30 and 3650 days', async () => {
    const { api, card, user } = await renderCard();
    const days = card.getByRole('textbox', { name: 'Keep page views and events for (days)' });
    await fill(user, days, '10');
    await user.click(card.getByRole('button', { name: 'Save' }));
    expectFieldError(days, 'Must be between 30 and 3650');
    expect(api.callsTo('PUT /admin/settings/analytics-collection')).toEqual([]);
  });
});
