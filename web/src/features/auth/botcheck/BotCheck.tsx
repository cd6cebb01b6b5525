import { Button, Group, Loader, Paper, Text } from '@mantine/core';
import { IconAlertTriangle, IconShieldCheck } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';

import { apiRequest } from '../../../api/client';
import { useLanguage } from '../../../i18n/useLanguage';
import { solveAltcha } from './altcha';
import { loadTurnstile } from './turnstile';

export const challengeSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('altcha'), algorithm: z.string(), challenge: z.string(), maxnumber: z.number(), salt: z.string(), signature: z.string() }),
  z.object({ provider: z.literal('turnstile'), siteKey: z.string() }),
  z.object({ provider: z.literal('off') }),
]);

type Status = 'working' | 'done' | 'failed' | 'widget' | 'off';

/**
 * The bot-check of the login and sign-up forms (spec §2): solves the server's proof-of-work challenge in
 * the background, or shows the Turnstile widget when the site uses it. `onToken` gets what the form sends
 * as `turnstileToken` ('' when the check is off), or undefined while there is none.
 */
function BotCheck({ onToken }: { onToken: (token: string | undefined) => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [attempt, setAttempt] = useState(0);
  // How the check for this attempt and language went; until it says, it is working.
  const [outcome, setOutcome] = useState<{ attempt: number; language: string; status: Status }>();
  const status = outcome?.attempt === attempt && outcome.language === language ? outcome.status : 'working';
  const widget = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const abort = new AbortController();
    let removeWidget = () => {};
    const settle = (status: Status) => setOutcome({ attempt, language, status });
    onToken(undefined);
    const fail = () => !abort.signal.aborted && settle('failed');
    apiRequest('/auth/bot-check', { schema: challengeSchema, signal: abort.signal })
      .then(async (challenge) => {
        if (challenge.provider === 'off') {
          onToken('');
          return settle('off');
        }
        if (challenge.provider === 'altcha') {
          const token = await solveAltcha(challenge, abort.signal);
          if (!token) return fail();
          onToken(token);
          return settle('done');
        }
        const turnstile = await loadTurnstile();
        if (abort.signal.aborted || !widget.current) return;
        settle('widget');
        const id = turnstile.render(widget.current, {
          sitekey: challenge.siteKey,
          language,
          callback: onToken,
          'error-callback': fail,
          'expired-callback': () => onToken(undefined),
        });
        removeWidget = () => turnstile.remove(id);
      })
      .catch(fail);
    return () => {
      abort.abort();
      removeWidget();
    };
  }, [attempt, language, onToken]);

  return (
    <div>
      <div ref={widget} />
      {(status === 'working' || status === 'done' || status === 'failed') && (
        <Paper withBorder p="xs" radius="sm" role="status">
          <Group gap="xs" wrap="nowrap">
            {status === 'working' && <Loader size="xs" aria-hidden />}
            {status === 'done' && <IconShieldCheck size={18} color="var(--mantine-color-teal-7)" aria-hidden />}
            {status === 'failed' && <IconAlertTriangle size={18} color="var(--mantine-color-red-7)" aria-hidden />}
            <Text size="sm">{t(`botCheck.${status}`)}</Text>
            {status === 'failed' && (
              <Button size="compact-xs" variant="light" onClick={() => setAttempt((n) => n + 1)}>
                {t('common.retry')}
              </Button>
            )}
          </Group>
        </Paper>
      )}
    </div>
  );
}

/**
 * The form's bot-check: the token to send, the field to show, and `renew` for after a failed attempt
 * (a solved challenge is accepted only once).
 */
export function useBotCheck() {
  const [token, setToken] = useState<string | undefined>();
  const [round, setRound] = useState(0);
  const onToken = useCallback((next: string | undefined) => setToken(next), []);
  const renew = useCallback(() => setRound((n) => n + 1), []);
  return { token, renew, field: <BotCheck key={round} onToken={onToken} /> };
}
