import { Stack, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { useForm } from '../../../lib/form/useForm';
import { useAdminText } from '../adminTexts';
import { AdminFormModal, showSaveError } from '../components/AdminFormModal';
import { LanguageTabs } from '../components/LanguageTabs';
import { notifySuccess } from '../components/notify';
import { checkTexts, flattenTexts, gatherTexts, languageHasErrors, textKey, type FlatValues } from '../components/translationFields';
import { ADMIN_NAMESPACE } from '../i18n';
import { maxLength, required, slug } from '../validation';
import { useSaveCategory, type CategoryRecord, type CategoryText } from './api';

const TEXT_FIELDS = ['name', 'description'] as const;

function check(values: FlatValues, isNew: boolean) {
  const errors = checkTexts(values, TEXT_FIELDS, (language, found) => {
    found[textKey(language, 'name')] = required(values[textKey(language, 'name')], 60);
    found[textKey(language, 'description')] = maxLength(values[textKey(language, 'description')], 300);
  });
  return { ...errors, slug: isNew ? slug(values.slug) : undefined };
}

/** Adds or edits a blog category: slug, and a name and description per language. */
export function CategoryForm({ category, onClose }: { category?: CategoryRecord; onClose: () => void }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { problemText, errorText } = useAdminText();
  const isNew = category === undefined;
  const saveCategory = useSaveCategory();
  const initial: FlatValues = { slug: category?.slug ?? '', ...flattenTexts<CategoryText>(category?.translations ?? {}, TEXT_FIELDS) };
  const form = useForm(initial, (values) => check(values, isNew), problemText);

  const submit = form.onSubmit(async () => {
    const draft = { slug: (form.values.slug ?? '').trim(), translations: gatherTexts<CategoryText>(form.values, TEXT_FIELDS) };
    try {
      await saveCategory.mutateAsync({ draft, isNew });
      notifySuccess(t('categories.saved', { name: draft.translations.he?.name ?? draft.slug }));
      onClose();
    } catch (failure) {
      showSaveError(form, failure, errorText);
    }
  });

  return (
    <AdminFormModal title={t(isNew ? 'categories.add' : 'categories.edit')} form={form} onSubmit={submit} onClose={onClose} size="lg">
          <TextInput label={t('categories.slug')} description={t('form.idHint')} required={isNew} disabled={!isNew} {...form.textField('slug')} />
          <LanguageTabs hasErrors={(language) => languageHasErrors(form, language)}>
            {(language) => (
              <Stack gap="sm">
                <TextInput label={t('categories.name')} required={language === 'he'} {...form.textField(textKey(language, 'name'))} />
                <Textarea label={t('categories.description')} autosize minRows={2} {...form.textField(textKey(language, 'description'))} />
              </Stack>
            )}
          </LanguageTabs>
    </AdminFormModal>
  );
}
