import { Alert, Anchor, Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { QueryState } from '../../components/QueryState';
import { useRecommendations, type Recommendation } from './api';
import { FIT_NAMESPACE } from './i18n';
import type { FitProfile } from './profile';

/** The families that suit the saved profile, best first, each with the reasons and warnings the server gives. */
export function Recommendations({ profile }: { profile: FitProfile }) {
  const { t } = useTranslation(FIT_NAMESPACE);
  const recommendations = useRecommendations(profile);
  return (
    <Stack component="section" aria-labelledby="fit-recommendations" gap="sm">
      <Title order={2} size="h3" id="fit-recommendations">
        {t('recommendations.title')}
      </Title>
      <Text size="sm">{t('recommendations.intro')}</Text>
      <QueryState query={recommendations}>
        {({ notes, families }) => (
          <Stack gap="sm">
            {notes.length > 0 && (
              <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />}>
                <Text fw={700} size="sm">
                  {t('recommendations.notes')}
                </Text>
                <List size="sm">
                  {notes.map((note) => (
                    <List.Item key={note}>{note}</List.Item>
                  ))}
                </List>
              </Alert>
            )}
            {families.length === 0 ? <Text c="dimmed">{t('recommendations.empty')}</Text> : families.map((family, place) => <RecommendationCard key={family.familyId} family={family} place={place + 1} />)}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}

function RecommendationCard({ family, place }: { family: Recommendation; place: number }) {
  const headingId = `fit-recommendation-${family.familyId}`;
  return (
    <Paper component="article" aria-labelledby={headingId} withBorder p="sm" data-testid="recommendation">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Title order={3} size="h4" id={headingId}>
            <Anchor component={Link} to={family.page}>
              {place}. {family.name}
            </Anchor>
          </Title>
          <Text size="sm" c="dimmed">
            {family.brandName}
            {family.variantName && ` · ${family.variantName}`}
          </Text>
        </div>
        {family.price && (
          <Badge variant="light" style={{ flexShrink: 0 }}>
            <bdi>{family.price}</bdi>
          </Badge>
        )}
      </Group>
      <List size="sm" mt="xs" spacing={4} icon={<IconCheck size={16} aria-hidden color="var(--mantine-color-teal-8)" />}>
        {family.reasons.map((reason) => (
          <List.Item key={reason}>{reason}</List.Item>
        ))}
        {family.warnings.map((warning) => (
          <List.Item key={warning} icon={<IconAlertTriangle size={16} aria-hidden color="var(--mantine-color-orange-8)" />}>
            {warning}
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}
