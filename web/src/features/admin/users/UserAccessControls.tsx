import { NativeSelect, Switch } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ADMIN_NAMESPACE } from '../i18n';
import { USER_ROLES, type AdminUser, type UserChange, type UserRole } from './api';
import { useUserChanges } from './useUserChanges';

/** Sends one change from a table row, the control disabled until the answer comes. */
function useRowChange(user: AdminUser) {
  const { changeInRow } = useUserChanges();
  const [busy, setBusy] = useState(false);
  const send = async (update: UserChange) => {
    setBusy(true);
    await changeInRow(user, update);
    setBusy(false);
  };
  return { busy, send };
}

/** The user's role, changed on the spot. `allowed`: the signed-in user may give roles (admins only). */
export function RoleSelect({ user, allowed }: { user: AdminUser; allowed: boolean }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { busy, send } = useRowChange(user);
  return (
    <NativeSelect
      aria-label={t('users.roleOf', { name: user.username })}
      data={USER_ROLES.map((role) => ({ value: role, label: t(`users.roles.${role}`) }))}
      value={user.role}
      onChange={(event) => void send({ role: event.currentTarget.value as UserRole })}
      disabled={!allowed || busy}
      size="xs"
      w={130}
    />
  );
}

/** Whether the user has admin access, switched on the spot. */
export function AdminSwitch({ user, allowed }: { user: AdminUser; allowed: boolean }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { busy, send } = useRowChange(user);
  return (
    <Switch
      aria-label={t('users.adminOf', { name: user.username })}
      checked={user.isAdmin}
      onChange={(event) => void send({ isAdmin: event.currentTarget.checked })}
      disabled={!allowed || busy}
    />
  );
}
