import { Select, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';

import { LANGUAGES, type Language } from '../../../i18n/languages';
import { ADMIN_NAMESPACE } from '../i18n';
import { useSaveSettings, useSettings } from './api';
import { SettingsCard, SettingsForm } from './SettingsCard';
import { useSettingsForm } from './useSettingsForm';

const aiModelsSchema = z.object({
  models: z.object(Object.fromEntries(LANGUAGES.map((language) => [language, z.string()])) as Record<Language, z.ZodMiniString>),
  choices: z.array(z.string()),
});

/** The model the chat assistant answers with in each language (spec §1, §3), one of the server's choices. */
export function AiModelSettings() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const stored = useSettings('ai-models', aiModelsSchema);
  return (
    <SettingsCard title={t('settings.aiModels.title')} intro={t('settings.aiModels.intro')} settings={stored}>
      {({ models, choices }) => <AiModelsForm initial={models} choices={choices} />}
    </SettingsCard>
  );
}

function AiModelsForm({ initial, choices }: { initial: Record<Language, string>; choices: string[] }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { t: tCommon } = useTranslation();
  const save = useSaveSettings('ai-models', aiModelsSchema);
  const check = (values: Record<Language, string>) =>
    Object.fromEntries(LANGUAGES.map((language) => [language, choices.includes(values[language]) ? undefined : 'Choose one of the offered models']));
  const form = useSettingsForm(initial, check, (values) => save(values), t('settings.aiModels.saved'));
  return (
    <SettingsForm onSubmit={form.submit} error={form.error} busy={form.busy} formRef={form.formRef}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {LANGUAGES.map((language) => (
          <Select
            key={language}
            label={tCommon(`languages.${language}`)}
            name={language}
            data={choices}
            value={choices.includes(form.values[language]) ? form.values[language] : null}
            onChange={(value) => form.setValue(language, value ?? '')}
            allowDeselect={false}
            searchable
            error={form.errorOf(language)}
            aria-invalid={form.errorOf(language) ? true : undefined}
          />
        ))}
      </SimpleGrid>
    </SettingsForm>
  );
}
