import { Button, Group, PasswordInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiError } from '../../api/errors';
import { useMessageText } from '../../i18n/useMessageText';
import { AuthForm, FormAlert } from '../../components/AuthCard';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { useForm } from '../../lib/form/useForm';
import * as rules from '../../lib/form/validation';
import { AccountSection } from './AccountSection';
import { changePassword, useRefreshOwnSessions, type PasswordChange } from './api';

const EMPTY: PasswordChange = { currentPassword: '', newPassword: '', confirmPassword: '' };

const check = ({ currentPassword, newPassword, confirmPassword }: PasswordChange) => {
  const checked = rules.newPassword({ password: newPassword, confirmPassword });
  return { currentPassword: rules.passwordGiven(currentPassword), newPassword: checked.password, confirmPassword: checked.confirmPassword };
};

/** A new password, after the current one; the member's other sessions end with the change. */
export function PasswordSection() {
  const { t } = useTranslation();
  const refreshSessions = useRefreshOwnSessions();
  // A new form (empty fields) after each change; the news stays above it.
  const [changes, setChanges] = useState(0);
  const [ended, setEnded] = useState<number>();
  const changed = (otherSessionsEnded: number) => {
    setEnded(otherSessionsEnded);
    setChanges((count) => count + 1);
    void refreshSessions();
  };
  return (
    <AccountSection title={t('account.password.title')}>
      {ended !== undefined && (
        <FormAlert kind="success">{ended > 0 ? t('account.password.othersEnded', { count: ended }) : t('account.password.changed')}</FormAlert>
      )}
      <PasswordForm key={changes} onChanged={changed} onStart={() => setEnded(undefined)} />
    </AccountSection>
  );
}

function PasswordForm({ onChanged, onStart }: { onChanged: (otherSessionsEnded: number) => void; onStart: () => void }) {
  const { t } = useTranslation();
  const { errorText } = useMessageText();
  const form = useForm(EMPTY, check);
  const submit = form.onSubmit(async () => {
    onStart();
    try {
      const { otherSessionsEnded } = await changePassword(form.values);
      onChanged(otherSessionsEnded);
    } catch (failure) {
      if (failure instanceof ApiError && Object.keys(failure.fields).length > 0) form.showServerErrors(failure.fields);
      else form.setError(errorText(failure));
    }
  });
  return (
    <AuthForm onSubmit={submit} formRef={form.formRef}>
      {form.error && <FormAlert kind="error">{form.error}</FormAlert>}
      <PasswordInput label={t('account.password.current')} autoComplete="current-password" required {...form.textField('currentPassword')} />
      <NewPasswordFields label={t('auth.newPassword')} password={form.textField('newPassword')} confirmation={form.textField('confirmPassword')} />
      <Group justify="flex-end">
        <Button type="submit" loading={form.busy}>
          {t('account.password.submit')}
        </Button>
      </Group>
    </AuthForm>
  );
}
