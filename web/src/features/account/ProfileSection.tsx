import { Button, Group, Select, SimpleGrid } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiError, isQueuedWrite } from '../../api/errors';
import { LANGUAGES } from '../../i18n/languages';
import { useMessageText } from '../../i18n/useMessageText';
import { AuthForm, FormAlert } from '../../components/AuthCard';
import { ProfileFields } from '../../components/ProfileFields';
import { useForm } from '../../lib/form/useForm';
import * as rules from '../../lib/form/validation';
import { AccountSection } from './AccountSection';
import { useUpdateAccount, type Account } from './api';

/** The optional sign-up details and the language of the member's e-mails, with the sign-up rules. */
export function ProfileSection({ account }: { account: Account }) {
  const { t } = useTranslation();
  const { errorText } = useMessageText();
  const update = useUpdateAccount();
  /** Saved, or saved on this device to be sent when the connection returns. */
  const [saved, setSaved] = useState<'sent' | 'queued' | false>(false);
  const form = useForm(
    {
      gender: account.gender ?? '',
      birthDate: account.birthDate ?? '',
      phone: account.phone ?? '',
      location: account.location ?? '',
      language: account.language,
    },
    rules.profile,
  );

  const submit = form.onSubmit(async () => {
    setSaved(false);
    const { language, ...profile } = form.values;
    try {
      await update({ profile: { ...profile, phone: profile.phone.trim(), location: profile.location.trim() }, language });
      setSaved('sent');
    } catch (failure) {
      if (isQueuedWrite(failure)) setSaved('queued');
      else if (failure instanceof ApiError && Object.keys(failure.fields).length > 0) form.showServerErrors(failure.fields);
      else form.setError(errorText(failure));
    }
  });

  return (
    <AccountSection title={t('account.profile.title')} intro={t('account.profile.intro')}>
      <AuthForm onSubmit={submit} formRef={form.formRef}>
        {form.error && <FormAlert kind="error">{form.error}</FormAlert>}
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <ProfileFields form={form} />
          <Select
            label={t('account.profile.language')}
            description={t('account.profile.languageHint')}
            data={LANGUAGES.map((language) => ({ value: language, label: t(`languages.${language}`) }))}
            value={form.values.language}
            onChange={(value) => value && form.setValue('language', value)}
            allowDeselect={false}
            error={form.errorOf('language')}
          />
        </SimpleGrid>
        {saved === 'sent' && <FormAlert kind="success">{t('account.profile.saved')}</FormAlert>}
        {saved === 'queued' && <FormAlert kind="info">{t('messages.queuedOffline')}</FormAlert>}
        <Group justify="flex-end">
          <Button type="submit" loading={form.busy}>
            {t('account.profile.save')}
          </Button>
        </Group>
      </AuthForm>
    </AccountSection>
  );
}
