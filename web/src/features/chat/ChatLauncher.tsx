import { ActionIcon } from '@mantine/core';
import { IconMessageChatbot, IconX } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { PageLoader } from '../../components/PageLoader';
import { track } from '../analytics';
import classes from './chat.module.css';

// The window is a chunk of its own: pages load only this button until a visitor opens the chat.
const ChatWindow = lazy(() => import('./ChatWindow').then((module) => ({ default: module.ChatWindow })));

/** The floating chat button at the bottom corner on the inline end, and the chat window it opens (spec §2). */
export function ChatLauncher() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const windowId = useId();

  const close = useCallback(() => {
    setOpen(false);
    buttonRef.current?.focus();
  }, []);

  const openChat = () => {
    setOpen(true);
    track('chatOpened');
  };

  return (
    <>
      <ActionIcon
        ref={buttonRef}
        className={classes.launcher}
        size={56}
        radius="xl"
        aria-label={t('chat.button')}
        aria-expanded={open}
        aria-controls={open ? windowId : undefined}
        onClick={() => (open ? close() : openChat())}
      >
        {open ? <IconX size={26} aria-hidden /> : <IconMessageChatbot size={30} aria-hidden />}
      </ActionIcon>
      {open && (
        <Suspense
          fallback={
            <div className={classes.window}>
              <PageLoader />
            </div>
          }
        >
          <ChatWindow id={windowId} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
