import { describe, expect, it } from 'vitest';

import { errorFromAnswer } from '../api/errors';
import { adminResources } from './adminResources';
import { LANGUAGES, type Language } from './languages';
import { SERVER_CODES, SERVER_TEXTS, serverCodeKey } from './serverTexts';
import { resources } from '.';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') found.set(prefix + key, value);
    else leaves(value, `${prefix}${key}.`).forEach((text, path) => found.set(path, text));
  }
  return found;
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();

const english = leaves(resources.en.translation);

/** Each language's texts of one namespace against the English ones. */
function checkNamespace(name: string, byLanguage: Record<Language, Tree>) {
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

checkNamespace('interface', Object.fromEntries(LANGUAGES.map((language) => [language, resources[language].translation as Tree])) as Record<Language, Tree>);
checkNamespace('admin', adminResources);

describe('server texts', () => {
  it('are the English locale\'s messages, word for word', () => {
    const differing = Object.entries(SERVER_TEXTS).filter(([text, key]) => english.get(`messages.${key}`) !== text);
    expect(differing).toEqual([]);
  });
});

describe('server error codes', () => {
  it('name keys the English locale has', () => {
    const missing = Object.entries(SERVER_CODES).filter(([, key]) => english.get(`messages.${key}`) === undefined);
    expect(missing).toEqual([]);
  });

  it('are read from an error answer', () => {
    const error = errorFromAnswer({ error: 'Invalid username or password', code: 'invalid_credentials' }, 401);
    expect([error.code, serverCodeKey(error.code)]).toEqual(['invalid_credentials', 'invalidCredentials']);
    expect(serverCodeKey(errorFromAnswer({ error: 'Something new' }, 400).code)).toBeUndefined();
  });
});
