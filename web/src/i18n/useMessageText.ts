import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiError } from '../api/errors';
import { refusalKey, serverTextKey } from './serverTexts';

/**
 * Turns a server text or a failed call into words in the interface language: a failed call by its error
 * code, a known text by its key, a rate-limit answer with its wait, anything else as the server wrote it.
 */
export function useMessageText() {
  const { t } = useTranslation();
  const text = useCallback(
    (message: string) => {
      const known = serverTextKey(message);
      // "Request failed with status 502": the status fills its placeholder in every language.
      return known ? t(`messages.${known.key}` as never, known.values) : message;
    },
    [t],
  );
  const errorText = useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 429) return t('messages.rateLimited', { seconds: error.retryAfter ?? 60 });
      if (error instanceof ApiError) {
        const known = refusalKey(error.code, error.message);
        return known ? t(`messages.${known.key}` as never, known.values) : error.message;
      }
      if (error instanceof Error) return text(error.message);
      return t('messages.requestFailed');
    },
    [t, text],
  );
  return { text, errorText };
}
