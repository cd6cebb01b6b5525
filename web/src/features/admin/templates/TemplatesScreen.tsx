import { ActionIcon, Badge } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import type { Column } from '../components/DataTable';
import { EditableTable } from '../components/EditableTable';
import { ListScreen } from '../components/ListScreen';
import { notifyError, notifySuccess } from '../components/notify';
import { useAdminText } from '../adminTexts';
import { ADMIN_NAMESPACE } from '../i18n';
import { useDeleteTemplates, useDuplicateTemplate, useTemplates, type TemplateRecord } from './api';
import { TemplateEditor } from './TemplateEditor';

/** "Copy of X", or "Copy of X (2)" and on while a template has that name (names are unique whatever their case). */
export function copyName(base: string, taken: readonly string[]): string {
  const names = new Set(taken.map((name) => name.toLocaleLowerCase()));
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? base : `${base} (${n})`;
    if (!names.has(candidate.toLocaleLowerCase())) return candidate;
  }
}

/** E-mail templates: the list, the editor, duplicate and delete. */
export function TemplatesScreen() {
  const { t, i18n } = useTranslation(ADMIN_NAMESPACE);
  const { errorText } = useAdminText();
  const templates = useTemplates();
  const duplicate = useDuplicateTemplate();
  const deleteTemplates = useDeleteTemplates();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const languages = (template: TemplateRecord) => Object.keys(template.translations).join(', ');

  const columns: Column<TemplateRecord>[] = [
    { key: 'name', header: t('templates.name'), cell: (template) => template.name, sortValue: (template) => template.name, csv: (template) => template.name },
    {
      key: 'category',
      header: t('templates.category'),
      cell: (template) => (
        <>
          <Badge variant="outline">{t(`templates.categories.${template.category}`)}</Badge>
          {template.sendsWelcome && (
            <Badge variant="outline" color="teal" ms={4}>
              {t('templates.sentToNewMembers')}
            </Badge>
          )}
        </>
      ),
      sortValue: (template) => template.category,
      csv: (template) => template.category,
    },
    { key: 'languages', header: t('form.languagesColumn'), cell: languages, csv: languages },
    {
      key: 'updated',
      header: t('templates.updatedAt'),
      cell: (template) => date.format(template.updatedAt),
      sortValue: (template) => template.updatedAt,
      csv: (template) => new Date(template.updatedAt).toISOString(),
    },
  ];

  const copy = async (template: TemplateRecord, all: readonly TemplateRecord[]) => {
    const name = copyName(t('templates.copyOf', { name: template.name }), all.map((other) => other.name));
    try {
      await duplicate.mutateAsync({ id: template.id, name });
      notifySuccess(t('templates.duplicated', { name }));
    } catch (failure) {
      notifyError(`${t('templates.duplicateFailed')} ${errorText(failure)}`);
    }
  };

  return (
    <ListScreen title={t('screens.templates')} queries={[templates]} failedTitle={t('templates.loadFailed')}>
      {([list]) => (
        <EditableTable
          label={t('screens.templates')}
          rows={list}
          columns={columns}
          rowKey={(template) => template.id}
          rowName={(template) => template.name}
          searchText={(template) => [template.name, ...Object.values(template.translations).map((text) => text.subject)].join(' ')}
          emptyText={t('templates.empty')}
          addLabel={t('templates.add')}
          editor={(template, close) => <TemplateEditor template={template} onClose={close} />}
          rowActions={(template) => (
            <ActionIcon variant="subtle" aria-label={t('templates.duplicateItem', { name: template.name })} onClick={() => void copy(template, list)} disabled={duplicate.isPending}>
              <IconCopy size={18} aria-hidden />
            </ActionIcon>
          )}
          deletion={{
            title: ([template]) => t('templates.deleteTitle', { name: template?.name ?? '' }),
            text: () => t('templates.deleteText'),
            failedText: t('templates.deleteFailed'),
            confirm: async (deleting) => {
              await deleteTemplates.mutateAsync(deleting);
              notifySuccess(t('templates.deleted'));
            },
          }}
        />
      )}
    </ListScreen>
  );
}
