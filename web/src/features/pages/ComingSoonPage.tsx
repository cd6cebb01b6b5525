import { Badge, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { usePageTitle } from '../../components/usePageTitle';

export type ComingSoonKey = 'blog' | 'blogPost';

/** A route whose feature lands with a later issue: its heading and a clear "coming soon" state. */
export function ComingSoonPage({ page }: { page: ComingSoonKey }) {
  const { t } = useTranslation();
  usePageTitle(page);
  return (
    <Stack align="center" ta="center" py="xl" maw={560} mx="auto">
      <Badge size="lg" variant="light" color="pink.9">
        {t('comingSoon.badge')}
      </Badge>
      <Title order={1}>{t(`pages.${page}`)}</Title>
      <Text>{t('comingSoon.text')}</Text>
    </Stack>
  );
}
