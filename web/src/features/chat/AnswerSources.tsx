import { Anchor, List, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { AnswerSource } from './api';

/** The pages an answer draws on: site pages as links, products at their maker in a new tab. */
export function AnswerSources({ sources }: { sources: AnswerSource[] }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <div>
      <Text id={headingId} size="xs" fw={700} mt="xs">
        {t('chat.sources')}
      </Text>
      <List size="sm" listStyleType="none" aria-labelledby={headingId}>
        {sources.map((source) => {
          const label = t('chat.source', { kind: t(`chat.sourceKinds.${source.kind}`), title: source.title });
          return (
            <List.Item key={source.id}>
              {source.kind === 'product' ? (
                <Anchor href={source.link} target="_blank" rel="noopener noreferrer" size="sm">
                  {label} <IconExternalLink size={12} aria-label={t('search.opensInNewTab')} />
                </Anchor>
              ) : (
                <Anchor component={Link} to={source.link} size="sm">
                  {label}
                </Anchor>
              )}
            </List.Item>
          );
        })}
      </List>
    </div>
  );
}
