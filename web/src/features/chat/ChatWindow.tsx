import { ActionIcon, Anchor, Checkbox, CloseButton, Loader, Text, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useProfileForAssistant } from '../fit';
import { MAX_QUESTION_LENGTH } from './api';
import classes from './chat.module.css';
import { SUGGESTION_KEYS } from './message';
import { Bubble, MessageBubble } from './MessageBubble';
import { QuestionChips } from './QuestionChips';
import { useChat } from './useChat';

/**
 * The open chat (spec §2, §4): a non-modal dialog with the conversation, the suggested questions while
 * only the welcome message is there, and the question box. Enter sends, Shift+Enter starts a new line,
 * Escape closes.
 */
export function ChatWindow({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { messages, pending, partial, ask, rate } = useChat();
  const fit = useProfileForAssistant();
  const [question, setQuestion] = useState('');
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const logRef = useRef<HTMLDivElement>(null);

  useEffect(() => inputRef.current?.focus(), []);

  // The box was disabled while waiting, which may have taken the focus from it: give it back.
  useEffect(() => {
    const active = document.activeElement;
    if (!pending && (active === document.body || active === inputRef.current)) inputRef.current?.focus();
  }, [pending]);

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages, partial]);

  const fill = (text: string) => {
    setQuestion(text);
    inputRef.current?.focus();
  };

  const submit = () => {
    if (ask(question, fit.profile)) setQuestion('');
  };

  return (
    <div
      role="dialog"
      id={id}
      aria-modal="false"
      aria-labelledby={titleId}
      className={classes.window}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        onClose();
      }}
    >
      <div className={classes.header}>
        <Text component="h2" id={titleId} fw={700} size="lg">
          {t('chat.title')}
        </Text>
        <CloseButton aria-label={t('chat.close')} onClick={onClose} />
      </div>
      {/* Focusable, so that a long conversation scrolls by keyboard too. */}
      <div ref={logRef} role="log" aria-live="polite" aria-busy={pending} aria-label={t('chat.conversation')} tabIndex={0} className={classes.log}>
        {messages.map((message) => (
          <MessageBubble key={message.id} message={message} onRate={rate} onSuggestion={fill} />
        ))}
        {partial !== '' && <Bubble sender="ai">{partial}</Bubble>}
      </div>
      {pending && partial === '' && (
        <div role="status" aria-label={t('chat.typing')} className={classes.typing}>
          <Loader type="dots" size="sm" aria-hidden />
          <Text size="sm" c="dimmed">
            {t('chat.typing')}
          </Text>
        </div>
      )}
      {messages.length === 1 && (
        <div className={classes.suggestions}>
          <QuestionChips keys={SUGGESTION_KEYS} onPick={fill} />
          <Anchor component={Link} to="/fit" size="sm" mt="xs" display="block">
            {t('chat.fitProfile')}
          </Anchor>
        </div>
      )}
      {fit.available && (
        <Checkbox
          className={classes.profileChoice}
          size="xs"
          label={t('chat.readFitProfile')}
          checked={fit.allowed}
          onChange={(event) => fit.setAllowed(event.currentTarget.checked)}
        />
      )}
      <form
        className={classes.composer}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Textarea
          ref={inputRef}
          className={classes.input}
          aria-label={t('chat.inputLabel')}
          placeholder={t('chat.placeholder')}
          rows={2}
          maxLength={MAX_QUESTION_LENGTH}
          value={question}
          disabled={pending}
          onChange={(event) => setQuestion(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
            event.preventDefault();
            submit();
          }}
        />
        <ActionIcon type="submit" size="lg" aria-label={t('chat.send')} disabled={pending || question.trim() === ''}>
          <IconSend size={18} aria-hidden className={classes.sendIcon} />
        </ActionIcon>
      </form>
    </div>
  );
}
