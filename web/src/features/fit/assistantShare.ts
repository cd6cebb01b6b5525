import { useState } from 'react';

import { useSession } from '../../lib/session/session';
import { useStoredProfile } from './api';
import { isEmpty, readDeviceProfile, type FitProfile } from './profile';

/** Where the dancer's leave for the assistant to read her profile is kept (this device). */
export const ASSISTANT_READS_KEY = 'fit-profile-assistant';

function allowedOnDevice(): boolean {
  try {
    return localStorage.getItem(ASSISTANT_READS_KEY) === 'yes';
  } catch {
    return false;
  }
}

/**
 * The dancer's profile for the assistant: hers (the account's for a member, this device's for a visitor),
 * and whether she lets the assistant read it. `profile` is what a question carries: set only when she
 * has one and has allowed it.
 */
export function useProfileForAssistant() {
  const { state } = useSession();
  const member = state.status === 'signedIn';
  const stored = useStoredProfile(member);
  const [device] = useState(readDeviceProfile);
  const [allowed, setAllowedState] = useState(allowedOnDevice);
  const own: FitProfile | undefined = member ? (stored.data?.profile ?? undefined) : device;
  const available = own !== undefined && !isEmpty(own);
  const setAllowed = (allow: boolean) => {
    setAllowedState(allow);
    try {
      if (allow) localStorage.setItem(ASSISTANT_READS_KEY, 'yes');
      else localStorage.removeItem(ASSISTANT_READS_KEY);
    } catch {
      // Storage refused: the choice holds for this visit.
    }
  };
  return { available, allowed, setAllowed, profile: available && allowed ? own : undefined };
}
