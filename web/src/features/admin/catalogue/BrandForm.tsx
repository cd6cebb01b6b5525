import { Stack, TextInput, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

import { useForm } from '../../../lib/form/useForm';
import { useAdminText } from '../adminTexts';
import { AdminFormModal, showSaveError } from '../components/AdminFormModal';
import { ImageField } from '../components/ImageField';
import { LanguageTabs } from '../components/LanguageTabs';
import { notifySuccess } from '../components/notify';
import { ADMIN_NAMESPACE } from '../i18n';
import { maxLength, required, slug, webAddress } from '../validation';
import { useSaveBrand, type BrandRecord, type BrandText } from './api';
import { checkTexts, flattenTexts, gatherTexts, languageHasErrors, textKey, type FlatValues } from '../components/translationFields';

const TEXT_FIELDS = ['name', 'description', 'history', 'keyFeatures', 'popularModels'] as const;
const LIST_FIELDS = ['keyFeatures', 'popularModels'];

function initialValues(brand: BrandRecord | undefined): FlatValues {
  return {
    id: brand?.id ?? '',
    image: brand?.image ?? '',
    link: brand?.link ?? '',
    retailerLink: brand?.retailerLink ?? '',
    ...flattenTexts<BrandText>(brand?.translations ?? {}, TEXT_FIELDS),
  };
}

function check(values: FlatValues, isNew: boolean) {
  const errors = checkTexts(values, TEXT_FIELDS, (language, found) => {
    found[textKey(language, 'name')] = required(values[textKey(language, 'name')], 100);
    found[textKey(language, 'description')] = required(values[textKey(language, 'description')], 1000);
    found[textKey(language, 'history')] = maxLength(values[textKey(language, 'history')], 5000);
  });
  return {
    ...errors,
    id: isNew ? slug(values.id) : undefined,
    image: webAddress(values.image, false),
    link: webAddress(values.link, true),
    retailerLink: webAddress(values.retailerLink, false),
  };
}

/** Adds a brand (`brand` undefined) or edits one: shared fields, then each language's texts in tabs. */
export function BrandForm({ brand, onClose }: { brand?: BrandRecord; onClose: () => void }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { problemText, errorText } = useAdminText();
  const isNew = brand === undefined;
  const phone = useMediaQuery('(max-width: 48em)');
  const saveBrand = useSaveBrand();
  const form = useForm(initialValues(brand), (values) => check(values, isNew), problemText);
  const field = (name: string) => form.textField(name);

  const submit = form.onSubmit(async () => {
    const { values } = form;
    const draft = {
      id: (values.id ?? '').trim(),
      image: (values.image ?? '').trim(),
      link: (values.link ?? '').trim(),
      retailerLink: (values.retailerLink ?? '').trim(),
      translations: gatherTexts<BrandText>(values, TEXT_FIELDS, LIST_FIELDS),
    };
    try {
      await saveBrand.mutateAsync({ draft, isNew });
      notifySuccess(t(isNew ? 'brands.created' : 'brands.saved', { name: draft.translations.he?.name ?? draft.id }));
      onClose();
    } catch (failure) {
      showSaveError(form, failure, errorText);
    }
  });

  return (
    <AdminFormModal title={t(isNew ? 'brands.add' : 'brands.edit')} form={form} onSubmit={submit} onClose={onClose} size="xl" fullScreen={phone}>
          <TextInput label={t('brands.id')} description={t('form.idHint')} required={isNew} disabled={!isNew} {...field('id')} />
          <TextInput label={t('brands.link')} required {...field('link')} />
          <TextInput label={t('brands.retailerLink')} {...field('retailerLink')} />
          <ImageField label={t('form.image')} name="image" value={form.values.image ?? ''} onChange={(url) => form.setValue('image', url)} error={form.errorOf('image')} />
          <LanguageTabs hasErrors={(language) => languageHasErrors(form, language)}>
            {(language) => (
              <Stack gap="sm">
                <TextInput label={t('brands.name')} required={language === 'he'} {...field(textKey(language, 'name'))} />
                <Textarea label={t('brands.description')} required={language === 'he'} autosize minRows={2} {...field(textKey(language, 'description'))} />
                <Textarea label={t('brands.history')} autosize minRows={3} {...field(textKey(language, 'history'))} />
                <Textarea label={t('brands.keyFeatures')} description={t('form.onePerLine')} autosize minRows={2} {...field(textKey(language, 'keyFeatures'))} />
                <Textarea label={t('brands.popularModels')} description={t('form.onePerLine')} autosize minRows={2} {...field(textKey(language, 'popularModels'))} />
              </Stack>
            )}
          </LanguageTabs>
    </AdminFormModal>
  );
}
