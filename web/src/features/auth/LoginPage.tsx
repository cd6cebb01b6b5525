import { Anchor, Button, Group, PasswordInput, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';

import { usePageTitle } from '../../components/usePageTitle';
import { login } from './api';
import { AuthCard, AuthForm, FormAlert } from '../../components/AuthCard';
import { CodeStepForm } from './CodeStepForm';
import { useSession } from '../../lib/session/session';
import { useFirstStep } from './useFirstStep';
import { useForm } from '../../lib/form/useForm';
import * as rules from '../../lib/form/validation';

/** Where to go after signing in: back to the page that sent the user here, or home. */
export function useReturnPath(): string {
  const from = (useLocation().state as { from?: string } | null)?.from;
  return from?.startsWith('/') && !from.startsWith('//') ? from : '/';
}

/** Login (spec §2): username or e-mail, password and bot-check, then the e-mailed code. */
export function LoginPage() {
  const { t } = useTranslation();
  usePageTitle('login');
  const { state } = useSession();
  const returnPath = useReturnPath();
  const [params] = useSearchParams();
  const form = useForm({ username: '', password: '' }, (values) => ({
    username: values.username.trim() === '' ? { code: 'username_required' } : undefined,
    password: rules.passwordGiven(values.password),
  }));
  const { botCheckField, step, submit, restart, finish } = useFirstStep(form, {
    send: (turnstileToken) => login({ ...form.values, username: form.values.username.trim(), turnstileToken }),
    returnPath,
    event: 'login',
  });

  if (state.status === 'signedIn' && !step) return <Navigate to={returnPath} replace />;

  return (
    <AuthCard title={t('pages.login')}>
      {params.get('reason') === 'session_expired' && !step && <FormAlert kind="info">{t('auth.sessionExpired')}</FormAlert>}
      {step ? (
        <CodeStepForm step={step} onSignedIn={finish} onRestart={restart} />
      ) : (
        <AuthForm onSubmit={submit} formRef={form.formRef}>
          {form.error && <FormAlert kind="error">{form.error}</FormAlert>}
          <TextInput label={t('auth.usernameOrEmail')} autoComplete="username" required {...form.textField('username')} />
          <PasswordInput label={t('auth.password')} autoComplete="current-password" required {...form.textField('password')} />
          <Group justify="flex-end">
            <Anchor component={Link} to="/request-password-reset" size="sm">
              {t('auth.forgotPassword')}
            </Anchor>
          </Group>
          {botCheckField}
          <Button type="submit" loading={form.busy}>
            {t('auth.logIn')}
          </Button>
          <Text size="sm" ta="center">
            {t('auth.noAccount')}{' '}
            <Anchor component={Link} to="/signup" underline="always">
              {t('nav.signup')}
            </Anchor>
          </Text>
        </AuthForm>
      )}
    </AuthCard>
  );
}
