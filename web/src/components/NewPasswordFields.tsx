import { PasswordInput } from '@mantine/core';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';

import { PASSWORD_SPECIALS } from '../lib/form/validation';

type FieldProps = Pick<ComponentProps<typeof PasswordInput>, 'name' | 'value' | 'onChange' | 'error' | 'aria-invalid'>;

/** A new password with its rules, and its confirmation (sign-up and password reset). */
export function NewPasswordFields({ label, password, confirmation }: { label: string; password: FieldProps; confirmation: FieldProps }) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordInput label={label} description={t('auth.passwordRules', { specials: PASSWORD_SPECIALS })} autoComplete="new-password" required {...password} />
      <PasswordInput label={t('auth.confirmPassword')} autoComplete="new-password" required {...confirmation} />
    </>
  );
}
