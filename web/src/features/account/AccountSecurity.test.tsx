import { screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { beforeEach, describe, expect, it } from 'vitest';

import { expectFieldError, fill } from '../../test/forms';
import { jsonResponse } from '../../test/fetchMock';
import { NOW, ownSession, renderAccount } from './renderAccount';

const section = async (name: string) => within(await screen.findByRole('region', { name }));
const current = () => screen.getByLabelText(/^Current password/);
const fresh = () => screen.getByLabelText(/^New password/);
const confirmation = () => screen.getByLabelText(/^Confirm password/);

async function changePassword(user: ReturnType<typeof renderAccount>['user'], from: string, to: string, confirm = to) {
  await fill(user, current(), from);
  await fill(user, fresh(), to);
  await fill(user, confirmation(), confirm);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('AccountPage: password', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('checks the new password with the sign-up rules before sending', async () => {
    const { api, user } = renderAccount();
    await section('Change password');
    await changePassword(user, 'Old-pass 1', 'short', 'other');
    expectFieldError(fresh(), 'Password must be at least 8 characters long');
    expectFieldError(confirmation(), 'Passwords do not match');
    expect(api.callsTo('POST /account/password')).toEqual([]);
  });

  it('shows a wrong current password at its field, translated', async () => {
    await i18n.changeLanguage('es');
    const { user } = renderAccount({
      'POST /account/password': jsonResponse({ error: 'Invalid fields', fields: { currentPassword: { code: 'current_password_wrong', message: 'Current password is incorrect' } } }, 400),
    });
    await section('Cambiar la contraseña');
    await fill(user, screen.getByLabelText(/^Contraseña actual/), 'Wrong-pass 1');
    await fill(user, screen.getByLabelText(/^Nueva contraseña/), 'Grand-jeté 2030');
    await fill(user, screen.getByLabelText(/^Confirmar contraseña/), 'Grand-jeté 2030');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    await waitFor(() => expectFieldError(screen.getByLabelText(/^Contraseña actual/), 'La contraseña actual no es correcta'));
  });

  it('changes it, says the other devices were signed out, empties the form and refreshes the sessions', async () => {
    const { api, user } = renderAccount({ 'POST /account/password': { otherSessionsEnded: 2 } });
    const password = await section('Change password');
    await changePassword(user, 'Old-pass 1', 'Grand-jeté 2030');
    expect(await password.findByRole('status')).toHaveTextContent('Your password has been changed, and 2 other devices were signed out.');
    expect(api.callsTo('POST /account/password')[0]?.body).toEqual({ currentPassword: 'Old-pass 1', newPassword: 'Grand-jeté 2030', confirmPassword: 'Grand-jeté 2030' });
    expect(current()).toHaveValue('');
    expect(fresh()).toHaveValue('');
    await waitFor(() => expect(api.callsTo('GET /account/sessions')).toHaveLength(2));
  });
});

describe('AccountPage: sessions', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('lists where the member is signed in, marking this device', async () => {
    renderAccount();
    const sessions = await section('My sessions');
    const rows = (await sessions.findAllByRole('row')).slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['Firefox 150 (Linux)This device', '203.0.113.7', expect.stringContaining('2030'), 'this minute'],
      ['Safari 19 (iOS)', '198.51.100.4', expect.stringContaining('2030'), '1 hour ago'],
    ]);
  });

  it('logs out the other sessions after confirmation', async () => {
    const { api, user } = renderAccount({ 'DELETE /account/sessions/others': { revoked: 1 } });
    const sessions = await section('My sessions');
    await user.click(await sessions.findByRole('button', { name: 'Log out other sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log out your other sessions?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('DELETE /account/sessions/others')).toEqual([]);

    api.set('GET /account/sessions', { now: NOW, sessions: [ownSession('s-1', true, 0)] });
    await user.click(sessions.getByRole('button', { name: 'Log out other sessions' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Log out other sessions' }));
    expect(await sessions.findByRole('status')).toHaveTextContent('1 other device was signed out.');
    expect(api.callsTo('DELETE /account/sessions/others')).toHaveLength(1);
    await waitFor(() => expect(sessions.getAllByRole('row')).toHaveLength(2));
    expect(sessions.getByRole('button', { name: 'Log out other sessions' })).toBeDisabled();
  });
});
