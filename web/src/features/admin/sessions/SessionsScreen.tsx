import { ActionIcon, Badge, Button, Group, Select, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { LoadFailed } from '../../../components/LoadFailed';
import { PageLoader } from '../../../components/PageLoader';
import { usePageTitle } from '../../../components/usePageTitle';
import { useAdminText } from '../adminTexts';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { DataTable, type Column } from '../components/DataTable';
import { notifySuccess } from '../components/notify';
import { ADMIN_NAMESPACE } from '../i18n';
import { formatSpan, useRevokeSessions, useSessions, type SessionInfo } from './api';

type Revoking = { session: SessionInfo } | { user: { id: string; name: string } };

/** Sessions: who is signed in, from where and since when; revoke one, or all of a user's, after confirmation. */
export function SessionsScreen() {
  const { t, i18n } = useTranslation(ADMIN_NAMESPACE);
  const { errorText } = useAdminText();
  usePageTitle('admin');
  const [userId, setUserId] = useState<string | null>(null);
  const sessions = useSessions(userId);
  const everyone = useSessions(null);
  const revoke = useRevokeSessions();
  const [revoking, setRevoking] = useState<Revoking>();

  const now = sessions.data?.now ?? 0;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const users = [...new Map((everyone.data?.sessions ?? []).map((session) => [session.userId, session.username])).entries()];

  const columns: Column<SessionInfo>[] = [
    {
      key: 'user',
      header: t('sessions.user'),
      cell: (session) => (
        <Group gap={6} wrap="nowrap">
          {session.username}
          {session.current && <Badge size="xs">{t('sessions.current')}</Badge>}
        </Group>
      ),
      sortValue: (session) => session.username,
      csv: (session) => session.username,
    },
    { key: 'ip', header: t('sessions.ip'), cell: (session) => session.ip, sortValue: (session) => session.ip, csv: (session) => session.ip },
    { key: 'browser', header: t('sessions.browser'), cell: (session) => session.browser, sortValue: (session) => session.browser, csv: (session) => session.browser },
    {
      key: 'created',
      header: t('sessions.created'),
      cell: (session) => date.format(session.createdAt),
      sortValue: (session) => session.createdAt,
      csv: (session) => new Date(session.createdAt).toISOString(),
    },
    {
      key: 'lastActivity',
      header: t('sessions.lastActivity'),
      cell: (session) => date.format(session.lastActivityAt),
      sortValue: (session) => session.lastActivityAt,
      csv: (session) => new Date(session.lastActivityAt).toISOString(),
    },
    { key: 'activeFor', header: t('sessions.activeFor'), cell: (session) => formatSpan(now - session.createdAt, i18n.language), sortValue: (session) => -session.createdAt },
    { key: 'expiresIn', header: t('sessions.expiresIn'), cell: (session) => formatSpan(session.expiresAt - now, i18n.language), sortValue: (session) => session.expiresAt },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (session) => (
        <ActionIcon variant="subtle" color="red" aria-label={t('sessions.revokeOf', { name: session.username })} onClick={() => setRevoking({ session })}>
          <IconLogout size={18} aria-hidden />
        </ActionIcon>
      ),
    },
  ];

  const chosen = users.find(([id]) => id === userId);
  const confirm = async () => {
    if (!revoking) return;
    await revoke.mutateAsync('session' in revoking ? { sessionId: revoking.session.id } : { userId: revoking.user.id });
    notifySuccess(t('sessions.revoked'));
  };

  return (
    <>
      <Title order={1} size="h2" mb="lg">
        {t('screens.sessions')}
      </Title>
      <Group mb="md" align="flex-end">
        <Select
          label={t('sessions.filterByUser')}
          placeholder={t('sessions.allUsers')}
          data={users.map(([id, name]) => ({ value: id, label: name }))}
          value={userId}
          onChange={setUserId}
          clearable
          searchable
          w={260}
        />
        {chosen && (
          <Button variant="light" color="red" onClick={() => setRevoking({ user: { id: chosen[0], name: chosen[1] } })}>
            {t('sessions.revokeAllOf', { name: chosen[1] })}
          </Button>
        )}
      </Group>
      {sessions.isPending && <PageLoader />}
      {sessions.isError && <LoadFailed title={t('sessions.loadFailed')} error={new Error(errorText(sessions.error))} onRetry={() => void sessions.refetch()} />}
      {sessions.data && (
        <DataTable
          label={t('screens.sessions')}
          rows={sessions.data.sessions}
          columns={columns}
          rowKey={(session) => session.id}
          searchText={(session) => `${session.username} ${session.ip} ${session.browser}`}
          emptyText={t('sessions.empty')}
        />
      )}
      <ConfirmDialog
        opened={revoking !== undefined}
        title={revoking && 'user' in revoking ? t('sessions.revokeAllOf', { name: revoking.user.name }) : t('sessions.revokeTitle')}
        confirmLabel={t('sessions.revoke')}
        onConfirm={confirm}
        failedText={t('sessions.revokeFailed')}
        onClose={() => setRevoking(undefined)}
      >
        {revoking && 'session' in revoking && revoking.session.current ? t('sessions.revokeOwnText') : t('sessions.revokeText')}
      </ConfirmDialog>
    </>
  );
}
