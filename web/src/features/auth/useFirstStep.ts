import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { useMessageText } from '../../i18n/useMessageText';
import type { SignedIn } from '../../lib/session/api';
import type { AuthStep, CodeStep } from './api';
import { useBotCheck } from './botcheck/BotCheck';
import { useSession } from '../../lib/session/session';
import { track } from '../analytics';

interface FirstStep {
  /** Sends the form with the bot-check's token. */
  send: (turnstileToken: string) => Promise<AuthStep>;
  /** Where to go once signed in. */
  returnPath: string;
  /** What the site's analytics counts once signed in. */
  event: 'login' | 'signup';
  /** The form's own handling of a failure; returns the text to show, or undefined when it showed it itself. */
  describeFailure?: (failure: unknown) => string | undefined;
}

type Form = { setError: (message: string | undefined) => void; onSubmit: (send: () => Promise<void>) => (event: FormEvent) => Promise<void> };

/**
 * The first step of login and sign-up: the bot-check, the call, then either signed in or the e-mailed
 * code step. A failed attempt spends the solved challenge, so the bot-check starts afresh.
 */
export function useFirstStep(form: Form, { send, returnPath, event, describeFailure }: FirstStep) {
  const { t } = useTranslation();
  const { errorText } = useMessageText();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const botCheck = useBotCheck();
  const [step, setStep] = useState<CodeStep>();

  const finish = (answer: SignedIn) => {
    signIn(answer);
    track(event);
    void navigate(returnPath, { replace: true });
  };

  const submit = form.onSubmit(async () => {
    if (botCheck.token === undefined) return form.setError(t('messages.botCheckRequired'));
    try {
      const answer = await send(botCheck.token);
      if (answer.kind === 'signedIn') return finish(answer.session);
      setStep(answer.step);
    } catch (failure) {
      form.setError(describeFailure ? describeFailure(failure) : errorText(failure));
      botCheck.renew();
    }
  });

  const restart = () => {
    setStep(undefined);
    botCheck.renew();
  };

  return { botCheckField: botCheck.field, step, submit, restart, finish };
}
