import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import classes from './chat.module.css';
import type { SuggestionKey } from './message';

/** Suggested questions; choosing one puts it in the question box (it is not sent). */
export function QuestionChips({ keys, onPick }: { keys: readonly SuggestionKey[]; onPick: (question: string) => void }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" role="group" aria-label={t('chat.suggestionsLabel')}>
      {keys.map((key) => (
        <Button key={key} variant="light" size="compact-sm" classNames={{ root: classes.chip, label: classes.chipLabel }} onClick={() => onPick(t(`chat.suggestions.${key}`))}>
          {t(`chat.suggestions.${key}`)}
        </Button>
      ))}
    </Group>
  );
}
