import { Alert, Badge, Button, Group, Modal, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { LoadFailed } from '../../components/LoadFailed';
import { PageLoader } from '../../components/PageLoader';
import { formatAgo } from '../../components/timeSpan';
import { useMessageText } from '../../i18n/useMessageText';
import { FormAlert } from '../../components/AuthCard';
import { AccountSection } from './AccountSection';
import { endOtherSessions, useOwnSessions, useRefreshOwnSessions } from './api';

/** Where the member is signed in, this device marked, and a way to sign out everywhere else (after confirmation). */
export function SessionsSection() {
  const { t, i18n } = useTranslation();
  const sessions = useOwnSessions();
  const refresh = useRefreshOwnSessions();
  const [confirming, setConfirming] = useState(false);
  const [ended, setEnded] = useState<number>();

  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const others = sessions.data?.sessions.filter((session) => !session.current).length ?? 0;

  return (
    <AccountSection title={t('account.sessions.title')} intro={t('account.sessions.intro')}>
      {sessions.isPending && <PageLoader />}
      {sessions.isError && <LoadFailed error={sessions.error} onRetry={() => void sessions.refetch()} />}
      {sessions.data && (
        <Table.ScrollContainer minWidth={560}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('account.sessions.browser')}</Table.Th>
                <Table.Th>{t('account.sessions.ip')}</Table.Th>
                <Table.Th>{t('account.sessions.created')}</Table.Th>
                <Table.Th>{t('account.sessions.lastActivity')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sessions.data.sessions.map((session) => (
                <Table.Tr key={session.id}>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      {session.browser}
                      {session.current && <Badge size="xs">{t('account.sessions.thisDevice')}</Badge>}
                    </Group>
                  </Table.Td>
                  <Table.Td dir="ltr">{session.ip}</Table.Td>
                  <Table.Td>{date.format(session.createdAt)}</Table.Td>
                  <Table.Td>{formatAgo(sessions.data.now - session.lastActivityAt, i18n.language)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {ended !== undefined && <FormAlert kind="success">{t('account.sessions.ended', { count: ended })}</FormAlert>}
      {sessions.data && others === 0 && ended === undefined && <Text size="sm">{t('account.sessions.noOthers')}</Text>}
      <Group justify="flex-end">
        <Button variant="light" color="red" disabled={others === 0} onClick={() => setConfirming(true)}>
          {t('account.sessions.logOutOthers')}
        </Button>
      </Group>
      <ConfirmLogOut
        opened={confirming}
        onClose={() => setConfirming(false)}
        onDone={(revoked) => {
          setEnded(revoked);
          void refresh();
        }}
      />
    </AccountSection>
  );
}

function ConfirmLogOut({ opened, onClose, onDone }: { opened: boolean; onClose: () => void; onDone: (revoked: number) => void }) {
  const { t } = useTranslation();
  const { errorText } = useMessageText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const close = () => {
    if (busy) return;
    setError(undefined);
    onClose();
  };
  const confirm = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const { revoked } = await endOtherSessions();
      onDone(revoked);
      onClose();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={close} title={t('account.sessions.confirmTitle')} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Text mb="md">{t('account.sessions.confirmText')}</Text>
      {error && (
        <Alert color="red" role="alert" mb="md">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={close} disabled={busy}>
          {t('account.sessions.cancel')}
        </Button>
        <Button color="red" loading={busy} onClick={() => void confirm()}>
          {t('account.sessions.logOutOthers')}
        </Button>
      </Group>
    </Modal>
  );
}
