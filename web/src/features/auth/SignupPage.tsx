import { Anchor, Button, Checkbox, Group, Text, TextInput } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';

import { ResponsiveGrid } from '../../components/ResponsiveGrid';
import { ApiError } from '../../api/errors';
import { usePageTitle } from '../../components/usePageTitle';
import { useLanguage } from '../../i18n/useLanguage';
import { useMessageText } from '../../i18n/useMessageText';
import { signup, type SignupFields } from './api';
import { AuthCard, AuthForm, FormAlert } from '../../components/AuthCard';
import { CodeStepForm } from './CodeStepForm';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { ProfileFields } from '../../components/ProfileFields';
import { useSession } from '../../lib/session/session';
import { useFirstStep } from './useFirstStep';
import { useForm } from '../../lib/form/useForm';
import * as rules from '../../lib/form/validation';

const EMPTY: SignupFields = {
  username: '',
  email: '',
  password: '',
  confirmPassword: '',
  gender: '',
  birthDate: '',
  phone: '',
  location: '',
  acceptTerms: false,
  newsletter: false,
};

const check = (values: SignupFields) => ({
  username: rules.username(values.username),
  email: rules.email(values.email),
  ...rules.newPassword(values),
  ...rules.profile(values),
  acceptTerms: values.acceptTerms ? undefined : { code: 'terms_required' },
});

/** Sign-up (spec §2, §3): the account fields, the terms agreement and the bot-check, then the e-mailed code. */
export function SignupPage() {
  const { t } = useTranslation();
  usePageTitle('signup');
  const language = useLanguage();
  const { errorText } = useMessageText();
  const { state } = useSession();
  const navigate = useNavigate();
  const form = useForm(EMPTY, check);
  const { botCheckField, step, submit, finish } = useFirstStep(form, {
    send: (turnstileToken) => signup({ ...form.values, language, turnstileToken }),
    returnPath: '/',
    event: 'signup',
    describeFailure: (failure) => {
      const fields = failure instanceof ApiError ? failure.fields : {};
      if (Object.keys(fields).length > 0) return void form.showServerErrors(fields);
      if (!(failure instanceof ApiError) || failure.isNetworkError) return t('messages.signupFailed');
      // An answer that says nothing of its own (a proxy's 502, an empty 500) gets the spec's other text.
      return failure.code === 'request_failed' ? t('messages.signupError') : errorText(failure);
    },
  });

  if (state.status === 'signedIn' && !step) return <Navigate to="/" replace />;

  if (step) {
    return (
      <AuthCard title={t('auth.confirmEmail')}>
        <CodeStepForm step={step} onSignedIn={finish} onRestart={() => void navigate('/login')} />
      </AuthCard>
    );
  }

  const legalLink = (to: string) => <Anchor component={Link} to={to} target="_blank" underline="always" />;
  return (
    <AuthCard title={t('pages.signup')}>
      <Text size="sm" c="dimmed">
        {t('auth.signupIntro')}
      </Text>
      <AuthForm onSubmit={submit} formRef={form.formRef}>
        {form.error && <FormAlert kind="error">{form.error}</FormAlert>}
        <TextInput label={t('auth.username')} autoComplete="username" required {...form.textField('username')} />
        <TextInput label={t('auth.email')} type="email" autoComplete="email" required {...form.textField('email')} />
        <NewPasswordFields label={t('auth.password')} password={form.textField('password')} confirmation={form.textField('confirmPassword')} />
        <ResponsiveGrid cols={{ xs: 2 }}>
          <ProfileFields form={form} />
        </ResponsiveGrid>
        <Checkbox
          name="acceptTerms"
          checked={form.values.acceptTerms}
          onChange={(event) => form.setValue('acceptTerms', event.currentTarget.checked)}
          error={form.errorOf('acceptTerms')}
          aria-invalid={form.errorOf('acceptTerms') ? true : undefined}
          label={<Trans i18nKey="auth.acceptTerms" components={{ terms: legalLink('/terms'), privacy: legalLink('/privacy') }} />}
        />
        <Checkbox
          name="newsletter"
          checked={form.values.newsletter}
          onChange={(event) => form.setValue('newsletter', event.currentTarget.checked)}
          label={t('auth.newsletterOptIn')}
        />
        {botCheckField}
        <Button type="submit" loading={form.busy}>
          {t('auth.createAccount')}
        </Button>
        <Group justify="center" gap={4}>
          <Text size="sm">{t('auth.haveAccount')}</Text>
          <Anchor component={Link} to="/login" size="sm">
            {t('nav.login')}
          </Anchor>
        </Group>
      </AuthForm>
    </AuthCard>
  );
}
