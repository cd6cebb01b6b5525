import { ActionIcon, Badge, Group, Text } from '@mantine/core';
import { IconTrash, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { useCurrentUser } from '../../../lib/session/session';
import type { Column } from '../components/DataTable';
import { ADMIN_NAMESPACE } from '../i18n';
import type { AdminUser } from './api';
import { AdminSwitch, RoleSelect } from './UserAccessControls';

/** The signed-in user may give roles and admin access (the server asks for the admin role). */
export function useCanGrant() {
  const me = useCurrentUser();
  return me !== undefined && (me.isAdmin || me.role === 'admin');
}

/** The users table's columns; the server sorts by the keys of those marked sortable. */
export function useUserColumns({ onDisable, onDelete }: { onDisable: (user: AdminUser) => void; onDelete: (user: AdminUser) => void }): Column<AdminUser>[] {
  const { t, i18n } = useTranslation(ADMIN_NAMESPACE);
  const me = useCurrentUser();
  const canGrant = useCanGrant();
  const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const moment = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });

  return [
    {
      key: 'username',
      header: t('users.username'),
      sortable: true,
      cell: (user) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={500}>
            {user.username}
          </Text>
          {user.id === me?.id && <Badge size="xs" variant="outline">{t('users.you')}</Badge>}
          {user.disabled && <Badge size="xs" color="gray">{t('users.disabledBadge')}</Badge>}
        </Group>
      ),
    },
    {
      key: 'email',
      header: t('users.email'),
      sortable: true,
      cell: (user) =>
        user.bouncedAt === null ? (
          user.email
        ) : (
          <Group gap={6} wrap="nowrap">
            <Text size="sm">{user.email}</Text>
            {/* Campaigns skip an address that hard-bounced; the title says since when. */}
            <Badge size="xs" color="red" variant="light" c="dark.7" title={t('users.bouncedSince', { date: day.format(user.bouncedAt) })}>
              {t('users.bouncedBadge')}
            </Badge>
          </Group>
        ),
    },
    { key: 'role', header: t('users.role'), sortable: true, cell: (user) => <RoleSelect user={user} allowed={canGrant} /> },
    { key: 'isAdmin', header: t('users.admin'), cell: (user) => <AdminSwitch user={user} allowed={canGrant && user.id !== me?.id} /> },
    {
      key: 'groups',
      header: t('users.groups'),
      cell: (user) => (
        <Group gap={4}>
          {user.groups.map((group) => (
            <Badge key={group} size="sm" variant="light" color={group === 'vip' ? 'grape' : group === 'inactive' ? 'gray' : undefined}>
              {t(`users.groupBadges.${group}`)}
            </Badge>
          ))}
        </Group>
      ),
    },
    { key: 'createdAt', header: t('users.created'), sortable: true, cell: (user) => day.format(user.createdAt) },
    { key: 'lastLoginAt', header: t('users.lastLogin'), sortable: true, cell: (user) => (user.lastLoginAt === null ? t('users.never') : moment.format(user.lastLoginAt)) },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (user) => {
        const own = user.id === me?.id;
        return (
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              color={user.disabled ? 'teal' : 'orange'}
              aria-label={t(user.disabled ? 'users.enableOf' : 'users.disableOf', { name: user.username })}
              onClick={() => onDisable(user)}
              disabled={own}
            >
              {user.disabled ? <IconUserCheck size={18} aria-hidden /> : <IconUserOff size={18} aria-hidden />}
            </ActionIcon>
            <ActionIcon variant="subtle" color="red" aria-label={t('common.deleteItem', { name: user.username })} onClick={() => onDelete(user)} disabled={own}>
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        );
      },
    },
  ];
}
