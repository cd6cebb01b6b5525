import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { isQueuedWrite } from '../../../api/errors';
import { useAdminText } from '../adminTexts';
import { ADMIN_NAMESPACE } from '../i18n';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Runs on confirmation; the dialog shows it working, closes when it succeeds and shows why when it fails. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
  danger?: boolean;
  /** Heads the reason shown when `onConfirm` fails ("Failed to revoke session"). */
  failedText?: string;
}

/** Asks before an action that cannot be undone (a delete, a send). */
export function ConfirmDialog({ opened, title, children, confirmLabel, onConfirm, onClose, danger = true, failedText }: ConfirmDialogProps) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { errorText } = useAdminText();
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
      await onConfirm();
      onClose();
    } catch (failure) {
      // Made offline, it waits in the offline queue (the network indicator says so): not a failure.
      if (isQueuedWrite(failure)) onClose();
      else setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={title} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Text component="div" mb="md">
        {children}
      </Text>
      {error && (
        <Alert color="red" role="alert" mb="md" title={failedText}>
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={close} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button color={danger ? 'red' : undefined} loading={busy} onClick={() => void confirm()}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
