import { ActionIcon, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconX } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useForm } from '../../../lib/form/useForm';
import { useAdminText } from '../adminTexts';
import type { BrandRecord, ProductRecord } from '../catalogue';
import { AdminFormModal, showSaveError } from '../components/AdminFormModal';
import { notifySuccess } from '../components/notify';
import { textIn } from '../components/translationFields';
import { ADMIN_NAMESPACE } from '../i18n';
import { problem, REQUIRED, required } from '../validation';
import { useSaveFamily, type Axis, type FamilyRecord } from './api';

/** The server's limits (server/src/catalogue/family/service.rs). */
const NAME_MAX = 100;
const MODELS_MAX = 200;

/** The form keeps the models' product ids in one value, in their order (ids are slugs: no spaces). */
const idsOf = (products: string) => products.split(' ').filter(Boolean);

interface FamilyValues extends Record<string, string> {
  name: string;
  products: string;
}

function check(values: FamilyValues) {
  const count = idsOf(values.products).length;
  return {
    name: required(values.name, NAME_MAX),
    products: count === 0 ? REQUIRED : count > MODELS_MAX ? problem('too_many_items', { max: MODELS_MAX }) : undefined,
  };
}

/** What sets a variant apart, as one line: "Box 3+ · Supple". */
export function axesText(axes: readonly Axis[], t: TFunction<typeof ADMIN_NAMESPACE>): string {
  return axes
    .map((axis) => (axis.key === 'box' ? t('families.axis.box', { value: axis.value }) : axis.key === 'makers' ? t('families.axis.makers', { value: axis.value }) : axis.value))
    .join(' · ');
}

interface FamilyFormProps {
  /** The family edited; undefined for a new one. */
  family?: FamilyRecord;
  /** Every family: where a model offered comes from, and what sets it apart there. */
  families: readonly FamilyRecord[];
  products: readonly ProductRecord[];
  brands: readonly BrandRecord[];
  onClose: () => void;
}

/**
 * Adds a family or edits one: its name and its models in their order. Models are added from the products
 * of the family's maker (any maker's until the first is chosen); one taken from another family leaves it
 * (a merge), and one removed here becomes a model of its own (a split).
 */
export function FamilyForm({ family, families, products, brands, onClose }: FamilyFormProps) {
  const { t, i18n } = useTranslation(ADMIN_NAMESPACE);
  const { problemText, errorText } = useAdminText();
  const isNew = family === undefined;
  const phone = useMediaQuery('(max-width: 48em)');
  const saveFamily = useSaveFamily();
  const form = useForm<FamilyValues>({ name: family?.name ?? '', products: (family?.variants ?? []).map((variant) => variant.productId).join(' ') }, check, problemText);
  const [search, setSearch] = useState('');
  const listId = useId();

  const ids = idsOf(form.values.products);
  const setIds = (next: string[]) => form.setValue('products', next.join(' '));
  const productOf = (id: string) => products.find((product) => product.id === id);
  /** The family a product is a variant of, with that variant. */
  const placeOf = (id: string) => {
    for (const candidate of families) {
      const variant = candidate.variants.find((own) => own.productId === id);
      if (variant) return { family: candidate, variant };
    }
    return undefined;
  };
  const nameOf = (id: string) => {
    const product = productOf(id);
    return product ? textIn(product.translations, i18n.language, 'name', id) : (placeOf(id)?.variant.name ?? id);
  };

  // The family's maker: its first model's (each model of a family is one maker's).
  const brandId = ids.length === 0 ? undefined : (productOf(ids[0] ?? '')?.brandId ?? family?.brandId);
  const brand = brands.find((candidate) => candidate.id === brandId);
  const brandName = brand ? textIn(brand.translations, i18n.language, 'name', brand.id) : brandId;
  const offered = products
    .filter((product) => !ids.includes(product.id) && (brandId === undefined || product.brandId === brandId))
    .map((product) => {
      const name = textIn(product.translations, i18n.language, 'name', product.id);
      const other = placeOf(product.id)?.family;
      return { value: product.id, label: other && other.id !== family?.id ? t('families.inFamily', { name, family: other.name }) : name };
    })
    .sort((a, b) => a.label.localeCompare(b.label, i18n.language));

  const move = (index: number, by: -1 | 1) => {
    const next = [...ids];
    const [moved] = next.splice(index, 1);
    if (moved === undefined) return;
    next.splice(index + by, 0, moved);
    setIds(next);
  };

  const submit = form.onSubmit(async () => {
    const draft = { name: form.values.name.trim(), products: idsOf(form.values.products) };
    try {
      await saveFamily.mutateAsync({ id: family?.id, draft });
      notifySuccess(t(isNew ? 'families.created' : 'families.saved', { name: draft.name }));
      onClose();
    } catch (failure) {
      showSaveError(form, failure, errorText);
    }
  });

  return (
    <AdminFormModal title={t(isNew ? 'families.add' : 'families.edit')} form={form} onSubmit={submit} onClose={onClose} size="lg" fullScreen={phone}>
      <TextInput label={t('families.name')} description={t('families.nameHint')} required {...form.textField('name')} />
      <div>
        <Text size="sm" fw={500} id={`${listId}-label`}>
          {t('families.models')}
        </Text>
        <Text size="xs" c="dimmed" mb="xs">
          {t('families.modelsHint')}
        </Text>
        {ids.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('families.noModels')}
          </Text>
        ) : (
          <Stack component="ol" gap={4} p={0} m={0} aria-labelledby={`${listId}-label`}>
            {ids.map((id, index) => {
              const name = nameOf(id);
              const axes = axesText(placeOf(id)?.variant.axes ?? [], t);
              return (
                <Group component="li" key={id} gap="xs" wrap="nowrap" justify="space-between">
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm">{name}</Text>
                    {axes && (
                      <Text size="xs" c="dimmed">
                        {axes}
                      </Text>
                    )}
                  </div>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon variant="subtle" aria-label={t('families.moveUp', { name })} disabled={index === 0} onClick={() => move(index, -1)}>
                      <IconArrowUp size={18} aria-hidden />
                    </ActionIcon>
                    <ActionIcon variant="subtle" aria-label={t('families.moveDown', { name })} disabled={index === ids.length - 1} onClick={() => move(index, 1)}>
                      <IconArrowDown size={18} aria-hidden />
                    </ActionIcon>
                    <ActionIcon variant="subtle" color="red" aria-label={t('families.remove', { name })} onClick={() => setIds(ids.filter((own) => own !== id))}>
                      <IconX size={18} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Group>
              );
            })}
          </Stack>
        )}
      </div>
      <Select
        label={t('families.addModel')}
        description={brandName ? t('families.addModelOf', { brand: brandName }) : t('families.addModelAny')}
        placeholder={t('families.addModelPlaceholder')}
        data={offered}
        value={null}
        onChange={(value) => {
          if (value) setIds([...ids, value]);
          setSearch('');
        }}
        searchValue={search}
        onSearchChange={setSearch}
        searchable
        limit={50}
        nothingFoundMessage={t('families.nothingFound')}
        error={form.errorOf('products')}
        aria-invalid={form.errorOf('products') ? true : undefined}
      />
    </AdminFormModal>
  );
}
