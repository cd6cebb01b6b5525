import { Autocomplete, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { LANGUAGES, type Language } from '../../../i18n/languages';
import { ADMIN_NAMESPACE } from '../i18n';
import { required } from '../validation';
import { useSaveSettings, useSettings } from './api';
import { aiModelsSchema } from './schemas';
import { SettingsCard, SettingsForm } from '../components/SettingsCard';
import { useSettingsForm } from '../components/useSettingsForm';

/** The server's limit on a model name. */
const MAX_MODEL_LENGTH = 200;

/**
 * The model the assistant's gateway answers with in each language (spec §1, §3): any name the gateway
 * knows, typed or picked from the server's suggestions.
 */
export function AiModelSettings() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const stored = useSettings('ai-models', aiModelsSchema);
  return (
    <SettingsCard title={t('settings.aiModels.title')} intro={t('settings.aiModels.intro')} settings={stored}>
      {({ models, choices }) => <AiModelsForm initial={models} choices={choices} />}
    </SettingsCard>
  );
}

type Models = Record<Language, string>;

const byLanguage = <T,>(value: (language: Language) => T) => Object.fromEntries(LANGUAGES.map((language) => [language, value(language)])) as Record<Language, T>;

function AiModelsForm({ initial, choices }: { initial: Models; choices: string[] }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { t: tCommon } = useTranslation();
  const save = useSaveSettings('ai-models', aiModelsSchema);
  const check = (values: Models) => byLanguage((language) => required(values[language], MAX_MODEL_LENGTH));
  const form = useSettingsForm(initial, check, (values) => save(byLanguage((language) => values[language].trim())), t('settings.aiModels.saved'));
  return (
    <SettingsForm onSubmit={form.submit} error={form.error} busy={form.busy} formRef={form.formRef}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {LANGUAGES.map((language) => (
          <Autocomplete
            key={language}
            label={tCommon(`languages.${language}`)}
            name={language}
            data={choices}
            value={form.values[language]}
            onChange={(value) => form.setValue(language, value)}
            required
            autoComplete="off"
            error={form.errorOf(language)}
            aria-invalid={form.errorOf(language) ? true : undefined}
          />
        ))}
      </SimpleGrid>
    </SettingsForm>
  );
}
