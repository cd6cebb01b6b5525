import { Anchor, Button, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { ApiError } from '../../api/errors';
import { usePageTitle } from '../../components/usePageTitle';
import { useMessageText } from '../../i18n/useMessageText';
import { requestPasswordReset } from './api';
import { AuthCard, AuthForm, FormAlert } from '../../components/AuthCard';
import { useBotCheck } from './botcheck/BotCheck';
import { useForm } from '../../lib/form/useForm';
import * as rules from '../../lib/form/validation';

/**
 * Asks for a reset link (spec §4): the answer is the same whether or not the address has an account. The
 * bot-check comes first, as at login, so that requests nobody solved cannot use up an account's resets.
 */
export function RequestResetPage() {
  const { t } = useTranslation();
  usePageTitle('requestPasswordReset');
  const { errorText } = useMessageText();
  const [sent, setSent] = useState(false);
  const form = useForm({ email: '' }, (values) => ({ email: rules.email(values.email) }));
  const botCheck = useBotCheck();

  const submit = form.onSubmit(async () => {
    if (botCheck.token === undefined) return form.setError(t('messages.botCheckRequired'));
    try {
      await requestPasswordReset(form.values.email.trim(), botCheck.token);
      setSent(true);
    } catch (failure) {
      // A refusal says why (the address, the bot-check, the wait); anything else is the spec's failure text.
      const refused = failure instanceof ApiError && (failure.status === 400 || failure.status === 429);
      form.setError(refused ? errorText(failure) : t('messages.resetRequestFailed'));
      botCheck.renew();
    }
  });

  return (
    <AuthCard title={t('pages.requestPasswordReset')}>
      {sent ? (
        <>
          <FormAlert kind="success">{t('messages.resetRequested')}</FormAlert>
          <Text size="sm">{t('auth.resetCheckSpam')}</Text>
          <Anchor component={Link} to="/login">
            {t('auth.backToLogin')}
          </Anchor>
        </>
      ) : (
        <AuthForm onSubmit={submit} formRef={form.formRef}>
          <Text size="sm">{t('auth.resetIntro')}</Text>
          {form.error && <FormAlert kind="error">{form.error}</FormAlert>}
          <TextInput label={t('auth.email')} type="email" autoComplete="email" required {...form.textField('email')} />
          {botCheck.field}
          <Button type="submit" loading={form.busy}>
            {t('auth.sendResetLink')}
          </Button>
          <Anchor component={Link} to="/login" size="sm">
            {t('auth.backToLogin')}
          </Anchor>
        </AuthForm>
      )}
    </AuthCard>
  );
}
