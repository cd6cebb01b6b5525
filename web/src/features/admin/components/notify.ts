import { notifications } from '@mantine/notifications';

/** A short confirmation that something was saved, deleted or sent. */
export function notifySuccess(message: string) {
  notifications.show({ message, color: 'teal', autoClose: 4000 });
}
