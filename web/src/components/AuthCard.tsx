import { Alert, Paper, Stack, Title } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import type { FormEvent, ReactNode, Ref } from 'react';

import classes from './AuthCard.module.css';

/** The frame of the account pages: a centred card with the page's heading. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder shadow="sm" radius="md" className={classes.card} maw={480} mx="auto">
      <Stack gap="md">
        <Title order={1} size="h2">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** A message above a form: an error (announced at once), a warning or a piece of news. */
export function FormAlert({ kind, children }: { kind: 'error' | 'warning' | 'info' | 'success'; children: ReactNode }) {
  const color = { error: 'red', warning: 'orange', info: 'blue', success: 'teal' }[kind];
  const Icon = kind === 'error' || kind === 'warning' ? IconAlertTriangle : IconInfoCircle;
  return (
    <Alert color={color} icon={<Icon aria-hidden />} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </Alert>
  );
}

/** A form laid out as a column; the browser's own validation bubbles are off (the form shows its own). */
export function AuthForm({ onSubmit, formRef, children }: { onSubmit: (event: FormEvent) => Promise<void>; formRef?: Ref<HTMLFormElement>; children: ReactNode }) {
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate ref={formRef}>
      <Stack gap="md">{children}</Stack>
    </form>
  );
}
