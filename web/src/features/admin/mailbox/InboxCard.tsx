import { Alert, Anchor, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiError } from '../../../api/errors';
import { LoadFailed } from '../../../components/LoadFailed';
import { useAdminText } from '../adminTexts';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { DataTable, PAGE_SIZES, type Column } from '../components/DataTable';
import { notifyError, notifySuccess } from '../components/notify';
import { RefreshButton } from '../components/RefreshButton';
import { RowActions } from '../components/RowActions';
import { NO_VALUE, useAdminFormat } from '../components/useAdminFormat';
import { useServerTable } from '../components/useServerTable';
import { ADMIN_NAMESPACE } from '../i18n';
import { NOT_CONFIGURED, useDeleteMailboxMessage, useInbox, type InboxMessage } from './api';
import { ClassificationText, VerificationBadges } from './MessageChecks';
import { MessageModal, useSubject } from './MessageModal';

const SKELETON_ROWS = 3;
const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** The mailbox's messages, newest first, a page at a time: sender checks and classification, open and delete. */
export function InboxCard() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { errorText } = useAdminText();
  const format = useAdminFormat();
  const subject = useSubject();
  // The mailbox pages on the server; nothing to filter, search or export.
  const table = useServerTable({ filters: {}, pageSize: PAGE_SIZES[1] });
  const inbox = useInbox(table.view.page, table.view.pageSize);
  const deleteMessage = useDeleteMailboxMessage();
  const [opened, setOpened] = useState<InboxMessage>();
  const [deleting, setDeleting] = useState<InboxMessage>();
  const title = t('mailbox.inbox.title');
  const notConfigured = inbox.error instanceof ApiError && inbox.error.code === NOT_CONFIGURED;

  const columns: Column<InboxMessage>[] = [
    {
      key: 'from',
      header: t('mailbox.from'),
      cell: (message) => (
        <Text size="sm" dir="auto" maw={220} style={{ overflowWrap: 'anywhere' }}>
          {message.from || NO_VALUE}
        </Text>
      ),
    },
    {
      key: 'subject',
      header: t('mailbox.subject'),
      cell: (message) => (
        <Anchor component="button" type="button" size="sm" ta="start" dir="auto" maw={260} onClick={() => setOpened(message)}>
          {subject(message.subject)}
        </Anchor>
      ),
    },
    {
      key: 'date',
      header: t('mailbox.date'),
      cell: (message) => (
        <Text size="sm" style={NOWRAP}>
          {message.date === null ? NO_VALUE : format.dateTime(message.date)}
        </Text>
      ),
    },
    {
      key: 'size',
      header: t('mailbox.size'),
      cell: (message) => (
        <Text size="sm" style={NOWRAP}>
          {format.bytes(message.size)}
        </Text>
      ),
    },
    { key: 'verification', header: t('mailbox.verification.title'), cell: (message) => <VerificationBadges verification={message.verification} /> },
    {
      key: 'classification',
      header: t('mailbox.classification.title'),
      cell: (message) => <ClassificationText classification={message.classification} bouncedRecipients={message.bouncedRecipients} />,
    },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (message) => <RowActions name={subject(message.subject)} readOnly onEdit={() => setOpened(message)} onDelete={() => setDeleting(message)} />,
    },
  ];

  return (
    <Card withBorder radius="md" component="section" aria-label={title}>
      <Group justify="space-between" align="flex-start" mb="xs">
        <Title order={2} size="h3">
          {title}
        </Title>
        <RefreshButton onRefresh={() => void inbox.refetch()} refreshing={inbox.isFetching} />
      </Group>
      <Text c="dimmed" size="sm" mb="md">
        {t('mailbox.inbox.intro')}
      </Text>
      {inbox.isPending && <InboxSkeleton />}
      {notConfigured && (
        // A state to act on, not an error: said politely (Mantine's Alert would say it as an alert).
        <Alert color="blue" role="status" icon={<IconInbox size={18} aria-hidden />} title={t('mailbox.inbox.notConfiguredTitle')}>
          {t('mailbox.inbox.notConfigured')}
        </Alert>
      )}
      {inbox.isError && !notConfigured && (
        <LoadFailed title={t('mailbox.inbox.fetchFailed')} error={new Error(errorText(inbox.error))} onRetry={() => void inbox.refetch()} />
      )}
      {inbox.data && !inbox.isError && (
        <DataTable
          label={title}
          rows={inbox.data.messages}
          columns={columns}
          rowKey={(message) => message.id}
          emptyText={t('mailbox.inbox.empty')}
          minWidth={880}
          server={table.server({ ...inbox, rowCount: inbox.data.messages.length })}
        />
      )}
      <MessageModal message={opened} onClose={() => setOpened(undefined)} />
      <ConfirmDialog
        opened={deleting !== undefined}
        title={t('mailbox.deleteTitle')}
        confirmLabel={t('common.delete')}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await deleteMessage.mutateAsync(deleting.id);
            notifySuccess(t('mailbox.deleted', { subject: subject(deleting.subject) }));
          } catch (failure) {
            // Said in a toast: the dialog closes, and the list (read again) shows what is left.
            notifyError(t('mailbox.deleteFailed', { reason: errorText(failure) }));
          }
        }}
        onClose={() => setDeleting(undefined)}
      >
        {deleting && t('mailbox.deleteText', { subject: subject(deleting.subject), from: deleting.from })}
      </ConfirmDialog>
    </Card>
  );
}

/** Where the first page's rows will be, while the mailbox is read (a POP3 session may take seconds). */
function InboxSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" role="status" aria-label={t('common.loading')}>
      {Array.from({ length: SKELETON_ROWS }, (_, index) => (
        <Skeleton key={index} height={36} radius="sm" />
      ))}
    </Stack>
  );
}
