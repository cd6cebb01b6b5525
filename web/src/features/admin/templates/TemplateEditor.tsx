import { Button, Grid, Group, Select, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { Language } from '../../../i18n/languages';
import { useForm } from '../../../lib/form/useForm';
import { useAdminText } from '../adminTexts';
import { AdminFormModal, showSaveError } from '../components/AdminFormModal';
import { LanguageTabs } from '../components/LanguageTabs';
import { notifySuccess } from '../components/notify';
import { checkTexts, flattenTexts, gatherTexts, isFilled, languageHasErrors, textKey, type FlatValues } from '../components/translationFields';
import { ADMIN_NAMESPACE } from '../i18n';
import { required } from '../validation';
import { TEMPLATE_CATEGORIES, useSaveTemplate, useTemplateVariables, type TemplateRecord, type TemplateText } from './api';
import { TemplatePreview } from './TemplatePreview';
import { variableProblem } from './variables';

const TEXT_FIELDS = ['subject', 'body'] as const;
type TextField = (typeof TEXT_FIELDS)[number];
const MAX = { subject: 200, body: 50_000 } as const;

function initialValues(template: TemplateRecord | undefined): FlatValues {
  return {
    name: template?.name ?? '',
    category: template?.category ?? 'newsletter',
    sendsWelcome: template?.sendsWelcome ? 'true' : '',
    ...flattenTexts<TemplateText>(template?.translations ?? {}, TEXT_FIELDS),
  };
}

function check(values: FlatValues, known: readonly string[] | undefined) {
  const errors = checkTexts(
    values,
    TEXT_FIELDS,
    (language, found) => {
      for (const field of TEXT_FIELDS) {
        const value = values[textKey(language, field)];
        found[textKey(language, field)] = required(value, MAX[field]) ?? (known ? variableProblem(value ?? '', known) : undefined);
      }
    },
    null,
  );
  return { ...errors, name: required(values.name, 100) };
}

/**
 * Writes a template: its name and category, and per language a subject and a Markdown body with
 * `{{variables}}` (inserted with one click where the cursor is), beside the e-mail as members get it.
 */
export function TemplateEditor({ template, onClose }: { template?: TemplateRecord; onClose: () => void }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { problemText, errorText } = useAdminText();
  const saveTemplate = useSaveTemplate();
  const known = useTemplateVariables().data?.variables;
  const form = useForm(initialValues(template), (values) => check(values, known), problemText);
  const inputs = useRef(new Map<string, HTMLInputElement | HTMLTextAreaElement>());
  const [target, setTarget] = useState<TextField>('body');

  const insert = (language: Language, variable: string) => {
    const name = textKey(language, target);
    const input = inputs.current.get(name);
    const value = form.values[name] ?? '';
    const start = input?.selectionStart ?? value.length;
    const end = input?.selectionEnd ?? value.length;
    const token = `{{${variable}}}`;
    form.setValue(name, value.slice(0, start) + token + value.slice(end));
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const submit = form.onSubmit(async () => {
    const { values } = form;
    const category = TEMPLATE_CATEGORIES.find((known) => known === values.category) ?? 'newsletter';
    const draft = {
      name: (values.name ?? '').trim(),
      category,
      translations: gatherTexts<TemplateText>(values, TEXT_FIELDS, [], null),
      sendsWelcome: category === 'welcome' && values.sendsWelcome === 'true',
    };
    if (Object.keys(draft.translations).length === 0) return form.setError(t('templates.noLanguage'));
    try {
      const saved = await saveTemplate.mutateAsync({ draft, id: template?.id });
      notifySuccess(t('templates.saved', { name: saved.name }));
      onClose();
    } catch (failure) {
      showSaveError(form, failure, (error) => `${t('templates.saveFailed')} ${errorText(error)}`);
    }
  });

  const field = (language: Language, name: TextField) => ({
    ...form.textField(textKey(language, name)),
    ref: (element: HTMLInputElement | HTMLTextAreaElement | null) => {
      if (element) inputs.current.set(textKey(language, name), element);
    },
    onFocus: () => setTarget(name),
  });

  return (
    <AdminFormModal title={t(template ? 'templates.edit' : 'templates.add')} form={form} onSubmit={submit} onClose={onClose} fullScreen>
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <TextInput label={t('templates.name')} required {...form.textField('name')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Select
            label={t('templates.category')}
            name="category"
            data={TEMPLATE_CATEGORIES.map((category) => ({ value: category, label: t(`templates.categories.${category}`) }))}
            value={form.values.category ?? 'newsletter'}
            onChange={(value) => form.setValue('category', value ?? 'newsletter')}
            allowDeselect={false}
          />
        </Grid.Col>
        {form.values.category === 'welcome' && (
          <Grid.Col span={12}>
            <Switch
              label={t('templates.sendsWelcome')}
              description={t('templates.sendsWelcomeHint')}
              checked={form.values.sendsWelcome === 'true'}
              onChange={(event) => form.setValue('sendsWelcome', event.currentTarget.checked ? 'true' : '')}
            />
          </Grid.Col>
        )}
      </Grid>
      <LanguageTabs
        hasErrors={(language) => languageHasErrors(form, language)}
        filled={(language) => isFilled(form.values, TEXT_FIELDS, language)}
        emptyNote={t('templates.languageNote')}
      >
        {(language) => (
          <Grid gap="md">
            <Grid.Col span={{ base: 12, lg: 6 }}>
              <Stack gap="sm">
                <TextInput label={t('templates.subject')} description={t('templates.subjectHint', { example: '{{brandName}}' })} {...field(language, 'subject')} />
                <Textarea
                  label={t('templates.body')}
                  description={t('templates.bodyHint')}
                  autosize
                  minRows={12}
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                  {...field(language, 'body')}
                />
                <div>
                  <Text size="sm" fw={500} id={`variables-${language}`}>
                    {t('templates.variables')}
                  </Text>
                  <Text size="xs" c="dimmed" mb={4}>
                    {t('templates.variablesHint')}
                  </Text>
                  <Group gap={6} role="group" aria-labelledby={`variables-${language}`} dir="ltr">
                    {(known ?? []).map((variable) => (
                      <Button key={variable} size="compact-sm" variant="default" onClick={() => insert(language, variable)} aria-label={t('templates.insert', { variable: `{{${variable}}}` })}>
                        {`{{${variable}}}`}
                      </Button>
                    ))}
                  </Group>
                </div>
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 6 }}>
              <TemplatePreview version={{ lang: language, subject: form.values[textKey(language, 'subject')] ?? '', body: form.values[textKey(language, 'body')] ?? '' }} />
            </Grid.Col>
          </Grid>
        )}
      </LanguageTabs>
    </AdminFormModal>
  );
}
