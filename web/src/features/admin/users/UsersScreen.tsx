import { Button, Group, Select, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { LoadFailed } from '../../../components/LoadFailed';
import { usePageTitle } from '../../../components/usePageTitle';
import { useAdminText } from '../adminTexts';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { DataTable } from '../components/DataTable';
import { useServerTable } from '../components/useServerTable';
import { ADMIN_NAMESPACE } from '../i18n';
import { exportUsers, GROUP_FILTERS, useUserList, type AdminUser, type UserFilters } from './api';
import { CreateUserForm } from './CreateUserForm';
import { UserBulkActions } from './UserBulkActions';
import { useUserColumns } from './userColumns';
import { useUserChanges } from './useUserChanges';

/**
 * Users: the server searches, filters by group, sorts and pages the list (there may be 100 000); add,
 * delete, disable or enable a user, change their role and admin access, VIP membership and CSV exports.
 */
export function UsersScreen() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  usePageTitle('admin');
  const { errorText } = useAdminText();
  const table = useServerTable<UserFilters>({ filters: { group: 'all' }, sort: { key: 'username', descending: false }, searchable: true });
  const list = useUserList(table.view);
  const { change, remove } = useUserChanges();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<AdminUser>();
  const [switching, setSwitching] = useState<AdminUser>();
  const columns = useUserColumns({ onDisable: setSwitching, onDelete: setDeleting });
  const { data } = list;

  const toggleDisabled = (user: AdminUser) =>
    change(user, { disabled: !user.disabled }, t(user.disabled ? 'users.enabledDone' : 'users.disabledDone', { name: user.username }));

  return (
    <>
      <Title order={1} size="h2" mb="lg">
        {t('screens.users')}
      </Title>
      <Group mb="md" align="flex-end">
        <Select
          label={t('users.groupFilter')}
          data={GROUP_FILTERS.map((group) => ({ value: group, label: t(`users.groupFilters.${group}`) }))}
          value={table.view.filters.group}
          onChange={(group) => table.setFilters({ group: group ?? 'all' })}
          allowDeselect={false}
          w={320}
        />
      </Group>
      {list.isError && (
        <LoadFailed
          title={table.view.search.trim() === '' ? t('users.loadFailed') : t('users.searchFailed')}
          error={new Error(errorText(list.error))}
          onRetry={() => void list.refetch()}
        />
      )}
      <DataTable
        label={t('screens.users')}
        rows={data?.users ?? []}
        columns={columns}
        rowKey={(user) => user.id}
        rowLabel={(user) => user.username}
        emptyText={list.isError ? '' : t('users.empty')}
        actions={
          <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            {t('users.add')}
          </Button>
        }
        bulkActions={(selected, clear) => <UserBulkActions selected={selected} clear={clear} />}
        server={table.server({ ...list, rowCount: data?.users.length ?? 0 }, () => exportUsers(table.view))}
      />
      {creating && <CreateUserForm onClose={() => setCreating(false)} />}
      <ConfirmDialog
        opened={deleting !== undefined}
        title={t('users.deleteTitle', { name: deleting?.username ?? '' })}
        confirmLabel={t('common.delete')}
        onConfirm={() => (deleting ? remove(deleting) : Promise.resolve())}
        onClose={() => setDeleting(undefined)}
      >
        {t('users.deleteText')}
      </ConfirmDialog>
      <ConfirmDialog
        opened={switching !== undefined}
        title={t(switching?.disabled ? 'users.enableTitle' : 'users.disableTitle', { name: switching?.username ?? '' })}
        confirmLabel={t(switching?.disabled ? 'users.enable' : 'users.disable')}
        danger={!switching?.disabled}
        onConfirm={() => (switching ? toggleDisabled(switching) : Promise.resolve())}
        onClose={() => setSwitching(undefined)}
      >
        {t(switching?.disabled ? 'users.enableText' : 'users.disableText')}
      </ConfirmDialog>
    </>
  );
}
