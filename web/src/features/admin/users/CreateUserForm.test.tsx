import { screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { dialogNamed, expectFieldError, fill } from '../../../test/forms';
import { renderAdmin } from '../renderAdmin';
import type { ApiCall, Route } from '../../../test/auth';
import { jsonResponse } from '../../../test/fetchMock';
import { listed, userPage, userRecord } from './fixtures';

vi.setConfig({ testTimeout: 20_000 });

async function openForm(routes: Record<string, Route> = {}) {
  const rendered = renderAdmin('/admin/users', { 'GET /users/list': userPage(listed), ...routes });
  await screen.findByText('odette');
  await rendered.user.click(screen.getByRole('button', { name: 'Add user' }));
  const dialog = dialogNamed('Add user');
  const field = (label: RegExp) => within(dialog).getByLabelText(label);
  return { ...rendered, dialog, field };
}

const PASSWORD = 'Grand-jeté 2026';

describe('Adding a user', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('checks the sign-up rules before sending', async () => {
    const { api, user, dialog, field } = await openForm();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expectFieldError(field(/^Username/), 'Username is required');
    expectFieldError(field(/^Email/), 'Invalid email address');
    expectFieldError(field(/^Password/), 'Password must be at least 8 characters long');
    await waitFor(() => expect(field(/^Username/)).toHaveFocus());

    await fill(user, field(/^Username/), '1abc');
    expectFieldError(field(/^Username/), 'Username must start with a letter');
    await fill(user, field(/^Password/), 'longenough');
    expectFieldError(field(/^Password/), 'Password must contain at least one special character (@!#$%^&*()-+)');
    await fill(user, field(/^Password/), PASSWORD);
    await fill(user, field(/^Confirm password/), 'Grand-jeté 2027');
    expectFieldError(field(/^Confirm password/), 'Passwords do not match');
    await fill(user, field(/^Phone/), 'call me');
    expectFieldError(field(/^Phone/), 'Invalid phone number format');
    expect(api.callsTo('POST /users/create')).toEqual([]);
  });

  it('shows "Username already exists" at the username field and keeps the dialog open', async () => {
    const taken = () => jsonResponse({ error: 'Username already exists', fields: { username: { code: 'username_taken', message: 'Username already exists' } } }, 409);
    const { api, user, dialog, field } = await openForm({ 'POST /users/create': taken });
    await fill(user, field(/^Username/), 'odette');
    await fill(user, field(/^Email/), 'odette2@example.org');
    await fill(user, field(/^Password/), PASSWORD);
    await fill(user, field(/^Confirm password/), PASSWORD);
    await fill(user, field(/^Phone/), '+972 3 555 0100');
    await user.click(within(dialog).getByRole('checkbox', { name: 'VIP customer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expectFieldError(field(/^Username/), 'Username already exists'));
    expect(api.callsTo('POST /users/create').map((call) => call.body)).toStrictEqual([
      { username: 'odette', email: 'odette2@example.org', password: PASSWORD, confirmPassword: PASSWORD, phone: '+972 3 555 0100', role: 'user', isAdmin: false, vip: true },
    ]);
    expect(dialogNamed('Add user')).toBeInTheDocument();
  });

  it('adds an administrator: admin access and the admin role go together', async () => {
    const { api, user, dialog, field } = await openForm({
      'POST /users/create': (call: ApiCall) => jsonResponse(userRecord('u-20', (call.body as { username: string }).username, { role: 'admin', isAdmin: true }), 201),
    });
    await fill(user, field(/^Username/), 'coppelia');
    await fill(user, field(/^Email/), 'coppelia@example.org');
    await fill(user, field(/^Password/), PASSWORD);
    await fill(user, field(/^Confirm password/), PASSWORD);
    await user.click(within(dialog).getByRole('checkbox', { name: /^Administrator/ }));
    expect(within(dialog).getByRole('combobox', { name: 'Role' })).toHaveValue('Administrator');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo('POST /users/create')).toHaveLength(1));
    expect(api.callsTo('POST /users/create')[0]?.body).toMatchObject({ username: 'coppelia', role: 'admin', isAdmin: true, vip: false });
    expect(await screen.findByText('User coppelia added')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add user' })).toBeNull());
    await waitFor(() => expect(api.callsTo('GET /users/list')).toHaveLength(2));
  });

  it('says why creating failed when it is not a field’s fault', async () => {
    const { user, dialog, field } = await openForm({ 'POST /users/create': () => jsonResponse({ error: 'You do not have permission to do this', code: 'forbidden' }, 403) });
    await fill(user, field(/^Username/), 'coppelia');
    await fill(user, field(/^Email/), 'coppelia@example.org');
    await fill(user, field(/^Password/), PASSWORD);
    await fill(user, field(/^Confirm password/), PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to create the user: You do not have permission to do this');
  });
});
