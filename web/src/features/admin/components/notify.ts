import { notifications } from '@mantine/notifications';

/** A short confirmation that something was saved, deleted or sent. */
export function notifySuccess(message: string) {
  notifications.show({ message, color: 'teal', autoClose: 4000 });
}

/** A failure that has no form or dialog to show it in (a switch in a table row, a bulk action). */
export function notifyError(message: string) {
  notifications.show({ message, color: 'red', autoClose: 8000 });
}
