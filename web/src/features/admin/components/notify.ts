import { notifications } from '@mantine/notifications';
import i18n from 'i18next';

import { ADMIN_NAMESPACE } from '../i18n';

/** A toast's close button, named for screen readers (Mantine leaves it unnamed). */
const closeButtonProps = () => ({ 'aria-label': i18n.t('common.close', { ns: ADMIN_NAMESPACE }) });

/** A short confirmation that something was saved, deleted or sent. */
export function notifySuccess(message: string) {
  notifications.show({ message, color: 'teal', autoClose: 4000, closeButtonProps: closeButtonProps() });
}

/** A failure that has no form or dialog to show it in (a switch in a table row, a bulk action). */
export function notifyError(message: string) {
  notifications.show({ message, color: 'red', autoClose: 8000, closeButtonProps: closeButtonProps() });
}
