import { Anchor, Button, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { ApiError } from '../../api/errors';
import { usePageTitle } from '../../components/usePageTitle';
import { useMessageText } from '../../i18n/useMessageText';
import { requestPasswordReset } from './api';
import { AuthCard, AuthForm, FormAlert } from '../../components/AuthCard';
import { useForm } from '../../lib/form/useForm';
import * as rules from '../../lib/form/validation';

/** Asks for a reset link (spec §4): the answer is the same whether or not the address has an account. */
export function RequestResetPage() {
  const { t } = useTranslation();
  usePageTitle('requestPasswordReset');
  const { text, errorText } = useMessageText();
  const [sent, setSent] = useState<string>();
  const form = useForm({ email: '' }, (values) => ({ email: rules.email(values.email) }));

  const submit = form.onSubmit(async () => {
    try {
      setSent(text((await requestPasswordReset(form.values.email.trim())).message));
    } catch (failure) {
      const limited = failure instanceof ApiError && failure.status === 429;
      form.setError(limited ? errorText(failure) : text('Failed to send reset instructions. Please try again.'));
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
