import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { FormEvent, ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';

import { LoadFailed } from '../../../components/LoadFailed';
import { PageLoader } from '../../../components/PageLoader';
import { ADMIN_NAMESPACE } from '../i18n';

interface SettingsCardProps<T> {
  title: string;
  intro: ReactNode;
  /** The stored settings; the form shows once they are here. */
  settings: UseQueryResult<T>;
  children: (stored: T) => ReactNode;
}

/** One group of settings: its title and what it is for, then its form once the stored values are loaded. */
export function SettingsCard<T>({ title, intro, settings, children }: SettingsCardProps<T>) {
  return (
    <Card withBorder radius="md" component="section" aria-label={title}>
      <Title order={2} size="h3" mb="xs">
        {title}
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        {intro}
      </Text>
      {settings.isPending && <PageLoader />}
      {settings.isError && <LoadFailed error={settings.error} onRetry={() => void settings.refetch()} />}
      {settings.data !== undefined && children(settings.data)}
    </Card>
  );
}

interface SettingsFormProps {
  onSubmit: (event: FormEvent) => void | Promise<void>;
  /** Why the last save failed, above the Save button. */
  error: string | undefined;
  busy: boolean;
  formRef?: Ref<HTMLFormElement>;
  saveDisabled?: boolean;
  /** Buttons before Save (another way to save, such as turning a feature off). */
  actions?: ReactNode;
  children: ReactNode;
}

/** A settings card's form: its fields, the reason a save failed, and Save (busy while saving). */
export function SettingsForm({ onSubmit, error, busy, formRef, saveDisabled, actions, children }: SettingsFormProps) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  return (
    <form ref={formRef} onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="sm">
        {children}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          {actions}
          <Button type="submit" loading={busy} disabled={saveDisabled}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
