import { ActionIcon, Group } from '@mantine/core';
import { IconThumbDown, IconThumbDownFilled, IconThumbUp, IconThumbUpFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import type { Rating } from './api';

/** Thumbs up and down on an answer; the chosen one stays pressed. */
export function AnswerFeedback({ feedback, onRate }: { feedback: Rating | undefined; onRate: (rating: Rating) => void }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} mt={4}>
      <ActionIcon variant="subtle" color="gray.8" aria-label={t('chat.helpful')} aria-pressed={feedback === 'up'} onClick={() => onRate('up')}>
        {feedback === 'up' ? <IconThumbUpFilled size={16} aria-hidden /> : <IconThumbUp size={16} aria-hidden />}
      </ActionIcon>
      <ActionIcon variant="subtle" color="gray.8" aria-label={t('chat.notHelpful')} aria-pressed={feedback === 'down'} onClick={() => onRate('down')}>
        {feedback === 'down' ? <IconThumbDownFilled size={16} aria-hidden /> : <IconThumbDown size={16} aria-hidden />}
      </ActionIcon>
    </Group>
  );
}
