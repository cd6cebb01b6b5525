import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A members' page as a visitor sees it: its title, what signing in shows, and the ways in (back to `from` once logged in). */
export function SignInRequired({ title, text, from }: { title: string; text: string; from: string }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="xl" maw={560} mx="auto" ta="center">
      <Stack align="center">
        <IconLock size={40} aria-hidden color="var(--mantine-color-pink-7)" />
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text>{text}</Text>
        <Group>
          <Button component={Link} to="/login" state={{ from }}>
            {t('nav.login')}
          </Button>
          <Button component={Link} to="/signup" variant="light">
            {t('nav.signup')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
