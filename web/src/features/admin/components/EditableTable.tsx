import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { ADMIN_NAMESPACE } from '../i18n';
import { ConfirmDialog } from './ConfirmDialog';
import { DataTable, type Column } from './DataTable';
import { DeleteSelectedButton, RowActions } from './RowActions';

/** How rows are deleted: the confirmation's title and text, and the deletion itself. */
export interface RowDeletion<T> {
  title: (rows: T[]) => string;
  text: (rows: T[]) => ReactNode;
  /** Deletes the rows (and says it did); a failure shows in the dialog. */
  confirm: (rows: T[]) => Promise<void>;
  /** Heads the reason a deletion failed ("Failed to delete template"). */
  failedText?: string;
  /** Several rows may be selected and deleted at once. */
  bulk?: boolean;
  /** The dialog closed, done or not (e.g. to reset choices made in it). */
  onClose?: () => void;
}

interface EditableTableProps<T> {
  /** Names the table for screen readers and the export's file. */
  label: string;
  rows: readonly T[];
  /** The columns before the row's edit and delete buttons. */
  columns: readonly Column<T>[];
  rowKey: (row: T) => string;
  /** Names a row on its buttons and in a single deletion's title. */
  rowName: (row: T) => string;
  searchText: (row: T) => string;
  emptyText: string;
  addLabel: string;
  addDisabled?: boolean;
  /** The add (row undefined) or edit form, in its dialog. */
  editor: (row: T | undefined, close: () => void) => ReactNode;
  deletion: RowDeletion<T>;
  /** A row's own buttons, before its edit and delete buttons. */
  rowActions?: (row: T) => ReactNode;
}

/**
 * The admin's list of things with add, edit and delete (brands, products, posts, categories…): the
 * table with an "Add" button and each row's edit and delete buttons, the form, and the confirmation.
 */
export function EditableTable<T>({ columns, rowName, addLabel, addDisabled, editor, deletion, rowActions, ...table }: EditableTableProps<T>) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const [editing, setEditing] = useState<{ row?: T }>();
  const [deleting, setDeleting] = useState<T[]>();

  const actions: Column<T> = {
    key: 'actions',
    header: t('common.actions'),
    cell: (row) => (
      <RowActions name={rowName(row)} onEdit={() => setEditing({ row })} onDelete={() => setDeleting([row])}>
        {rowActions?.(row)}
      </RowActions>
    ),
  };
  return (
    <>
      <DataTable
        {...table}
        columns={[...columns, actions]}
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({})} disabled={addDisabled}>
            {addLabel}
          </Button>
        }
        bulkActions={deletion.bulk ? (selected, clear) => <DeleteSelectedButton selected={selected} clear={clear} onDelete={setDeleting} /> : undefined}
      />
      {editing && editor(editing.row, () => setEditing(undefined))}
      <ConfirmDialog
        opened={deleting !== undefined}
        title={deleting ? deletion.title(deleting) : ''}
        confirmLabel={t('common.delete')}
        onConfirm={() => deletion.confirm(deleting ?? [])}
        failedText={deletion.failedText}
        onClose={() => {
          setDeleting(undefined);
          deletion.onClose?.();
        }}
      >
        {deleting && deletion.text(deleting)}
      </ConfirmDialog>
    </>
  );
}
