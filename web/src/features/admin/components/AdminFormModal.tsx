import { Alert, Button, Group, Modal, Stack, type ModalProps } from '@mantine/core';
import { useEffect, useRef, type FormEvent, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiError, isQueuedWrite, type FieldProblem } from '../../../api/errors';
import { ADMIN_NAMESPACE } from '../i18n';

/** What the dialog needs of a form made with `useForm`. */
interface FormState {
  formRef: RefObject<HTMLFormElement | null>;
  error: string | undefined;
  busy: boolean;
  /** The save was made offline and waits in the queue: the dialog closes (the indicator says so). */
  queued?: boolean;
}

interface AdminFormModalProps {
  title: string;
  form: FormState;
  onSubmit: (event: FormEvent) => Promise<void>;
  onClose: () => void;
  size?: ModalProps['size'];
  fullScreen?: boolean;
  children: ReactNode;
}

/** An admin form in a dialog: the form's error above its fields, Cancel and Save (busy while saving) below. */
export function AdminFormModal({ title, form, onSubmit, onClose, size = 'xl', fullScreen, children }: AdminFormModalProps) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { formRef, error, busy, queued } = form;
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    if (queued) close.current();
  }, [queued]);
  return (
    <Modal opened onClose={onClose} title={title} size={size} fullScreen={fullScreen} closeButtonProps={{ 'aria-label': t('common.close') }}>
      <form ref={formRef} onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="sm">
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Shows why a save failed where it belongs: the server's per-field problems (a taken id or slug
 * included) at their fields, anything else above the form. A save made offline did not fail: it waits in
 * the offline queue, and the form is marked so (its dialog closes; the network indicator says it is queued).
 */
export function showSaveError(
  form: { showServerErrors: (fields: Record<string, FieldProblem>) => void; setError: (message: string) => void; markQueued?: () => void },
  failure: unknown,
  errorText: (error: unknown) => string,
) {
  if (isQueuedWrite(failure) && form.markQueued) form.markQueued();
  else if (failure instanceof ApiError && Object.keys(failure.fields).length > 0) form.showServerErrors(failure.fields);
  else form.setError(errorText(failure));
}
