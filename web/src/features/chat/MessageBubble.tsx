import { Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { AnswerFeedback } from './AnswerFeedback';
import { AnswerSources } from './AnswerSources';
import classes from './chat.module.css';
import type { Rating } from './api';
import type { AiMessage, ChatMessage } from './message';
import { QuestionChips } from './QuestionChips';

/** A message's bubble: the visitor's on the inline end, the assistant's on the inline start. */
export function Bubble({ sender, children }: { sender: ChatMessage['sender']; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={classes.message} data-sender={sender} data-testid="chat-message">
      <VisuallyHidden>{sender === 'user' ? t('chat.you') : t('chat.assistant')}</VisuallyHidden>
      {children}
    </div>
  );
}

interface MessageBubbleProps {
  message: ChatMessage;
  onRate: (message: AiMessage, rating: Rating) => void;
  /** A suggested question offered with an answer was chosen. */
  onSuggestion: (question: string) => void;
}

/** A message with, for an answer, its sources, the suggested questions it offers and the rating buttons. */
export function MessageBubble({ message, onRate, onSuggestion }: MessageBubbleProps) {
  return (
    <Bubble sender={message.sender}>
      <Text className={classes.text}>{message.text}</Text>
      {message.sender === 'ai' && (
        <>
          {message.sources.length > 0 && <AnswerSources sources={message.sources} />}
          {message.suggestions.length > 0 && <QuestionChips keys={message.suggestions} onPick={onSuggestion} />}
          {message.answerId && <AnswerFeedback feedback={message.feedback} onRate={(rating) => onRate(message, rating)} />}
        </>
      )}
    </Bubble>
  );
}
