import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { FINDER_NAMESPACE } from './i18n';

const LICENCE = 'https://creativecommons.org/licenses/by/4.0/';

/** The data set's credit, in its own (English) words, on every page that shows its models. */
export function Credit({ credit }: { credit: string }) {
  const { t } = useTranslation(FINDER_NAMESPACE);
  return (
    <Text size="xs" c="dimmed" mt="xl" data-testid="finder-credit">
      {t('credit')}{' '}
      <span lang="en" dir="ltr">
        {credit}
      </span>{' '}
      <Anchor href={LICENCE} target="_blank" rel="noopener noreferrer license" size="xs" underline="always">
        {t('licence')}
      </Anchor>
    </Text>
  );
}
