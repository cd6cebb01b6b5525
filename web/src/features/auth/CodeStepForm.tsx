import { Anchor, Button, Group, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiError } from '../../api/errors';
import { nowSeconds, useCountdown } from '../../components/useCountdown';
import { useMessageText } from '../../i18n/useMessageText';
import type { SignedIn } from '../../lib/session/api';
import { resendCode, verifyCode, type CodeStep } from './api';
import { AuthForm, FormAlert } from '../../components/AuthCard';
import * as rules from '../../lib/form/validation';

/**
 * The second step of login and sign-up (spec §4): the 6-digit code from the e-mail, with "resend" once
 * its countdown is over. `onRestart` goes back to the first step (after five wrong codes a code is spent).
 */
export function CodeStepForm({ step, onSignedIn, onRestart }: { step: CodeStep; onSignedIn: (answer: SignedIn) => void; onRestart: () => void }) {
  const { t } = useTranslation();
  const { problemText, errorText } = useMessageText();
  const [challengeId, setChallengeId] = useState(step.challengeId);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  // A sign-up's code confirms the address; a login's is its second step.
  const [notice, setNotice] = useState(t(step.requiresVerification ? 'messages.checkEmail' : 'messages.codeSent'));
  const [mailDelayed, setMailDelayed] = useState(step.mailDelayed === true);
  const [busy, setBusy] = useState(false);
  const [resendAt, setResendAt] = useState(() => nowSeconds() + step.resendAfter);
  const resendIn = useCountdown(resendAt);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = rules.code(code);
    if (invalid) return setError(problemText(invalid));
    setBusy(true);
    setError(undefined);
    try {
      onSignedIn(await verifyCode(challengeId, code.trim()));
    } catch (failure) {
      setError(errorText(failure));
      setBusy(false);
    }
  };

  const resend = async () => {
    setError(undefined);
    try {
      const next = await resendCode(challengeId);
      setChallengeId(next.challengeId);
      setResendAt(nowSeconds() + next.resendAfter);
      setMailDelayed(next.mailDelayed === true);
      setCode('');
      setNotice(t('auth.codeResent'));
    } catch (failure) {
      if (failure instanceof ApiError && failure.retryAfter !== undefined) setResendAt(nowSeconds() + failure.retryAfter);
      setError(failure instanceof ApiError && failure.status === 429 ? errorText(failure) : t('messages.resendFailed'));
    }
  };

  return (
    <AuthForm onSubmit={submit}>
      <FormAlert kind="info">{notice}</FormAlert>
      {mailDelayed && <FormAlert kind="warning">{t('auth.mailDelayed')}</FormAlert>}
      {error && <FormAlert kind="error">{error}</FormAlert>}
      <TextInput
        label={t('auth.code')}
        description={t('auth.codeHint')}
        value={code}
        onChange={(event) => setCode(event.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        required
        autoFocus
        styles={{ input: { letterSpacing: '0.4em', fontSize: 'var(--mantine-font-size-lg)' } }}
      />
      <Button type="submit" loading={busy}>
        {t('auth.verify')}
      </Button>
      <Group justify="space-between" wrap="wrap">
        <Button variant="subtle" size="compact-sm" onClick={() => void resend()} disabled={resendIn > 0}>
          {resendIn > 0 ? t('auth.resendIn', { seconds: resendIn }) : t('auth.resend')}
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onRestart}>
          {t('auth.startOver')}
        </Anchor>
      </Group>
      <Text size="xs" c="dimmed">
        {t('auth.codeHelp')}
      </Text>
    </AuthForm>
  );
}
