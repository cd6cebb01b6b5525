import type { Problem } from '../../../api/errors';
import { LANGUAGES, type Language } from '../../../i18n/languages';
import { variableProblem, type TemplateRecord } from '../templates';
import { problem, required } from '../validation';
import { TARGET_GROUPS, type AudienceChoice, type CampaignDraft, type CampaignRecord, type TargetGroup } from './api';

const NAME_MAX = 100;
const SUBJECT_MAX = 200;

/**
 * The editor's values, flat and named as the server names its fields (`subjects.he`), so its problems
 * land on the right input. The groups and languages are lists joined by commas; every language keeps
 * its subject, chosen or not, so unticking a language and ticking it again loses nothing.
 */
export type CampaignValues = Record<string, string>;

export const subjectKey = (language: Language) => `subjects.${language}`;

const splitList = (value: string | undefined) => (value ?? '').split(',').filter(Boolean);

/** The chosen groups, in the server's order. */
export const chosenGroups = (values: CampaignValues): TargetGroup[] => TARGET_GROUPS.filter((group) => splitList(values.groups).includes(group));

/** The chosen languages, in the server's order. */
export const chosenLanguages = (values: CampaignValues): Language[] => LANGUAGES.filter((language) => splitList(values.languages).includes(language));

export const joinList = (items: readonly string[]) => items.join(',');

export function initialValues(campaign: CampaignRecord | undefined): CampaignValues {
  return {
    name: campaign?.name ?? '',
    templateId: campaign?.templateId ?? '',
    groups: joinList(campaign?.groups ?? []),
    languages: joinList(campaign?.languages ?? []),
    ...Object.fromEntries(LANGUAGES.map((language) => [subjectKey(language), campaign?.subjects[language] ?? ''])),
  };
}

/** The draft the values stand for, as the server keeps it: trimmed, and a subject only for each chosen language. */
export function toDraft(values: CampaignValues): CampaignDraft {
  const languages = chosenLanguages(values);
  return {
    name: (values.name ?? '').trim(),
    templateId: values.templateId ?? '',
    subjects: Object.fromEntries(languages.map((language) => [language, (values[subjectKey(language)] ?? '').trim()])),
    groups: chosenGroups(values),
    languages,
  };
}

/** Whether the values differ from what is saved (a new campaign is never saved). */
export function hasChanges(values: CampaignValues, saved: CampaignRecord | undefined): boolean {
  return saved === undefined || JSON.stringify(toDraft(values)) !== JSON.stringify(toDraft(initialValues(saved)));
}

/** The languages the template is written in. */
export const templateLanguages = (template: TemplateRecord | undefined): Language[] =>
  template ? LANGUAGES.filter((language) => template.translations[language] !== undefined) : [];

/**
 * The subjects to prefill from `template`: each chosen language's subject that is empty, or still the
 * one the template chosen before gave it, becomes the new template's subject in that language.
 */
export function prefilledSubjects(values: CampaignValues, template: TemplateRecord | undefined, previous?: TemplateRecord): CampaignValues {
  const filled: CampaignValues = {};
  for (const language of chosenLanguages(values)) {
    const current = (values[subjectKey(language)] ?? '').trim();
    const fromTemplate = template?.translations[language]?.subject;
    if (fromTemplate !== undefined && (current === '' || current === previous?.translations[language]?.subject)) filled[subjectKey(language)] = fromTemplate;
  }
  return filled;
}

/** What the audience would be counted for: nothing until a group and a language are chosen. */
export function audienceChoice(values: CampaignValues): AudienceChoice | undefined {
  const groups = chosenGroups(values);
  const languages = chosenLanguages(values);
  if (groups.length === 0 || languages.length === 0) return undefined;
  return { templateId: values.templateId || null, groups, languages };
}

/** The editor's own checks, with the server's codes (server/src/newsletter/campaigns); `known` are the variables a subject may use. */
export function checkCampaign(values: CampaignValues, template: TemplateRecord | undefined, known: readonly string[] | undefined) {
  const languages = chosenLanguages(values);
  const written = templateLanguages(template);
  const errors: Record<string, Problem | undefined> = {
    name: required(values.name, NAME_MAX),
    templateId: values.templateId ? undefined : problem('template_missing'),
    groups: chosenGroups(values).length > 0 ? undefined : problem('no_group'),
    languages:
      languages.length === 0
        ? problem('no_target_language')
        : template && languages.some((language) => !written.includes(language))
          ? problem('template_languages')
          : undefined,
  };
  for (const language of languages) {
    const subject = values[subjectKey(language)];
    errors[subjectKey(language)] = required(subject, SUBJECT_MAX) ?? (known ? variableProblem(subject ?? '', known) : undefined);
  }
  return errors;
}
