import { Stack, Text, Title } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { LoadFailed } from '../../components/LoadFailed';
import { Paragraphs } from '../../components/Paragraphs';
import { PageLoader } from '../../components/PageLoader';
import { usePageTitle } from '../../components/usePageTitle';
import { DEFAULT_LANGUAGE } from '../../i18n/languages';
import { useLanguage } from '../../i18n/useLanguage';

interface LegalText {
  title: string;
  updated: string;
  intro: string;
  sections: { heading: string; paragraphs: string[] }[];
}

export type LegalKind = 'terms' | 'privacy';

// Each text is its own small chunk, loaded when its page opens.
const TEXTS = import.meta.glob<LegalText>('./texts/*.json', { import: 'default' });

function loadText(kind: LegalKind, language: string): Promise<LegalText> {
  const load = TEXTS[`./texts/${kind}.${language}.json`] ?? TEXTS[`./texts/${kind}.${DEFAULT_LANGUAGE}.json`];
  if (!load) throw new Error(`No ${kind} text`);
  return load();
}

const legalQuery = (kind: LegalKind, language: string) => queryOptions({ queryKey: ['legal', kind, language], queryFn: () => loadText(kind, language), staleTime: Infinity });

/** The terms of use or the privacy policy (linked from sign-up), in the interface language. */
export function LegalPage({ kind }: { kind: LegalKind }) {
  const { t, i18n } = useTranslation();
  const language = useLanguage();
  usePageTitle(kind);
  const text = useQuery(legalQuery(kind, language));

  if (text.isPending) return <PageLoader />;
  if (text.isError) return <LoadFailed error={text.error} onRetry={() => void text.refetch()} />;
  const updated = new Date(`${text.data.updated}T00:00:00Z`).toLocaleDateString(i18n.language, { dateStyle: 'long', timeZone: 'UTC' });
  return (
    <Stack component="article" gap="md" maw={760} mx="auto">
      <Title order={1}>{text.data.title}</Title>
      {/* The server's CLDR data and the browser's may space a date apart differently: kept as drawn. */}
      <Text size="sm" c="dimmed" suppressHydrationWarning>
        {t('legal.updated', { date: updated })}
      </Text>
      <Text>{text.data.intro}</Text>
      {text.data.sections.map((section) => (
        <section key={section.heading}>
          <Title order={2} size="h3" mb="xs">
            {section.heading}
          </Title>
          <Paragraphs texts={section.paragraphs} />
        </section>
      ))}
    </Stack>
  );
}
