import { screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { beforeEach, describe, expect, it } from 'vitest';

import { fill } from '../../../test/forms';
import { renderAdmin } from '../renderAdmin';
import type { ApiCall } from '../../../test/auth';
import { jsonResponse } from '../../../test/fetchMock';
import type { SocialEmbedSettings } from '../../blog';

const stored: SocialEmbedSettings = {
  youtube: { enabled: true, autoplay: false, showControls: true },
  instagram: { enabled: true, showCaptions: true, maxWidth: 540 },
  facebook: { enabled: false, showText: true },
  twitter: { enabled: true, theme: 'dark' },
};

function renderSettings(routes: Record<string, unknown> = {}) {
  return renderAdmin('/admin/settings', {
    'GET /admin/settings/social-embeds': stored,
    'PUT /admin/settings/social-embeds': (call: ApiCall) => call.body,
    ...routes,
  });
}

const card = async () => (await screen.findByRole('heading', { level: 2, name: 'Social media embeds' })).closest<HTMLElement>('.mantine-Card-root')!;
const save = () => screen.getByRole('button', { name: 'Save' });
const widthInput = () => screen.getByRole('textbox', { name: 'Maximum width' });

describe('SocialEmbedsSettings', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('shows the stored settings', async () => {
    const { api } = renderSettings();
    await card();
    expect(await screen.findByRole('switch', { name: 'YouTube' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Facebook' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Show player controls' })).toBeChecked();
    expect(screen.getByRole('switch', { name: /^Autoplay/ })).not.toBeChecked();
    expect(widthInput()).toHaveValue('540 px');
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(api.callsTo('GET /admin/settings/social-embeds')).toHaveLength(1);
  });

  it('saves YouTube turned off, leaving the rest as it was', async () => {
    const { api, user } = renderSettings();
    await user.click(await screen.findByRole('switch', { name: 'YouTube' }));
    expect(screen.getByRole('switch', { name: 'YouTube' })).not.toBeChecked();
    await user.click(save());
    await waitFor(() => expect(api.callsTo('PUT /admin/settings/social-embeds')).toHaveLength(1));
    expect(api.callsTo('PUT /admin/settings/social-embeds')[0]?.body).toStrictEqual({
      ...stored,
      youtube: { enabled: false, autoplay: false, showControls: true },
    });
    expect(await screen.findByText('Social media embed settings saved')).toBeInTheDocument();
  });

  it('refuses an Instagram width outside 320–1000 px at the field, with saving disabled', async () => {
    const { api, user } = renderSettings();
    await screen.findByRole('switch', { name: 'YouTube' });
    await fill(user, widthInput(), '5000');
    expect(widthInput()).toHaveValue('5000 px');
    expect(widthInput()).toHaveAttribute('aria-invalid', 'true');
    expect(widthInput()).toHaveAccessibleDescription('Must be between 320 and 1000');
    expect(save()).toBeDisabled();
    // Clicking the disabled button anyway (which takes the focus off the field) neither changes the
    // width behind the admin's back nor sends anything.
    await user.click(save());
    expect(widthInput()).toHaveValue('5000 px');
    expect(widthInput()).toHaveAccessibleDescription('Must be between 320 and 1000');
    await user.type(widthInput(), '{Enter}');
    expect(api.callsTo('PUT /admin/settings/social-embeds')).toEqual([]);

    await fill(user, widthInput(), '800');
    expect(widthInput()).not.toHaveAttribute('aria-invalid', 'true');
    expect(save()).toBeEnabled();
    await user.click(save());
    await waitFor(() => expect(api.callsTo('PUT /admin/settings/social-embeds')).toHaveLength(1));
    expect(api.callsTo('PUT /admin/settings/social-embeds')[0]?.body).toMatchObject({ instagram: { enabled: true, showCaptions: true, maxWidth: 800 } });
  });

  it('shows why saving failed', async () => {
    const { user } = renderSettings({ 'PUT /admin/settings/social-embeds': () => jsonResponse({ error: 'You do not have permission to do this', code: 'forbidden' }, 403) });
    const settings = await card();
    await user.click(await screen.findByRole('switch', { name: 'Facebook' }));
    await user.click(save());
    expect(await within(settings).findByRole('alert')).toHaveTextContent('You do not have permission to do this');
  });
});
