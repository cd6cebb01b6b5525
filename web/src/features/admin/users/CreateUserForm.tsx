import { Checkbox, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { NewPasswordFields } from '../../../components/NewPasswordFields';
import { ProfileFields } from '../../../components/ProfileFields';
import { useForm } from '../../../lib/form/useForm';
import * as rules from '../../../lib/form/validation';
import { useAdminText } from '../adminTexts';
import { AdminFormModal, showSaveError } from '../components/AdminFormModal';
import { notifySuccess } from '../components/notify';
import { ADMIN_NAMESPACE } from '../i18n';
import { USER_ROLES, useCreateUser, type UserRole } from './api';
import { useCanGrant } from './userColumns';

const EMPTY = {
  username: '',
  email: '',
  password: '',
  confirmPassword: '',
  gender: '',
  birthDate: '',
  phone: '',
  location: '',
  role: 'user',
  isAdmin: false,
  vip: false,
};
type Values = typeof EMPTY;

/** The sign-up rules (spec §5), with the texts the server gives for them. */
const check = (values: Values) => ({
  username: rules.username(values.username),
  email: rules.email(values.email),
  ...rules.newPassword(values),
  ...rules.profile(values),
});

const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());

/** Adds a user with the sign-up fields, a role, admin access and VIP membership. */
export function CreateUserForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { problemText, errorText } = useAdminText();
  const createUser = useCreateUser();
  const canGrant = useCanGrant();
  const form = useForm(EMPTY, check, problemText);
  const { values } = form;
  // The admin role and admin access are one thing: either one shows (and sends) both.
  const isAdmin = values.isAdmin || values.role === 'admin';

  const submit = form.onSubmit(async () => {
    try {
      const user = await createUser.mutateAsync({
        username: values.username.trim(),
        email: values.email.trim(),
        password: values.password,
        confirmPassword: values.confirmPassword,
        gender: optional(values.gender),
        birthDate: optional(values.birthDate),
        phone: optional(values.phone),
        location: optional(values.location),
        role: isAdmin ? 'admin' : (values.role as UserRole),
        isAdmin,
        vip: values.vip,
      });
      notifySuccess(t('users.added', { name: user.username }));
      onClose();
    } catch (failure) {
      showSaveError(form, failure, (error) => t('users.createFailed', { reason: errorText(error) }));
    }
  });

  return (
    <AdminFormModal title={t('users.add')} form={form} onSubmit={submit} onClose={onClose} size="lg">
      <TextInput label={t('users.username')} autoComplete="off" required {...form.textField('username')} />
      <TextInput label={t('users.email')} type="email" autoComplete="off" required {...form.textField('email')} />
      <NewPasswordFields label={t('users.password')} password={form.textField('password')} confirmation={form.textField('confirmPassword')} />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <ProfileFields form={form} own={false} />
        <Select
          label={t('users.role')}
          description={canGrant ? undefined : t('users.adminOnly')}
          data={USER_ROLES.map((role) => ({ value: role, label: t(`users.roles.${role}`) }))}
          value={isAdmin ? 'admin' : values.role}
          onChange={(value) => form.setValue('role', value ?? 'user')}
          error={form.errorOf('role')}
          allowDeselect={false}
          disabled={!canGrant || values.isAdmin}
        />
      </SimpleGrid>
      <Checkbox
        label={t('users.isAdmin')}
        description={t('users.isAdminHint')}
        checked={isAdmin}
        onChange={(event) => form.setValue('isAdmin', event.currentTarget.checked)}
        disabled={!canGrant || values.role === 'admin'}
      />
      <Checkbox label={t('users.vip')} checked={values.vip} onChange={(event) => form.setValue('vip', event.currentTarget.checked)} />
    </AdminFormModal>
  );
}
