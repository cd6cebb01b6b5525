import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { ADMIN_NAMESPACE } from '../i18n';

/** What the server shows in place of a stored secret; sending it back keeps the secret. */
export const STORED_SECRET = '********';

/**
 * A stored secret (a password or an API key). The server never sends it back: it shows as ********,
 * which, left as it is, keeps the stored one; a new value replaces it and an empty field removes it.
 */
export function SecretInput({ value, ...props }: PasswordInputProps & { value: string }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  return (
    <PasswordInput
      // Not the admin's own password: the browser should not fill it in.
      autoComplete="new-password"
      description={value === STORED_SECRET ? t('settings.secretStored') : undefined}
      value={value}
      {...props}
    />
  );
}
