import { z } from 'zod/mini';

import type { Language } from '../../i18n/languages';

/**
 * Catalogue lists kept in localStorage per language: `{"he": [...], "en": [...]}`. Reading falls back
 * to any kept language, since a brand list in another language beats none at all when offline.
 */
export function readCachedList<T>(key: string, language: Language, schema: z.ZodMiniType<T>): T[] | undefined {
  const stored = parse(localStorage.getItem(key));
  const lists = [stored[language], ...Object.values(stored)];
  for (const list of lists) {
    const parsed = z.array(schema).safeParse(list);
    if (parsed.success && parsed.data.length > 0) return parsed.data;
  }
  return undefined;
}

export function writeCachedList<T>(key: string, language: Language, items: T[]) {
  try {
    localStorage.setItem(key, JSON.stringify({ ...parse(localStorage.getItem(key)), [language]: items }));
  } catch {
    // Storage full or disabled: the site works without the offline copy.
  }
}

function parse(text: string | null): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text ?? '{}');
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
