import { Alert, Box, Code, Modal, Stack, Text } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { LoadFailed } from '../../../components/LoadFailed';
import { PageLoader } from '../../../components/PageLoader';
import { useAdminText } from '../adminTexts';
import { Facts } from '../components/Facts';
import { NO_VALUE, useAdminFormat } from '../components/useAdminFormat';
import { ADMIN_NAMESPACE } from '../i18n';
import { useMailboxMessage, type InboxMessage, type OpenedMessage } from './api';
import { messageDocument } from './messageFrame';
import { ClassificationText, OwnDkimChecks, VerificationBadges } from './MessageChecks';

/** A message's subject, or a stand-in for one without. */
export function useSubject() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  return (subject: string) => (subject.trim() === '' ? t('mailbox.noSubject') : subject);
}

/**
 * The message opened from the inbox (`message`, its row), read whole from the mailbox: who sent it to whom
 * and when, its checks and classification, and its body, the HTML in a sandboxed frame.
 */
export function MessageModal({ message, onClose }: { message: InboxMessage | undefined; onClose: () => void }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { errorText } = useAdminText();
  const subject = useSubject();
  const opened = useMailboxMessage(message?.id);
  return (
    <Modal opened={message !== undefined} onClose={onClose} title={message ? subject(message.subject) : ''} size="xl" closeButtonProps={{ 'aria-label': t('common.close') }}>
      {opened.isPending && <PageLoader />}
      {opened.isError && <LoadFailed title={t('mailbox.openFailed')} error={new Error(errorText(opened.error))} onRetry={() => void opened.refetch()} />}
      {opened.data && <Opened message={opened.data} />}
    </Modal>
  );
}

function Opened({ message }: { message: OpenedMessage }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const format = useAdminFormat();
  const subject = useSubject();
  const { verification } = message;
  return (
    <Stack gap="sm">
      <Facts
        label={t('mailbox.details')}
        facts={[
          [t('mailbox.from'), <Text key="from" size="sm" dir="auto" style={{ overflowWrap: 'anywhere' }}>{message.from}</Text>],
          [t('mailbox.to'), <Text key="to" size="sm" dir="auto" style={{ overflowWrap: 'anywhere' }}>{message.to || NO_VALUE}</Text>],
          [t('mailbox.date'), message.date === null ? NO_VALUE : format.dateTime(message.date)],
          [
            t('mailbox.verification.title'),
            <Stack key="verification" gap={4}>
              <VerificationBadges verification={verification} />
              <Text size="xs" c="dimmed">
                {verification.reportedBy ? t('mailbox.verification.reportedBy', { server: verification.reportedBy }) : t('mailbox.verification.noReport')}
              </Text>
            </Stack>,
          ],
          [t('mailbox.ownDkim.title'), <OwnDkimChecks key="dkim" checks={message.dkim} />],
          [t('mailbox.classification.title'), <ClassificationText key="classification" classification={message.classification} bouncedRecipients={null} />],
        ]}
      />
      {message.blockedImages > 0 && (
        <Alert color="blue" p="xs" icon={<IconPhotoOff size={18} aria-hidden />}>
          {t('mailbox.blockedImages', { count: message.blockedImages })}
        </Alert>
      )}
      {message.html !== null ? (
        // No scripts, no forms, an origin of its own, nothing loaded from elsewhere: the message cannot reach the admin's session.
        <iframe
          title={t('mailbox.bodyFrame', { subject: subject(message.subject) })}
          sandbox=""
          srcDoc={messageDocument(message.html)}
          style={{ display: 'block', width: '100%', height: 420, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8, background: '#fff' }}
        />
      ) : message.text !== null ? (
        <Box component="section" aria-label={t('mailbox.body')}>
          {/* Focusable: a long message scrolls, and a keyboard must reach it. */}
          <Code block dir="auto" tabIndex={0} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 420, overflowY: 'auto' }}>
            {message.text}
          </Code>
        </Box>
      ) : (
        <Text c="dimmed">{t('mailbox.noBody')}</Text>
      )}
    </Stack>
  );
}
