import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from '../../../api/errors';
import { localeText } from '../../../test/locales';
import { renderWithProviders } from '../../../test/render';
import { ConfirmDialog } from './ConfirmDialog';

/** A promise the test settles when it wants. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** The dialog as a screen uses it: open until it calls `onClose`. */
function renderDialog(onConfirm: () => Promise<void>) {
  const onClose = vi.fn();
  function Host() {
    const [opened, setOpened] = useState(true);
    return (
      <ConfirmDialog
        opened={opened}
        title="Delete Bloch?"
        confirmLabel="Delete"
        onConfirm={onConfirm}
        onClose={() => {
          onClose();
          setOpened(false);
        }}
      >
        The brand disappears from the site at once.
      </ConfirmDialog>
    );
  }
  const user = userEvent.setup();
  renderWithProviders(<Host />);
  return { user, onClose };
}

const dialog = () => screen.getByRole('dialog', { name: 'Delete Bloch?' });
const confirmButton = () => within(dialog()).getByRole('button', { name: 'Delete' });
const cancelButton = () => within(dialog()).getByRole('button', { name: 'Cancel' });

describe('ConfirmDialog', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('shows the action working, then closes when it succeeds', async () => {
    const action = deferred();
    const onConfirm = vi.fn(() => action.promise);
    const { user, onClose } = renderDialog(onConfirm);
    expect(dialog()).toHaveTextContent('The brand disappears from the site at once.');

    await user.click(confirmButton());
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(confirmButton()).toHaveAttribute('data-loading', 'true');
    expect(cancelButton()).toBeDisabled();
    expect(onClose).not.toHaveBeenCalled();

    action.resolve();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('stays open and shows why when the action fails, in the admin’s words for a known server text', async () => {
    const onConfirm = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new ApiError('This brand still has products: delete them with it or move them to another brand', 409))
      .mockResolvedValueOnce(undefined);
    const { user, onClose } = renderDialog(onConfirm);

    await user.click(confirmButton());
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('This brand still has products: delete them with it or move them to another brand');
    expect(onClose).not.toHaveBeenCalled();
    expect(confirmButton()).not.toHaveAttribute('data-loading');
    expect(cancelButton()).toBeEnabled();

    // Trying again clears the error and, this time, closes.
    await user.click(confirmButton());
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onConfirm).toHaveBeenCalledTimes(2);
  });

  it('shows a rate-limit answer with its wait, and any other failure’s text', async () => {
    const onConfirm = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new ApiError('Too many requests', 429, { retryAfter: 42 }))
      .mockRejectedValueOnce(new Error('Choose the brand that gets the products'));
    const { user } = renderDialog(onConfirm);

    await user.click(confirmButton());
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(localeText('en', 'messages.rateLimited', { seconds: 42 }));
    await user.click(confirmButton());
    await waitFor(() => expect(within(dialog()).getByRole('alert')).toHaveTextContent('Choose the brand that gets the products'));
  });

  it('closes on Cancel without running the action', async () => {
    const onConfirm = vi.fn(() => Promise.resolve());
    const { user, onClose } = renderDialog(onConfirm);
    await user.click(cancelButton());
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
