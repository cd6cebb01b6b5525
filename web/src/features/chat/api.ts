import { z } from 'zod/mini';

import { apiFetch, apiSend } from '../../api/client';
import { ApiError, ContractError, errorFromAnswer, noAnswer, serverErrorText } from '../../api/errors';
import { REQUEST_TIMEOUT_MS } from '../../api/limits';
import { readJson } from '../../api/transport';
import type { Language } from '../../i18n/languages';
import type { FitProfile } from '../fit';
import { EventStreamParser } from './sse';

/** The server's limit on a question's length (docs/assistant.md). */
export const MAX_QUESTION_LENGTH = 500;

export const SOURCE_KINDS = ['brand', 'product', 'post', 'tips'] as const;

const sourceSchema = z.object({
  kind: z.enum(SOURCE_KINDS),
  id: z.string(),
  title: z.string(),
  /** A path on this site, or for a product the maker's page (an https address). */
  link: z.string(),
});
/** A visitor's judgement of an answer. */
export type Rating = 'up' | 'down';

export type AnswerSource = z.infer<typeof sourceSchema>;

export const answerSchema = z.object({
  id: z.string(),
  answer: z.string(),
  sources: z.optional(z.array(sourceSchema)),
  /** Suggested questions' keys, when the question found nothing. */
  suggestions: z.optional(z.array(z.string())),
});
export type Answer = z.infer<typeof answerSchema>;

/** The three ask calls, in the order the chat tries them (spec §7). */
const askCalls = (question: string, language: Language, fitProfile: FitProfile | undefined) =>
  [
    { path: '/ai/ask-hybrid', body: { question, language, includesSources: true, fitProfile } },
    { path: '/ai/ask-with-rag', body: { question, language, fitProfile } },
    { path: '/ai/ask', body: { question, language, fitProfile } },
  ] as const;

export interface AskOptions {
  /** Aborts the question (the widget closed). */
  signal: AbortSignal;
  /** The answer so far, as it streams in ('' when a call starts over). */
  onText: (text: string) => void;
  /** The asker's fit profile, sent only with her leave (features/fit). */
  fitProfile?: FitProfile;
}

/** Answers that the next call of the chain would get too: rate-limited, or the assistant busy. */
const endsTheChain = (error: unknown) => error instanceof ApiError && (error.status === 429 || error.status === 503);

/**
 * Asks ask-hybrid, then ask-with-rag, then ask, until one answers in full. These calls are not retried
 * (the chain is the retry) and not queued offline; the error of the last call tried is raised.
 */
export async function askAssistant(question: string, language: Language, { signal, onText, fitProfile }: AskOptions): Promise<Answer> {
  let failure: unknown;
  for (const call of askCalls(question, language, fitProfile)) {
    try {
      onText('');
      return await askOnce(call.path, call.body, signal, onText);
    } catch (error) {
      if (signal.aborted || endsTheChain(error)) throw error;
      failure = error;
    }
  }
  throw failure;
}

async function askOnce(path: string, body: object, signal: AbortSignal, onText: (text: string) => void): Promise<Answer> {
  const response = await apiFetch({ method: 'POST', path, body, accept: 'text/event-stream' }, signal, true);
  if (!response.ok) throw errorFromAnswer(await readJson(response), response.status);
  // A server (or proxy) that does not stream answers the plain answer.
  if (response.headers.get('Content-Type')?.startsWith('application/json') || !response.body) return checkedAnswer(path, await readJson(response));
  return readStream(path, response.body, signal, onText);
}

function checkedAnswer(path: string, body: unknown): Answer {
  const parsed = answerSchema.safeParse(body);
  if (!parsed.success) throw new ContractError(path, parsed.error.issues);
  return parsed.data;
}

const parseData = (data: string): unknown => {
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return undefined;
  }
};

/**
 * The answer's events: `start` drops the text so far, `delta` adds to it, `done` is the answer, `error`
 * fails the call, as does a stream that ends without `done` or goes 30 s without sending anything.
 */
async function readStream(path: string, body: ReadableStream<Uint8Array>, signal: AbortSignal, onText: (text: string) => void): Promise<Answer> {
  const reader = body.getReader();
  const stop = () => void reader.cancel().catch(() => {});
  let silence = setTimeout(stop, REQUEST_TIMEOUT_MS);
  signal.addEventListener('abort', stop, { once: true });
  const decoder = new TextDecoder();
  const parser = new EventStreamParser();
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) throw noAnswer();
      clearTimeout(silence);
      silence = setTimeout(stop, REQUEST_TIMEOUT_MS);
      for (const event of parser.feed(decoder.decode(value, { stream: true }))) {
        const data = parseData(event.data);
        switch (event.event) {
          case 'start':
            text = '';
            onText(text);
            break;
          case 'delta': {
            const piece = (data as { text?: unknown } | undefined)?.text;
            if (typeof piece === 'string') onText((text += piece));
            break;
          }
          case 'done':
            return checkedAnswer(path, data);
          case 'error':
            // An error answer's body (its text and code), ending an answer the server could not give.
            throw serverErrorText(data) === undefined ? noAnswer() : errorFromAnswer(data, 500);
        }
      }
    }
  } finally {
    clearTimeout(silence);
    signal.removeEventListener('abort', stop);
    stop();
  }
}

/** Rates an answer (204); a second rating replaces the first. Made offline, the rating is sent once back online. */
export async function sendFeedback(id: string, rating: Rating): Promise<void> {
  await apiSend('/ai/feedback', { method: 'POST', body: { id, rating } });
}
