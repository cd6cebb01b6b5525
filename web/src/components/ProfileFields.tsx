import { Select, TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { GENDERS } from '../lib/form/validation';

/** What the fields need of the form (`useForm` over values with the profile's fields). */
interface ProfileForm {
  values: { gender: string };
  setValue: (name: 'gender', value: string) => void;
  errorOf: (name: 'gender') => string | undefined;
  textField: (name: 'birthDate' | 'phone' | 'location') => TextInputProps;
}

/**
 * The optional profile (sign-up, the account, the admin's new user), for the caller's grid. `own`: the
 * details are the person's own, which the browser may fill in (not when an admin adds someone else).
 */
export function ProfileFields({ form, own = true }: { form: ProfileForm; own?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Select
        label={t('auth.gender')}
        placeholder={t('auth.optional')}
        data={GENDERS.map((gender) => ({ value: gender, label: t(`auth.genders.${gender}`) }))}
        value={form.values.gender || null}
        onChange={(value) => form.setValue('gender', value ?? '')}
        clearable
        error={form.errorOf('gender')}
      />
      <TextInput label={t('auth.birthDate')} type="date" autoComplete={own ? 'bday' : undefined} {...form.textField('birthDate')} />
      <TextInput label={t('auth.phone')} type="tel" autoComplete={own ? 'tel' : undefined} placeholder={t('auth.optional')} {...form.textField('phone')} />
      <TextInput label={t('auth.location')} autoComplete={own ? 'address-level2' : undefined} placeholder={t('auth.optional')} maxLength={99} {...form.textField('location')} />
    </>
  );
}
