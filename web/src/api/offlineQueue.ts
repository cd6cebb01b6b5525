import { ApiError, errorFromAnswer } from './errors';
import { REQUEST_TIMEOUT_MS } from './limits';
import type { FlushMeans, QueuedCall, QueueProblem } from './offlineQueueTypes';
import { storedToken, tokenRejected, tokenSubject } from './token';
import { fetchOnce, readJson, type Call, type Method } from './transport';

/**
 * Writes made while offline (spec §4, §7), kept in local storage across reloads and sent in order, each
 * once, when the connection returns (connectivity.ts: after each answer of `HEAD /api/health`). Here is
 * what a page needs from its start (which writes may wait, queueing them, what the indicator shows); the
 * sending is offlineQueueFlush.ts, fetched when there is something to send.
 */
export const QUEUE_KEY = 'pointe-offline-queue';

/**
 * The queue's bounds: at most this many calls and this many characters of JSON in all (local storage holds
 * about 5 million per site, shared with the catalogue's offline copy). A write that would go past either is
 * not queued: its caller gets `offline_queue_full` ("… this one was not saved …"), and the calls already
 * waiting stay as they are (none is dropped to make room: each was reported saved on this device).
 */
export const MAX_QUEUED_CALLS = 50;
export const MAX_QUEUE_CHARS = 256 * 1024;


/**
 * Which writes wait in the queue while offline. Every POST, PUT, PATCH and DELETE made through the API
 * client (`apiRequest`, `apiSend`) does, except:
 * - /auth/ (sign-in, sign-up, codes, password reset, verify, refresh, logout): a session must not start
 *   or end later on its own;
 * - calls whose answer the screen needs to go on: previews, audience counts, tests, uploads, copies,
 *   cache clears (answered with the new figures), the POP3 mailbox (it lives on the mail server), campaigns
 *   (a new one's page needs its id; a send or a schedule must not happen at another time than the
 *   admin's), the assistant's questions; `callOnce` never queues;
 * - security actions, answered at once or not at all: password changes, ending sessions, unsubscribing;
 * - bodies that are not JSON (a file) or that name a password, secret, token or key at any depth: nothing
 *   secret is written to local storage.
 * The others fail as they did (`no_answer`) when no answer comes.
 */
const NOT_QUEUED: readonly RegExp[] = [
  /^\/auth\//,
  /^\/account\/(password|sessions)/,
  /^\/sessions\//,
  /^\/admin\/email\/campaigns/,
  /^\/admin\/cache/,
  /^\/admin\/uploads/,
  /^\/admin\/email\/pop3/,
  /^\/email\/unsubscribe/,
  /^\/ai\/ask/,
  // A read with a body: nothing to send later.
  /^\/fit\/recommendations/,
  /\/(preview|audience|test|duplicate)(\?|\/|$)/,
];
const WRITES: readonly Method[] = ['POST', 'PUT', 'PATCH', 'DELETE'];
const SECRET_NAME = /password|secret|token|apikey|api_key|privatekey|private_key/i;

function namesSecret(value: unknown, depth = 0): boolean {
  if (typeof value !== 'object' || value === null || depth > 8) return false;
  return Object.entries(value).some(([name, inner]) => SECRET_NAME.test(name) || namesSecret(inner, depth + 1));
}

const isPlainJson = (body: unknown) =>
  body === undefined || typeof body !== 'object' || body === null || Array.isArray(body) || Object.getPrototypeOf(body) === Object.prototype;

/** Whether `call` may wait in the queue while offline (the rule above). */
export function mayWaitOffline(call: Call): boolean {
  return WRITES.includes(call.method) && !NOT_QUEUED.some((rule) => rule.test(call.path)) && isPlainJson(call.body) && !namesSecret(call.body);
}

const currentUser = (): string | undefined => {
  const token = storedToken();
  return token ? tokenSubject(token) : undefined;
};

/** Every call in the queue, oldest first. */
export function queuedCalls(): QueuedCall[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(QUEUE_KEY) ?? '[]');
    return Array.isArray(stored) ? (stored as QueuedCall[]) : [];
  } catch {
    return [];
  }
}

/** The calls this visitor's flush sends: their own and those made signed out (the banner counts these). */
export function pendingCalls(): QueuedCall[] {
  const user = currentUser();
  return queuedCalls().filter((call) => call.owner === undefined || call.owner === user);
}

const changeListeners = new Set<() => void>();
const queuedListeners = new Set<(call: QueuedCall) => void>();

function changed() {
  changeListeners.forEach((listener) => listener());
}

function followOtherTabs(event: StorageEvent) {
  if (event.key === QUEUE_KEY || event.key === null) changed();
}

/** Calls `listener` when the queue changes, in this tab or another. */
export function subscribeQueue(listener: () => void): () => void {
  if (changeListeners.size === 0) window.addEventListener('storage', followOtherTabs);
  changeListeners.add(listener);
  return () => {
    changeListeners.delete(listener);
    if (changeListeners.size === 0) window.removeEventListener('storage', followOtherTabs);
  };
}

/** Calls `listener` with each write this tab puts in the queue (the indicator says it was queued). */
export function onQueued(listener: (call: QueuedCall) => void): () => void {
  queuedListeners.add(listener);
  return () => queuedListeners.delete(listener);
}

/** Writes the queue; false when storage refused it. */
function save(calls: QueuedCall[]): boolean {
  try {
    if (calls.length === 0) localStorage.removeItem(QUEUE_KEY);
    else localStorage.setItem(QUEUE_KEY, JSON.stringify(calls));
  } catch {
    return false;
  }
  changed();
  return true;
}

/**
 * Puts a write at the end of the queue. Past the queue's bounds, or when storage refuses it, the write is
 * not kept and an ApiError `offline_queue_full` is raised.
 */
export function enqueue(call: Call): QueuedCall {
  const queued: QueuedCall = { id: crypto.randomUUID(), method: call.method, path: call.path, body: call.body, queuedAt: Date.now() };
  const owner = currentUser();
  if (owner !== undefined) queued.owner = owner;
  const calls = [...queuedCalls(), queued];
  const full = () =>
    new ApiError('Too many changes are waiting to be sent: this one was not saved. Try again when the connection returns.', undefined, { code: 'offline_queue_full' });
  if (calls.length > MAX_QUEUED_CALLS || JSON.stringify(calls).length > MAX_QUEUE_CHARS) throw full();
  if (!save(calls)) throw full();
  queuedListeners.forEach((listener) => listener(queued));
  return queued;
}


let problems: readonly QueueProblem[] = [];
const problemListeners = new Set<() => void>();

/** The problems of this tab's flushes not yet dismissed, oldest first (the indicator shows them). */
export const queueProblems = (): readonly QueueProblem[] => problems;

export function subscribeQueueProblems(listener: () => void): () => void {
  problemListeners.add(listener);
  return () => problemListeners.delete(listener);
}

function setProblems(next: readonly QueueProblem[]) {
  problems = next;
  problemListeners.forEach((listener) => listener());
}

export function dismissQueueProblem(id: string) {
  setProblems(problems.filter((problem) => problem.id !== id));
}

/** What a flush works with (offlineQueueFlush.ts says why it is handed over rather than imported there). */
const flushMeans: FlushMeans = {
  pendingCalls,
  updateCall: (id, change) => save(queuedCalls().flatMap((call) => (call.id === id ? (change(call) ?? []) : [call]))),
  reportProblem: (problem) => setProblems([...problems, problem]),
  send: fetchOnce,
  refusal: async (response) => errorFromAnswer(await readJson(response), response.status),
  tokenRejected,
  callTimeoutMs: REQUEST_TIMEOUT_MS,
};

let flushing: Promise<number> | null = null;

/**
 * Sends the visitor's queued calls one by one, oldest first, in one tab at a time. A call that gets an
 * answer leaves the queue; a refusal (4xx) is reported (`queueProblems`), since it will not succeed later
 * either. No answer, a 5xx, 408 or 429 stops the flush with the call kept, so that order is kept. A 401 to
 * a signed-in user's call ends the session (as any call's does) and keeps the call until they sign in again.
 * Each call is marked before it is sent: one still marked when a flush begins was being sent by a page
 * that closed, and is not sent again (it may have arrived) but reported as uncertain.
 * Resolves to the number of calls answered.
 *
 * The sending code is a chunk of its own, fetched only when the visitor has calls waiting (and the
 * connection is back: the health check calls this). It is not fetched ahead when the connection drops,
 * since nothing can be fetched then; a chunk that does not arrive leaves the queue for the next check.
 */
export function flushQueue(): Promise<number> {
  if (flushing) return flushing;
  if (pendingCalls().length === 0) return Promise.resolve(0);
  flushing = import('./offlineQueueFlush')
    .then(({ sendQueue }) => sendQueue(flushMeans), () => 0)
    .finally(() => {
      flushing = null;
    });
  return flushing;
}
