import { Alert, Button, Fieldset, Group, List, MultiSelect, SimpleGrid, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { ATTRIBUTE_FILTERS, useFinder, type Attribute } from '../../finder';
import type { FlatValues } from '../components/translationFields';
import { ADMIN_NAMESPACE } from '../i18n';
import { IN_FINDER, LISTS, UNREAD } from './fitValues';

/** What the fields need of the product form (`useForm`). */
interface FitForm {
  values: FlatValues;
  setValue: (name: string, value: string) => void;
  errorOf: (name: string) => string | undefined;
  textField: (name: string) => { name: string; value: string; error: string | undefined };
}

/**
 * The product's fit in the shoe finder: every attribute from the vocabulary, sizes, widths, prices, sources,
 * and what the import could not read, for the admin to mend and mark handled. The notes are in the
 * form's language tabs.
 */
export function FitFields({ form, inFinderAlready }: { form: FitForm; inFinderAlready: boolean }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const vocabulary = useFinder();
  const inFinder = Boolean(form.values[IN_FINDER]);
  const unread = Object.entries(JSON.parse(form.values[UNREAD] || '{}') as Record<string, string>);
  const attributes: Attribute[] = vocabulary.data?.attributes ?? [];
  const label = (key: string) =>
    attributes.find((attribute) => attribute.key === key)?.label ?? (key === 'sizes' || key === 'widths' ? t(`products.fit.${key}`) : key);

  const handled = (attribute: string) =>
    form.setValue(UNREAD, JSON.stringify(Object.fromEntries(unread.filter(([known]) => known !== attribute))));

  return (
    <Fieldset legend={t('products.fit.title')}>
      {/* A model in the finder stays there (a save without a fit keeps it); deleting the product removes it. */}
      {!inFinderAlready && (
        <Switch
          label={t('products.fit.inFinder')}
          description={t('products.fit.inFinderHint')}
          checked={inFinder}
          onChange={(event) => form.setValue(IN_FINDER, event.currentTarget.checked ? 'yes' : '')}
          mb="md"
        />
      )}
      {inFinder && (
        <>
          {unread.length > 0 && (
            <Alert color="orange" icon={<IconAlertTriangle aria-hidden />} title={t('products.fit.unreadTitle')} mb="md" data-testid="fit-unread">
              <Text size="sm" mb="xs">
                {t('products.fit.unreadText')}
              </Text>
              <List size="sm" spacing="xs">
                {unread.map(([attribute, value]) => (
                  <List.Item key={attribute}>
                    <Group gap="xs">
                      <Text size="sm">
                        {attribute === 'price' ? t('products.fit.unreadPrice', { value }) : t('products.fit.unreadValue', { attribute: label(attribute), value })}
                      </Text>
                      <Button size="compact-xs" variant="light" onClick={() => handled(attribute)}>
                        {t('products.fit.handled')}
                      </Button>
                    </Group>
                  </List.Item>
                ))}
              </List>
            </Alert>
          )}
          {vocabulary.isError && (
            <Alert color="red" mb="md" role="alert">
              {t('products.fit.vocabularyFailed')}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {ATTRIBUTE_FILTERS.map((key) => {
              const field = `fit.${key}`;
              const chosen = (form.values[field] ?? '').split(',').filter(Boolean);
              const options = attributes.find((attribute) => attribute.key === key)?.values ?? [];
              return (
                <MultiSelect
                  key={key}
                  label={label(key)}
                  name={field}
                  data={options.map((value) => ({ value: value.key, label: value.label }))}
                  value={chosen}
                  onChange={(values) => form.setValue(field, values.join(','))}
                  error={form.errorOf(field)}
                  disabled={vocabulary.isPending}
                  clearable
                />
              );
            })}
            <TextInput label={t('products.fit.sizes')} description={t('products.fit.sizesHint')} {...form.textField('fit.sizes')} />
            {LISTS.map((key) => (
              <TextInput key={key} label={t(`products.fit.${key}`)} description={t('products.fit.listHint')} {...form.textField(`fit.${key}`)} />
            ))}
            <TextInput label={t('products.fit.priceMin')} inputMode="decimal" {...form.textField('fit.priceMin')} />
            <TextInput label={t('products.fit.priceMax')} inputMode="decimal" {...form.textField('fit.priceMax')} />
            <TextInput label={t('products.fit.priceRemark')} {...form.textField('fit.priceRemark')} />
            <TextInput label={t('products.fit.footShapeOriginal')} description={t('products.fit.footShapeOriginalHint')} {...form.textField('fit.footShapeOriginal')} />
          </SimpleGrid>
          <Textarea label={t('products.fit.sources')} description={t('products.fit.sourcesHint')} autosize minRows={2} mt="sm" {...form.textField('fit.sources')} />
        </>
      )}
    </Fieldset>
  );
}
