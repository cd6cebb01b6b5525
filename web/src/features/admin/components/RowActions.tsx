import { ActionIcon, Button, Group } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { ADMIN_NAMESPACE } from '../i18n';

/** A table row's edit and delete buttons, named after the row for screen readers, after any of its own. */
export function RowActions({ name, onEdit, onDelete, children }: { name: string; onEdit: () => void; onDelete: () => void; children?: ReactNode }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  return (
    <Group gap={4} wrap="nowrap">
      {children}
      <ActionIcon variant="subtle" aria-label={t('common.editItem', { name })} onClick={onEdit}>
        <IconPencil size={18} aria-hidden />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" aria-label={t('common.deleteItem', { name })} onClick={onDelete}>
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
