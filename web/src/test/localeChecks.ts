/** Locale checks: each language of a namespace has every English key, no empty text and the same placeholders. */
import { describe, expect, it } from 'vitest';

import { LANGUAGES, type Language } from '../i18n/languages';

export type Tree = { [key: string]: string | Tree };

export function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') found.set(prefix + key, value);
    else leaves(value, `${prefix}${key}.`).forEach((text, path) => found.set(path, text));
  }
  return found;
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();

/** Each language's texts of one namespace against the English ones. */
export function checkNamespace(name: string, byLanguage: Record<Language, Tree>) {
  const reference = leaves(byLanguage.en);
  describe.each(LANGUAGES)(`${name} texts in %s`, (language) => {
    const texts = leaves(byLanguage[language]);

    it('have every key of the English locale and no other', () => {
      expect([...texts.keys()].filter((key) => !reference.has(key))).toEqual([]);
      expect([...reference.keys()].filter((key) => !texts.has(key))).toEqual([]);
    });

    it('have no empty text', () => {
      expect([...texts].filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([]);
    });

    it('use the same placeholders as English', () => {
      const mismatched = [...reference].filter(([key, text]) => placeholders(text).join() !== placeholders(texts.get(key) ?? '').join());
      expect(mismatched.map(([key]) => key)).toEqual([]);
    });
  });
}
