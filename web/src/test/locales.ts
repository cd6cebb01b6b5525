import { resources } from '../i18n';
import type { Language } from '../i18n/languages';

type Tree = { [key: string]: string | Tree | undefined };

/**
 * The text at `key` ("messages.invalidCredentials") in a locale file, with `{{placeholders}}` filled in,
 * so tests check what the translators wrote rather than a copy of it. Fails clearly when it is missing.
 */
export function localeText(language: Language, key: string, values: Record<string, string | number> = {}): string {
  let node: string | Tree | undefined = resources[language].translation;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`The ${language} locale has no text at ${key}`);
  return node.replace(/{{\s*(\w+)\s*}}/g, (placeholder, name: string) => String(values[name] ?? placeholder));
}
