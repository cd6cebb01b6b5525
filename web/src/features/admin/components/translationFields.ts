import type { Problem } from '../../../api/errors';
import { LANGUAGES, type Language } from '../../../i18n/languages';

/**
 * The admin forms keep every field in one flat record, named as the server names them in its
 * `fields` answer (`translations.he.name`), so its problems land on the right input.
 */
export type FlatValues = Record<string, string>;

export const textKey = (language: Language, field: string) => `translations.${language}.${field}`;

/** Flat fields for each language's texts; lists are one item per line. */
export function flattenTexts<T extends object>(translations: Partial<Record<Language, T>>, fields: readonly (keyof T & string)[]): FlatValues {
  const flat: FlatValues = {};
  for (const language of LANGUAGES) {
    for (const field of fields) {
      const value = translations[language]?.[field];
      flat[textKey(language, field)] = Array.isArray(value) ? value.join('\n') : String(value ?? '');
    }
  }
  return flat;
}

/**
 * The languages with any text filled in (and `always`, Hebrew unless said otherwise), each with its
 * fields; `lists` are split by line.
 */
export function gatherTexts<T>(values: FlatValues, fields: readonly string[], lists: readonly string[] = [], always: Language | null = 'he'): Partial<Record<Language, T>> {
  const texts: Partial<Record<Language, T>> = {};
  for (const language of LANGUAGES) {
    const entries = fields.map((field) => {
      const raw = values[textKey(language, field)] ?? '';
      return [field, lists.includes(field) ? raw.split('\n').map((line) => line.trim()).filter(Boolean) : raw.trim()] as const;
    });
    const filled = entries.some(([, value]) => value.length > 0);
    if (language === always || filled) texts[language] = Object.fromEntries(entries) as T;
  }
  return texts;
}

/** Whether any of `fields` has text in `language`. */
export const isFilled = (values: FlatValues, fields: readonly string[], language: Language) =>
  fields.some((field) => (values[textKey(language, field)] ?? '').trim() !== '');

/** Whether any of the form's fields for `language` shows an error. */
export const languageHasErrors = (form: { values: FlatValues; errorOf: (name: string) => string | undefined }, language: Language) =>
  Object.keys(form.values).some((name) => name.startsWith(`translations.${language}.`) && form.errorOf(name) !== undefined);

/** Runs `check` on each language that has text (and on `always`, Hebrew unless said otherwise). */
export function checkTexts(
  values: FlatValues,
  fields: readonly string[],
  check: (language: Language, errors: Record<string, Problem | undefined>) => void,
  always: Language | null = 'he',
) {
  const errors: Record<string, Problem | undefined> = {};
  for (const language of LANGUAGES) {
    if (language === always || isFilled(values, fields, language)) check(language, errors);
  }
  return errors;
}

/** A record's text in `language`, else in Hebrew (the site's fallback), else `fallback` (its id or slug). */
export function textIn<F extends string>(translations: Partial<Record<Language, Partial<Record<F, unknown>>>>, language: string, field: F, fallback: string): string {
  const read = (text: Partial<Record<F, unknown>> | undefined) => {
    const value = text?.[field];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  return read(translations[language as Language]) ?? read(translations.he) ?? fallback;
}
