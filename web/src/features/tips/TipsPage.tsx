import { Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { z } from 'zod/mini';

import { apiRequest } from '../../api/client';
import { LoadFailed } from '../../components/LoadFailed';
import { Paragraphs } from '../../components/Paragraphs';
import { PageLoader } from '../../components/PageLoader';
import { usePageTitle } from '../../components/usePageTitle';
import { useLanguage } from '../../i18n/useLanguage';
import { queryKeys } from '../../lib/queryKeys';
import { useSession } from '../../lib/session/session';

export const tipsSchema = z.object({
  sections: z.array(z.object({ id: z.string(), title: z.string(), paragraphs: z.array(z.string()), points: z.array(z.string()) })),
});

function useTips(enabled: boolean) {
  const language = useLanguage();
  return useQuery({
    queryKey: queryKeys.member.tips(language),
    queryFn: ({ signal }) => apiRequest(`/tips?lang=${language}`, { schema: tipsSchema, signal }),
    enabled,
  });
}

/** Members' tips (spec §2): six sections for signed-in users; others are asked to log in. */
export function TipsPage() {
  const { t } = useTranslation();
  usePageTitle('tips');
  const { state } = useSession();
  const tips = useTips(state.status === 'signedIn');
  const { hash } = useLocation();
  // A link to one section (the assistant cites them) lands on it once the sections are drawn.
  useEffect(() => {
    if (tips.data && hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [tips.data, hash]);

  if (state.status === 'loading') return <PageLoader />;
  if (state.status === 'signedOut') {
    return (
      <Paper withBorder radius="md" p="xl" maw={560} mx="auto" ta="center">
        <Stack align="center">
          <IconLock size={40} aria-hidden color="var(--mantine-color-pink-7)" />
          <Title order={1} size="h2">
            {t('pages.tips')}
          </Title>
          <Text>{t('tips.loginToSee')}</Text>
          <Group>
            <Button component={Link} to="/login" state={{ from: '/tips' }}>
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
  return (
    <Stack gap="xl" maw={820} mx="auto">
      <Title order={1}>{t('pages.tips')}</Title>
      {tips.isPending && <PageLoader />}
      {tips.isError && <LoadFailed error={tips.error} onRetry={() => void tips.refetch()} />}
      {tips.data?.sections.map((section) => (
        <section key={section.id} aria-labelledby={`tips-${section.id}`}>
          <Title order={2} id={`tips-${section.id}`} mb="sm">
            {section.title}
          </Title>
          <Paragraphs texts={section.paragraphs} />
          {section.points.length > 0 && (
            <List spacing="xs">
              {section.points.map((point) => (
                <List.Item key={point}>{point}</List.Item>
              ))}
            </List>
          )}
        </section>
      ))}
    </Stack>
  );
}
