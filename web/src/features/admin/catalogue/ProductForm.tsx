import { Select, Stack, TextInput, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

import { useForm } from '../../../lib/form/useForm';
import { useAdminText } from '../adminTexts';
import { AdminFormModal, showSaveError } from '../components/AdminFormModal';
import { ImageField } from '../components/ImageField';
import { LanguageTabs } from '../components/LanguageTabs';
import { notifySuccess } from '../components/notify';
import { ADMIN_NAMESPACE } from '../i18n';
import { REQUIRED, required, slug, webAddress } from '../validation';
import { useSaveProduct, type BrandRecord, type ProductRecord, type ProductText } from './api';
import { FitFields } from './FitFields';
import { checkFit, flattenFit, gatherFit, IN_FINDER, notesKey } from './fitValues';
import { checkTexts, flattenTexts, gatherTexts, languageHasErrors, textIn, textKey, type FlatValues } from '../components/translationFields';

const TEXT_FIELDS = ['name', 'description'] as const;

function initialValues(product: ProductRecord | undefined): FlatValues {
  return {
    id: product?.id ?? '',
    brandId: product?.brandId ?? '',
    price: product?.price ?? '',
    image: product?.image ?? '',
    link: product?.link ?? '',
    ...flattenTexts<ProductText>(product?.translations ?? {}, TEXT_FIELDS),
    ...flattenFit(product?.fit),
  };
}

function check(values: FlatValues, isNew: boolean) {
  const errors = checkTexts(values, TEXT_FIELDS, (language, found) => {
    found[textKey(language, 'name')] = required(values[textKey(language, 'name')], 100);
    found[textKey(language, 'description')] = required(values[textKey(language, 'description')], 1000);
  });
  return {
    ...errors,
    ...checkFit(values),
    id: isNew ? slug(values.id) : undefined,
    brandId: !values.brandId ? REQUIRED : undefined,
    price: required(values.price, 20),
    image: webAddress(values.image, false),
    link: webAddress(values.link, true),
  };
}

/** Adds or edits a product (spec §3 admin product form: name, id, price, link, brand from a list). */
export function ProductForm({ product, brands, onClose }: { product?: ProductRecord; brands: BrandRecord[]; onClose: () => void }) {
  const { t, i18n } = useTranslation(ADMIN_NAMESPACE);
  const { problemText, errorText } = useAdminText();
  const isNew = product === undefined;
  const phone = useMediaQuery('(max-width: 48em)');
  const saveProduct = useSaveProduct();
  const form = useForm(initialValues(product), (values) => check(values, isNew), problemText);

  const submit = form.onSubmit(async () => {
    const { values } = form;
    const draft = {
      id: (values.id ?? '').trim(),
      brandId: values.brandId ?? '',
      price: (values.price ?? '').trim(),
      image: (values.image ?? '').trim(),
      link: (values.link ?? '').trim(),
      translations: gatherTexts<ProductText>(values, TEXT_FIELDS),
      fit: gatherFit(values),
    };
    try {
      await saveProduct.mutateAsync({ draft, isNew });
      notifySuccess(t(isNew ? 'products.created' : 'products.saved', { name: draft.translations.he?.name ?? draft.id }));
      onClose();
    } catch (failure) {
      showSaveError(form, failure, errorText);
    }
  });

  return (
    <AdminFormModal title={t(isNew ? 'products.add' : 'products.edit')} form={form} onSubmit={submit} onClose={onClose} size="xl" fullScreen={phone}>
          <TextInput label={t('products.id')} description={t('form.idHint')} required={isNew} disabled={!isNew} {...form.textField('id')} />
          <Select
            label={t('products.brand')}
            required
            name="brandId"
            data={brands.map((brand) => ({ value: brand.id, label: textIn(brand.translations, i18n.language, 'name', brand.id) }))}
            value={form.values.brandId || null}
            onChange={(value) => form.setValue('brandId', value ?? '')}
            error={form.errorOf('brandId')}
            aria-invalid={form.errorOf('brandId') ? true : undefined}
            searchable
          />
          <TextInput label={t('products.price')} description={t('products.priceHint')} required {...form.textField('price')} />
          <TextInput label={t('products.link')} required {...form.textField('link')} />
          <ImageField label={t('form.image')} name="image" value={form.values.image ?? ''} onChange={(url) => form.setValue('image', url)} error={form.errorOf('image')} />
          <LanguageTabs hasErrors={(language) => languageHasErrors(form, language) || form.errorOf(notesKey(language)) !== undefined}>
            {(language) => (
              <Stack gap="sm">
                <TextInput label={t('products.name')} required={language === 'he'} {...form.textField(textKey(language, 'name'))} />
                <Textarea label={t('products.description')} required={language === 'he'} autosize minRows={3} {...form.textField(textKey(language, 'description'))} />
                {form.values[IN_FINDER] && (
                  <Textarea label={t('products.fit.notes')} description={t('products.fit.notesHint')} autosize minRows={2} {...form.textField(notesKey(language))} />
                )}
              </Stack>
            )}
          </LanguageTabs>
          <FitFields form={form} inFinderAlready={Boolean(product?.fit)} />
    </AdminFormModal>
  );
}
