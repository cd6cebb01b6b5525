import { ActionIcon, Alert, Anchor, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconEye, IconInbox, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiError } from '../../../api/errors';
import { LoadFailed } from '../../../components/LoadFailed';
import { useAdminText } from '../adminTexts';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { notifyError, notifySuccess } from '../components/notify';
import { RefreshButton } from '../components/RefreshButton';
import { PAGE_SIZES, TablePager } from '../components/TablePager';
import { NO_VALUE, useAdminFormat } from '../components/useAdminFormat';
import { ADMIN_NAMESPACE } from '../i18n';
import { NOT_CONFIGURED, useDeleteMailboxMessage, useInbox, type InboxMessage } from './api';
import { ClassificationText, VerificationBadges } from './MessageChecks';
import { MessageModal, useSubject } from './MessageModal';

const SKELETON_ROWS = 3;

/** The mailbox's messages, newest first, a page at a time: sender checks and classification, open and delete. */
export function InboxCard() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { errorText } = useAdminText();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[1]);
  const inbox = useInbox(page, pageSize);
  const deleteMessage = useDeleteMailboxMessage();
  const subject = useSubject();
  const [opened, setOpened] = useState<InboxMessage>();
  const [deleting, setDeleting] = useState<InboxMessage>();
  const title = t('mailbox.inbox.title');

  const notConfigured = inbox.error instanceof ApiError && inbox.error.code === NOT_CONFIGURED;
  const data = inbox.data;
  // A page emptied under the admin (messages deleted meanwhile) gives way to the last page there is.
  const lastPage = Math.max(1, Math.ceil((data?.total ?? 0) / pageSize));
  if (data && !inbox.isPlaceholderData && data.messages.length === 0 && page > lastPage) setPage(lastPage);

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
      {data && !inbox.isError && (
        <>
          {data.messages.length === 0 ? (
            <Text c="dimmed" ta="center" py="lg">
              {t('mailbox.inbox.empty')}
            </Text>
          ) : (
            <MessageTable messages={data.messages} busy={inbox.isPlaceholderData} label={title} onOpen={setOpened} onDelete={setDeleting} />
          )}
          <TablePager
            total={data.total}
            shown={data.messages.length}
            page={page}
            pageSize={pageSize}
            onPageChange={setPage}
            onPageSizeChange={(size) => {
              setPageSize(size);
              setPage(1);
            }}
          />
        </>
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

interface MessageTableProps {
  messages: InboxMessage[];
  /** Another page is on its way: the rows are the last page's. */
  busy: boolean;
  label: string;
  onOpen: (message: InboxMessage) => void;
  onDelete: (message: InboxMessage) => void;
}

function MessageTable({ messages, busy, label, onOpen, onDelete }: MessageTableProps) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const format = useAdminFormat();
  const subject = useSubject();
  return (
    <Table.ScrollContainer minWidth={880}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label={label} aria-busy={busy || undefined} opacity={busy ? 0.6 : 1}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('mailbox.from')}</Table.Th>
            <Table.Th>{t('mailbox.subject')}</Table.Th>
            <Table.Th>{t('mailbox.date')}</Table.Th>
            <Table.Th>{t('mailbox.size')}</Table.Th>
            <Table.Th>{t('mailbox.verification.title')}</Table.Th>
            <Table.Th>{t('mailbox.classification.title')}</Table.Th>
            <Table.Th>{t('common.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {messages.map((message) => {
            const name = subject(message.subject);
            return (
              <Table.Tr key={message.id}>
                <Table.Td maw={220}>
                  <Text size="sm" dir="auto" style={{ overflowWrap: 'anywhere' }}>
                    {message.from || NO_VALUE}
                  </Text>
                </Table.Td>
                <Table.Td maw={260}>
                  <Anchor component="button" type="button" size="sm" ta="start" dir="auto" onClick={() => onOpen(message)}>
                    {name}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {message.date === null ? NO_VALUE : format.dateTime(message.date)}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.bytes(message.size)}</Table.Td>
                <Table.Td>
                  <VerificationBadges verification={message.verification} />
                </Table.Td>
                <Table.Td>
                  <ClassificationText classification={message.classification} bouncedRecipients={message.bouncedRecipients} />
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon variant="subtle" aria-label={t('common.openItem', { name })} onClick={() => onOpen(message)}>
                      <IconEye size={18} aria-hidden />
                    </ActionIcon>
                    <ActionIcon variant="subtle" color="red" aria-label={t('common.deleteItem', { name })} onClick={() => onDelete(message)}>
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
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
