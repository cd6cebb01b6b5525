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
  const { text, errorText } = useMessageText();
  const [sent, setSent] = useState<string>();
  const form = useForm({ email: '' }, (values) => ({ email: rules.email(values.email) }));
  const botCheck = useBotCheck();

  const submit = form.onSubmit(async () => {
    if (botCheck.token === undefined) return form.setError(text('Please complete the security verification'));
    try {
      setSent(text((await requestPasswordReset(form.values.email.trim(), botCheck.token)).message));
    } catch (failure) {
      // A refusal says why (the address, the bot-check, the wait); anything else is the spec's failure text.
      const refused = failure instanceof ApiError && (failure.status === 400 || failure.status === 429);
      form.setError(refused ? errorText(failure) : text('Failed to send reset instructions. Please try again.'));
      botCheck.renew();
    }
  });

  return (
    <AuthCard title={t('pages.requestPasswordReset')}>
      {sent ? (
        <>
          <FormAlert kind="success">{sent}</FormAlert>
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
