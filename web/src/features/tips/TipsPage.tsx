import { List, Stack, Title } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { z } from 'zod/mini';

import { apiRequest } from '../../api/client';
import { LoadFailed } from '../../components/LoadFailed';
import { Paragraphs } from '../../components/Paragraphs';
import { PageLoader } from '../../components/PageLoader';
import { SignInRequired } from '../../components/SignInRequired';
import { usePageTitle } from '../../components/usePageTitle';
import type { Language } from '../../i18n/languages';
import { useLanguage } from '../../i18n/useLanguage';
import { MEMBER_KEY } from '../../lib/queryKeys';
import { useSession } from '../../lib/session/session';

export const tipsSchema = z.object({
  sections: z.array(z.object({ id: z.string(), title: z.string(), paragraphs: z.array(z.string()), points: z.array(z.string()) })),
});

const tipsQuery = (language: Language) =>
  queryOptions({ queryKey: [...MEMBER_KEY, 'tips', language], queryFn: ({ signal }) => apiRequest(`/tips?lang=${language}`, { schema: tipsSchema, signal }) });

function useTips(enabled: boolean) {
  const language = useLanguage();
  return useQuery({ ...tipsQuery(language), enabled });
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
  if (state.status === 'signedOut') return <SignInRequired title={t('pages.tips')} text={t('tips.loginToSee')} from="/tips" />;
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
