import type { TFunction } from 'i18next';

import type { QueueProblem } from '../../api/offlineQueueTypes';
import { messageKey } from '../../i18n/serverTexts';

/** The words for what a queued call was doing, by its method (only writes are queued). */
const ACTIONS = { POST: 'network.actions.POST', PUT: 'network.actions.PUT', PATCH: 'network.actions.PATCH', DELETE: 'network.actions.DELETE' } as const;

/** An address kept in its own direction inside a right-to-left sentence (Unicode isolates). */
const isolated = (text: string) => `\u2068${text}\u2069`;

/**
 * What a queued change that did not go through was, and why: the server's refusal in the interface
 * language by its code, else as the server wrote it (as useMessageText does).
 *
 * A chunk of its own, for the server texts' translations (i18n/serverTexts.ts). It takes `t` from the
 * indicator rather than from react-i18next, and so imports none of the modules the home page loads: a
 * chunk fetched later that imports some of them makes Rolldown split the home page's chunks they are in.
 */
export function QueueProblemText({ problem, t }: { problem: QueueProblem; t: TFunction }) {
  const method = problem.call.method in ACTIONS ? (problem.call.method as keyof typeof ACTIONS) : 'POST';
  const change = { action: t(ACTIONS[method]), path: isolated(problem.call.path) };
  if (problem.kind === 'uncertain') return t('network.uncertain', change);
  const key = messageKey(problem.reason?.code);
  const reason = key ? t(`messages.${key}` as never, problem.reason?.values ?? {}) : problem.reason?.message;
  return t('network.refused', { ...change, reason });
}
