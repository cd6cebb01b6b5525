import { Anchor, Button } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';

import { ApiError } from '../../api/errors';
import { usePageTitle } from '../../components/usePageTitle';
import { useMessageText } from '../../i18n/useMessageText';
import { resetPassword } from './api';
import { AuthCard, AuthForm, FormAlert } from '../../components/AuthCard';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { useForm } from '../../lib/form/useForm';
import * as rules from '../../lib/form/validation';

/**
 * The link's token travels in the URL fragment, which browsers never send to a server or in a Referer.
 * The page keeps it and removes it from the address bar, so it does not stay in the history either.
 */
function useResetToken(): string {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => new URLSearchParams(hash.slice(1)).get('token') ?? '');
  useEffect(() => {
    if (hash) void navigate({ pathname, search }, { replace: true });
  }, [hash, pathname, search, navigate]);
  return token;
}

/** Sets a new password with an e-mailed link (spec §4); a bad link offers to ask for a new one. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  usePageTitle('resetPassword');
  const { errorText } = useMessageText();
  const token = useResetToken();
  const [linkInvalid, setLinkInvalid] = useState(token === '');
  const [done, setDone] = useState(false);
  const form = useForm({ password: '', confirmPassword: '' }, rules.newPassword);

  const submit = form.onSubmit(async () => {
    try {
      await resetPassword(token, form.values);
      setDone(true);
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'invalid_link') setLinkInvalid(true);
      else if (failure instanceof ApiError && Object.keys(failure.fields).length > 0) form.showServerErrors(failure.fields);
      else form.setError(errorText(failure));
    }
  });

  const body = () => {
    if (done) {
      return (
        <>
          <FormAlert kind="success">{t('messages.passwordChanged')}</FormAlert>
          <Button component={Link} to="/login">
            {t('auth.logIn')}
          </Button>
        </>
      );
    }
    if (linkInvalid) {
      return (
        <>
          <FormAlert kind="error">{t('messages.invalidResetLink')}</FormAlert>
          <Button component={Link} to="/request-password-reset">
            {t('auth.requestNewLink')}
          </Button>
        </>
      );
    }
    return (
      <AuthForm onSubmit={submit} formRef={form.formRef}>
        {form.error && <FormAlert kind="error">{form.error}</FormAlert>}
        <NewPasswordFields label={t('auth.newPassword')} password={form.textField('password')} confirmation={form.textField('confirmPassword')} />
        <Button type="submit" loading={form.busy}>
          {t('auth.setPassword')}
        </Button>
        <Anchor component={Link} to="/login" size="sm">
          {t('auth.backToLogin')}
        </Anchor>
      </AuthForm>
    );
  };

  return <AuthCard title={t('pages.resetPassword')}>{body()}</AuthCard>;
}
