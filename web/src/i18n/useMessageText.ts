import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiError, type Problem } from '../api/errors';
import { messageKey } from './serverTexts';

/**
 * Words a problem or a failed call in the interface language: by its code, with the values its text holds;
 * a code the interface does not know as the server wrote it.
 */
export function useMessageText() {
  const { t } = useTranslation();
  const problemText = useCallback(
    (problem: Problem) => {
      const key = messageKey(problem.code);
      return key ? t(`messages.${key}` as never, problem.values ?? {}) : (problem.message ?? problem.code);
    },
    [t],
  );
  const errorText = useCallback(
    (error: unknown) => {
      if (error instanceof ApiError) return problemText(error.problem);
      return error instanceof Error ? error.message : t('messages.requestFailed');
    },
    [t, problemText],
  );
  return { problemText, errorText };
}
