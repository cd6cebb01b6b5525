import { ActionIcon, Button, Group } from '@mantine/core';
import { IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { ADMIN_NAMESPACE } from '../i18n';

interface RowActionsProps {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  /** The row can be looked at but not changed: its button opens it ("Open") rather than edits it. */
  readOnly?: boolean;
  /** False when the row cannot be deleted as it is: the delete button is greyed out. */
  canDelete?: boolean;
  children?: ReactNode;
}

/** A table row's edit (or open) and delete buttons, named after the row for screen readers, after any of its own. */
export function RowActions({ name, onEdit, onDelete, readOnly = false, canDelete = true, children }: RowActionsProps) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const Open = readOnly ? IconEye : IconPencil;
  return (
    <Group gap={4} wrap="nowrap">
      {children}
      <ActionIcon variant="subtle" aria-label={t(readOnly ? 'common.openItem' : 'common.editItem', { name })} onClick={onEdit}>
        <Open size={18} aria-hidden />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" aria-label={t('common.deleteItem', { name })} onClick={onDelete} disabled={!canDelete}>
        <IconTrash size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

/** The bulk action that asks to delete the selected rows; the selection is cleared once asked. */
export function DeleteSelectedButton<T>({ selected, clear, onDelete }: { selected: T[]; clear: () => void; onDelete: (rows: T[]) => void }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  return (
    <Button
      size="xs"
      color="red"
      variant="light"
      onClick={() => {
        onDelete(selected);
        clear();
      }}
    >
      {t('common.deleteSelected')}
    </Button>
  );
}
