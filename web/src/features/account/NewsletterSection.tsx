import { Switch } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { isQueuedWrite } from '../../api/errors';
import { useMessageText } from '../../i18n/useMessageText';
import { FormAlert } from '../../components/AuthCard';
import { AccountSection } from './AccountSection';
import { useUpdateAccount, type Account } from './api';

/** The newsletter choice, saved as soon as it is switched. */
export function NewsletterSection({ account }: { account: Account }) {
  const { t } = useTranslation();
  const { errorText } = useMessageText();
  const update = useUpdateAccount();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'info' | 'error'; text: string }>();

  const toggle = async (newsletter: boolean) => {
    setBusy(true);
    setOutcome(undefined);
    try {
      const saved = await update({ newsletter });
      setOutcome({ kind: 'success', text: t(saved.newsletter ? 'account.newsletter.subscribed' : 'account.newsletter.unsubscribed') });
    } catch (failure) {
      // Made offline: saved on this device, and shown switched (useUpdateAccount).
      setOutcome(isQueuedWrite(failure) ? { kind: 'info', text: t('messages.queuedOffline') } : { kind: 'error', text: errorText(failure) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AccountSection title={t('account.newsletter.title')}>
      <Switch
        label={t('account.newsletter.label')}
        description={t('account.newsletter.hint')}
        checked={account.newsletter}
        disabled={busy}
        onChange={(event) => void toggle(event.currentTarget.checked)}
      />
      {outcome && <FormAlert kind={outcome.kind}>{outcome.text}</FormAlert>}
    </AccountSection>
  );
}
