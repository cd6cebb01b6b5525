import { screen } from '@testing-library/react';
import i18n from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { expectFieldError, fill } from '../../../test/forms';
import { sentBody, type ApiCall } from '../../../test/auth';
import { jsonResponse } from '../../../test/fetchMock';
import { renderSettingsCard } from './renderSettingsCard';

vi.setConfig({ testTimeout: 20_000 });

const renderCard = (routes: Record<string, unknown> = {}) =>
  renderSettingsCard('Audit log retention', {
    'GET /admin/settings/audit': { retentionDays: 365 },
    'PUT /admin/settings/audit': (call: ApiCall) => call.body,
    ...routes,
  });
const days = (card: Awaited<ReturnType<typeof renderCard>>['card']) => card.getByRole('textbox', { name: 'Keep entries for (days)' });

describe('AuditRetentionSettings', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('shows the stored days and saves a new number', async () => {
    const { api, card, user } = await renderCard();
    expect(days(card)).toHaveValue('365');
    await fill(user, days(card), '90');
    await user.click(card.getByRole('button', { name: 'Save' }));
    expect(await sentBody(api, 'PUT /admin/settings/audit')).toStrictEqual({ retentionDays: 90 });
    expect(await screen.findByText('Audit log retention saved')).toBeInTheDocument();
  });

  it('keeps it between 7 and 3650 days', async () => {
    const { api, card, user } = await renderCard();
    await fill(user, days(card), '6');
    await user.click(card.getByRole('button', { name: 'Save' }));
    expectFieldError(days(card), 'Must be between 7 and 3650');
    await user.clear(days(card));
    expectFieldError(days(card), 'Must be between 7 and 3650');
    expect(api.callsTo('PUT /admin/settings/audit')).toEqual([]);
  });

  it("shows the server's field message, and other failures above Save", async () => {
    const { api, card, user } = await renderCard({
      'PUT /admin/settings/audit': jsonResponse({ error: 'Invalid settings', fields: { retentionDays: { code: 'out_of_range', message: 'Must be between 7 and 3650', values: { min: '7', max: '3650' } } } }, 400),
    });
    await user.click(card.getByRole('button', { name: 'Save' }));
    expectFieldError(await card.findByRole('textbox', { name: 'Keep entries for (days)' }), 'Must be between 7 and 3650');

    api.set('PUT /admin/settings/audit', jsonResponse({ error: 'You do not have permission to do this', code: 'forbidden' }, 403));
    await user.click(card.getByRole('button', { name: 'Save' }));
    expect(await card.findByRole('alert')).toHaveTextContent('You do not have permission to do this');
  });
});
