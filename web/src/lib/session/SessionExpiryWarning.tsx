import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { useCountdown } from '../../components/useCountdown';
import { SCROLL_SETTLE_MS } from './limits';
import { useSession } from './session';

/**
 * What counts as the user being there (spec §4: mouse down, key down, touch or scroll); any of these
 * during the warning extends the session. `wheel` is a scroll as the user starts it; `scroll` also counts
 * inside the warning (scrolled by its scrollbar or by assistive technology, which may send neither). The
 * page behind the warning is locked (no scrollbar; wheel and touch held), so a scroll there is the page's
 * own doing (content growing above the fold, a chat log following its answer), not the user's.
 */
const ACTIVITY_EVENTS = ['mousedown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;
/** Marks the "Log out" button: pressing it must log out, not extend the session first. */
const LOG_OUT_ATTRIBUTE = 'data-session-log-out';
/** Marks the warning, whose own scrolls are the user's. */
const WARNING_ATTRIBUTE = 'data-session-warning';

/** The warning before the token expires: a countdown, "Stay logged in" and "Log out" (spec §4). */
export function SessionExpiryWarning() {
  const { t } = useTranslation();
  const { state, warningOpen, extend, logOut } = useSession();
  const expiresAt = state.status === 'signedIn' && warningOpen ? state.expiresAt : undefined;
  const seconds = useCountdown(expiresAt);
  const open = expiresAt !== undefined;

  useEffect(() => {
    if (open && seconds === 0) logOut({ expired: true });
  }, [open, seconds, logOut]);

  useEffect(() => {
    if (!open) return;
    const openedAt = Date.now();
    const onActivity = (event: Event) => {
      const within = (attribute: string) => event.target instanceof Element && event.target.closest(`[${attribute}]`) !== null;
      if (within(LOG_OUT_ATTRIBUTE)) return;
      if (event.type === 'scroll' && (!within(WARNING_ATTRIBUTE) || Date.now() - openedAt < SCROLL_SETTLE_MS)) return;
      void extend();
    };
    ACTIVITY_EVENTS.forEach((name) => window.addEventListener(name, onActivity, { capture: true, passive: true }));
    return () => ACTIVITY_EVENTS.forEach((name) => window.removeEventListener(name, onActivity, { capture: true }));
  }, [open, extend]);

  return (
    <Modal
      opened={open}
      onClose={() => void extend()}
      title={t('session.warningTitle')}
      closeOnClickOutside={false}
      withCloseButton={false}
      centered
      {...{ [WARNING_ATTRIBUTE]: '' }}
    >
      <Text role="timer" mb="lg">
        {t('session.warningText', { seconds })}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => logOut()} {...{ [LOG_OUT_ATTRIBUTE]: '' }}>
          {t('session.logOut')}
        </Button>
        <Button onClick={() => void extend()} data-autofocus>
          {t('session.stayLoggedIn')}
        </Button>
      </Group>
    </Modal>
  );
}
