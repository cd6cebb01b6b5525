import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function CrashScreen({ onTryAgain }: { onTryAgain: () => void }) {
  const { t } = useTranslation();
  return (
    <Center component="main" mih="100vh" p="xl">
      <Stack align="center" maw={480} ta="center" role="alert">
        <Title order={1}>{t('crash.title')}</Title>
        <Text c="dimmed">{t('crash.text')}</Text>
        <Group justify="center">
          <Button onClick={() => window.location.reload()}>{t('crash.refresh')}</Button>
          <Button variant="default" onClick={onTryAgain}>
            {t('crash.tryAgain')}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
