import { Box, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { LANGUAGES, directionOf } from '../../../i18n/languages';
import type { useForm } from '../../../lib/form/useForm';
import { ADMIN_NAMESPACE } from '../i18n';
import type { TemplateRecord } from '../templates';
import { TARGET_GROUPS } from './api';
import { chosenGroups, chosenLanguages, joinList, prefilledSubjects, subjectKey, templateLanguages, type CampaignValues } from './campaignForm';

type CampaignForm = ReturnType<typeof useForm<CampaignValues>>;

/** Who gets the campaign: its groups ("All users" stands for every group) and its languages. */
export function TargetFields({ form, template }: { form: CampaignForm; template: TemplateRecord | undefined }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { t: tCommon } = useTranslation();
  const groups = chosenGroups(form.values);
  const languages = chosenLanguages(form.values);
  const written = templateLanguages(template);
  const everyone = groups.includes('all');

  const setGroups = (next: string[]) => {
    // Ticking "All users" stands for every group: the others are let go.
    const all = next.includes('all') && !everyone;
    form.setValue('groups', joinList(all ? ['all'] : next));
  };
  const setLanguages = (next: string[]) => {
    const values = { ...form.values, languages: joinList(next) };
    form.setFields({ languages: values.languages, ...prefilledSubjects(values, template) });
  };

  return (
    <>
      <Checkbox.Group label={t('campaigns.groups')} required value={groups} onChange={setGroups} error={form.errorOf('groups')}>
        <Stack gap={6} mt={6}>
          {TARGET_GROUPS.map((group) => (
            <Checkbox key={group} value={group} label={t(`users.groupFilters.${group}`)} disabled={everyone && group !== 'all'} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Checkbox.Group
        label={t('campaigns.languages')}
        description={template ? t('campaigns.languagesHint') : t('campaigns.languagesNoTemplate')}
        required
        value={languages}
        onChange={setLanguages}
        error={form.errorOf('languages')}
      >
        <Group gap="lg" mt={6}>
          {LANGUAGES.map((language) => {
            const missing = template !== undefined && !written.includes(language);
            return (
              <Checkbox
                key={language}
                value={language}
                label={tCommon(`languages.${language}`)}
                // A language the template lacks cannot be chosen; one chosen before stays, to be unticked.
                disabled={missing && !languages.includes(language)}
                description={missing ? t('campaigns.notInTemplate') : undefined}
              />
            );
          })}
        </Group>
      </Checkbox.Group>
    </>
  );
}

/** A subject line per chosen language, each starting as the template's. */
export function SubjectFields({ form }: { form: CampaignForm }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { t: tCommon } = useTranslation();
  const languages = chosenLanguages(form.values);
  if (languages.length === 0) return null;
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('campaigns.subjectsHint', { example: '{{username}}' })}
      </Text>
      {languages.map((language) => (
        // The subject reads in its own language's direction, label and all (as in the language tabs).
        <Box key={language} lang={language} dir={directionOf(language)}>
          <TextInput label={t('campaigns.subjectIn', { language: tCommon(`languages.${language}`) })} required {...form.textField(subjectKey(language))} />
        </Box>
      ))}
    </Stack>
  );
}
