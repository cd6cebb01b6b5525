import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiError } from '../../api/errors';
import { useLanguage } from '../../i18n/useLanguage';
import { useMessageText } from '../../i18n/useMessageText';
import { track } from '../analytics';
import type { FitProfile } from '../fit';
import { askAssistant, sendFeedback } from './api';
import { aiMessage, answerMessage, userMessage, type AiMessage, type ChatMessage } from './message';
import type { Rating } from './api';

/**
 * The conversation (spec §4 Chat widget): one welcome message in the interface language at first and
 * again whenever the language changes, then questions and answers. One question at a time; `partial` is
 * the answer streaming in while `pending`.
 */
export function useChat() {
  const { t, i18n } = useTranslation();
  const language = useLanguage();
  const { errorText } = useMessageText();
  const [messages, setMessages] = useState<ChatMessage[]>(() => [aiMessage(t('chat.welcome'))]);
  const [pending, setPending] = useState(false);
  const [partial, setPartial] = useState('');
  const request = useRef<AbortController | null>(null);

  const stop = useCallback(() => {
    request.current?.abort();
    request.current = null;
    setPending(false);
    setPartial('');
  }, []);

  // A new language starts the conversation again, welcomed in that language.
  useEffect(() => {
    const restart = () => {
      stop();
      setMessages([aiMessage(i18n.t('chat.welcome'))]);
    };
    i18n.on('languageChanged', restart);
    return () => i18n.off('languageChanged', restart);
  }, [i18n, stop]);

  useEffect(() => stop, [stop]);

  // A refused question (too long, too many) or a busy assistant says why; anything else is the chat's own
  // error text (spec §8).
  const failureText = useCallback(
    (error: unknown) => (error instanceof ApiError && (error.status === 400 || error.status === 429 || error.status === 503) ? errorText(error) : t('chat.error')),
    [errorText, t],
  );

  /** Sends `text` (with her fit profile when she lets the assistant read it) unless it is blank or an answer is pending; true when sent. */
  const ask = useCallback(
    (text: string, fitProfile?: FitProfile): boolean => {
      const question = text.trim();
      if (question === '' || request.current) return false;
      const controller = new AbortController();
      request.current = controller;
      setMessages((list) => [...list, userMessage(question)]);
      track('chatQuestion');
      setPending(true);
      void askAssistant(question, language, { signal: controller.signal, onText: setPartial, fitProfile })
        .then(
          (answer) => answerMessage(answer),
          (error: unknown) => aiMessage(failureText(error)),
        )
        .then((reply) => {
          // The widget closed or the language changed meanwhile: that conversation is gone.
          if (request.current !== controller) return;
          request.current = null;
          setMessages((list) => [...list, reply]);
          setPending(false);
          setPartial('');
        });
      return true;
    },
    [language, failureText],
  );

  const setFeedback = (messageId: string, feedback: Rating | undefined) =>
    setMessages((list) => list.map((message) => (message.id === messageId && message.sender === 'ai' ? { ...message, feedback } : message)));

  /** Rates an answer; the choice shows at once and is taken back if the server does not take it. */
  const rate = (message: AiMessage, rating: Rating) => {
    if (!message.answerId || message.feedback === rating) return;
    setFeedback(message.id, rating);
    sendFeedback(message.answerId, rating).catch(() => setFeedback(message.id, message.feedback));
  };

  return { messages, pending, partial, ask, rate };
}
