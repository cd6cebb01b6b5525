import { createContext, useContext, useMemo, useSyncExternalStore } from 'react';

import type { SignedIn, User } from './api';

export type SessionState =
  | { status: 'loading' }
  | { status: 'signedOut' }
  /** `expiresAt`: the token's `exp` in seconds, when it carries one. */
  | { status: 'signedIn'; user: User; expiresAt: number | undefined };

/** What the session shows: its state and whether the expiry warning is open (spec §4). */
export interface SessionView {
  state: SessionState;
  warningOpen: boolean;
}

export interface Session extends SessionView {
  signIn: (answer: SignedIn) => void;
  /** Ends the session on the server and here; `expired` sends the user to the login page saying so. */
  logOut: (options?: { expired?: boolean }) => void;
  /** Refreshes the token; when that fails the user is logged out. */
  extend: () => Promise<void>;
}

/**
 * The session's view, kept outside React's tree and read with `useSyncExternalStore`: a change reaches only
 * the components that read it, never a part of a drawn page that React has not taken over yet (a context's
 * change would make React take every such part over at once, in one long task, before it applies).
 */
export interface SessionStore {
  get: () => SessionView;
  subscribe: (listener: () => void) => () => void;
  update: (change: (view: SessionView) => SessionView) => void;
}

/** The server draws every page for a visitor whose session is not known yet. */
const SERVER_VIEW: SessionView = { state: { status: 'loading' }, warningOpen: false };
const serverView = () => SERVER_VIEW;

export function createSessionStore(): SessionStore {
  let view = SERVER_VIEW;
  const listeners = new Set<() => void>();
  return {
    get: () => view,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    update: (change) => {
      const next = change(view);
      if (next === view) return;
      view = next;
      listeners.forEach((listener) => listener());
    },
  };
}

/** The view as this component may draw it: while React takes over a drawn page, as the server drew it. */
export function useSessionView(store: SessionStore): SessionView {
  return useSyncExternalStore(store.subscribe, store.get, serverView);
}

export type SessionActions = Pick<Session, 'signIn' | 'logOut' | 'extend'> & { store: SessionStore };

export const SessionContext = createContext<SessionActions | null>(null);

/** The session: its view, and what changes it. */
export function useSession(): Session {
  const actions = useContext(SessionContext);
  if (!actions) throw new Error('useSession needs a SessionProvider above it');
  const { store, signIn, logOut, extend } = actions;
  const view = useSessionView(store);
  return useMemo(() => ({ ...view, signIn, logOut, extend }), [view, signIn, logOut, extend]);
}

/** The signed-in user, or undefined while loading or signed out. */
export function useCurrentUser(): User | undefined {
  const { state } = useSession();
  return state.status === 'signedIn' ? state.user : undefined;
}
