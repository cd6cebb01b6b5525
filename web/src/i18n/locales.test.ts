import { describe, expect, it } from 'vitest';

import { LANGUAGES } from './languages';
import { SERVER_TEXTS } from './serverTexts';
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

const english = leaves(resources.en.translation as Tree);

describe.each(LANGUAGES)('locale %s', (language) => {
  const texts = leaves(resources[language].translation as Tree);

  it('has every key of the English locale and no other', () => {
    expect([...texts.keys()].filter((key) => !english.has(key))).toEqual([]);
    expect([...english.keys()].filter((key) => !texts.has(key))).toEqual([]);
  });

  it('has no empty text', () => {
    expect([...texts].filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([]);
  });

  it('uses the same placeholders as English', () => {
    const mismatched = [...english].filter(([key, text]) => placeholders(text).join() !== placeholders(texts.get(key) ?? '').join());
    expect(mismatched.map(([key]) => key)).toEqual([]);
  });
});

describe('server texts', () => {
  it('are the English locale\'s messages, word for word', () => {
    const differing = Object.entries(SERVER_TEXTS).filter(([text, key]) => english.get(`messages.${key}`) !== text);
    expect(differing).toEqual([]);
  });
});
