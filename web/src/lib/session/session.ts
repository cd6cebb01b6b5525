import { createContext, useContext } from 'react';

import { useTakenOver } from '../preact/hydrateInSlices';

import type { SignedIn, User } from './api';

export type SessionState =
  | { status: 'loading' }
  | { status: 'signedOut' }
  /** `expiresAt`: the token's `exp` in seconds, when it carries one. */
  | { status: 'signedIn'; user: User; expiresAt: number | undefined };

export interface Session {
  state: SessionState;
  /** The expiry warning is open (spec §4). */
  warningOpen: boolean;
  signIn: (answer: SignedIn) => void;
  /** Ends the session on the server and here; `expired` sends the user to the login page saying so. */
  logOut: (options?: { expired?: boolean }) => void;
  /** Refreshes the token; when that fails the user is logged out. */
  extend: () => Promise<void>;
}

export const SessionContext = createContext<Session | null>(null);

/** The session; while a component takes over the server's drawing, as the server drew it (loading). */
export function useSession(): Session {
  const session = useContext(SessionContext);
  const takenOver = useTakenOver();
  if (!session) throw new Error('useSession needs a SessionProvider above it');
  return takenOver ? session : { ...session, state: { status: 'loading' } };
}

/** The signed-in user, or undefined while loading or signed out. */
export function useCurrentUser(): User | undefined {
  const { state } = useSession();
  return state.status === 'signedIn' ? state.user : undefined;
}
