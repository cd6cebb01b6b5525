import type { Answer, AnswerSource, Rating } from './api';

/** The suggested questions' keys (spec §4); the server names the same keys in an answer's `suggestions`. */
export const SUGGESTION_KEYS = ['beginners', 'difference', 'durability', 'sizing'] as const;
export type SuggestionKey = (typeof SUGGESTION_KEYS)[number];

export const isSuggestionKey = (key: string): key is SuggestionKey => (SUGGESTION_KEYS as readonly string[]).includes(key);

/** A chat message (spec §3). */
interface MessageBase {
  id: string;
  text: string;
  /** Epoch milliseconds. */
  timestamp: number;
}

export interface UserMessage extends MessageBase {
  sender: 'user';
}

/** The welcome message, an answer, or the error text. */
export interface AiMessage extends MessageBase {
  sender: 'ai';
  sources: AnswerSource[];
  suggestions: SuggestionKey[];
  /** The server's id of the answer, for feedback; absent on the widget's own messages. */
  answerId?: string;
  feedback?: Rating;
}

export type ChatMessage = UserMessage | AiMessage;

let lastId = 0;
const nextId = () => `message-${++lastId}`;

export const userMessage = (text: string): UserMessage => ({ id: nextId(), sender: 'user', text, timestamp: Date.now() });

export const aiMessage = (text: string): AiMessage => ({ id: nextId(), sender: 'ai', text, timestamp: Date.now(), sources: [], suggestions: [] });

export const answerMessage = (answer: Answer): AiMessage => ({
  ...aiMessage(answer.answer),
  sources: answer.sources ?? [],
  suggestions: (answer.suggestions ?? []).filter(isSuggestionKey),
  answerId: answer.id,
});
