import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiError } from '../../api/errors';
import { useMessageText } from '../../i18n/useMessageText';
import { ADMIN_NAMESPACE } from './i18n';

/**
 * The admin's English texts (the server's field and error messages, and the same texts from the
 * client-side checks) and their keys under `messages` in the admin locale files. Texts with numbers
 * are patterns; their numbers become the key's values.
 */
const EXACT: Record<string, string> = {
  'This field is required': 'required',
  'Use lowercase letters, digits and hyphens only': 'slug',
  'Enter a web address starting with https:// or /': 'webAddress',
  'This id is already in use': 'idTaken',
  'This slug is already in use': 'slugTaken',
  'Brand not found': 'brandNotFound',
  'Product not found': 'productNotFound',
  'Post not found': 'postNotFound',
  'Category not found': 'categoryNotFound',
  'Session not found': 'sessionNotFound',
  'This brand still has products: delete them with it or move them to another brand': 'brandHasProducts',
  'The image must be 5 MB or smaller': 'imageTooLarge',
  'Only PNG, JPEG, WebP, GIF or AVIF images can be uploaded': 'imageType',
  'Choose an image to upload': 'imageMissing',
  'You do not have permission to do this': 'forbidden',
};

const PATTERNS: [RegExp, string, string[]][] = [
  [/^Must be at most (\d+) characters$/, 'maxLength', ['max']],
  [/^Must be at least (\d+) characters$/, 'minLength', ['min']],
  [/^Must be between (\d+) and (\d+)$/, 'between', ['min', 'max']],
  [/^At most (\d+) items$/, 'maxItems', ['max']],
];

/** The key and values of an admin text, or undefined for a text the admin does not know. */
export function adminTextKey(message: string): { key: string; values: Record<string, string> } | undefined {
  const exact = EXACT[message];
  if (exact !== undefined && Object.hasOwn(EXACT, message)) return { key: exact, values: {} };
  for (const [pattern, key, names] of PATTERNS) {
    const found = pattern.exec(message);
    if (found) return { key, values: Object.fromEntries(names.map((name, index) => [name, found[index + 1] ?? ''])) };
  }
  return undefined;
}

/** Like `useMessageText`, knowing the admin's texts first. */
export function useAdminText() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const common = useMessageText();
  const text = useCallback(
    (message: string) => {
      const known = adminTextKey(message);
      return known ? t(`messages.${known.key}` as never, known.values) : common.text(message);
    },
    [t, common],
  );
  const errorText = useCallback(
    (error: unknown) => (error instanceof ApiError && error.status !== 429 ? text(error.message) : common.errorText(error)),
    [text, common],
  );
  return { text, errorText };
}
