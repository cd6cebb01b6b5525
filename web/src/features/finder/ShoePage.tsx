import { Anchor, Badge, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';

import { ApiError } from '../../api/errors';
import { NotFoundPage } from '../../components/NotFoundPage';
import { QueryState } from '../../components/QueryState';
import { usePageTitle } from '../../components/usePageTitle';
import { useLanguage } from '../../i18n/useLanguage';
import { FINDER_NAMESPACE } from './i18n';
import type { ModelPage } from './api';
import { COMPARE_PARAM } from './CompareTray';
import classes from './finder.module.css';
import { fitRows, NONE, priceOf } from './fitRows';
import { labelsOf } from './labels';
import { useModel } from './queries';

/** The site an address is on, to name a source by. */
function siteOf(address: string): string {
  try {
    return new URL(address).hostname.replace(/^www\./, '');
  } catch {
    return address;
  }
}

/** A model's own page (`/shoe/:id`): its whole fit, the notes and the sources. */
export function ShoePage() {
  const { modelId = '' } = useParams();
  const model = useModel(modelId);
  if (model.error instanceof ApiError && model.error.status === 404) return <NotFoundPage />;
  return <QueryState query={model}>{(page) => <Shoe page={page} />}</QueryState>;
}

function Shoe({ page }: { page: ModelPage }) {
  const { t } = useTranslation(FINDER_NAMESPACE);
  const language = useLanguage();
  const { model, attributes } = page;
  usePageTitle('shoe', model.name);
  const rows = fitRows(model, labelsOf(attributes), t).filter((row) => row.key !== 'makers' || row.text !== NONE);
  // Notes are the data set's English until an admin writes them in the page's language.
  const notes = model.fit.notes[language] ?? model.fit.notes.en;
  const inEnglish = model.fit.notes[language] === undefined && language !== 'en';
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/finder" size="sm">
        {t('backToFinder')}
      </Anchor>
      <div>
        <Title order={1}>{model.name}</Title>
        <Group gap="sm" mt="xs">
          <Anchor component={Link} to={`/brand/${model.brandId}`}>
            {model.brandName}
          </Anchor>
          {priceOf(model) && (
            <Badge size="lg" variant="light" color="pink" c="pink.9">
              {priceOf(model)}
            </Badge>
          )}
        </Group>
      </div>
      <dl className={classes.attributes} data-testid="model-fit">
        {rows.map((row) => (
          <div key={row.key}>
            <dt>{row.label}</dt>
            <dd>{row.text}</dd>
          </div>
        ))}
      </dl>
      {notes && (
        <section>
          <Title order={2} size="h4" mb="xs">
            {t('notes')}
          </Title>
          {inEnglish && (
            <Text size="sm" c="dimmed" mb={4}>
              {t('shownInEnglish')}
            </Text>
          )}
          <Text lang={inEnglish || language === 'en' ? 'en' : language} dir={inEnglish ? 'ltr' : undefined}>
            {notes}
          </Text>
        </section>
      )}
      <Group>
        <Button component="a" href={model.link} target="_blank" rel="noopener noreferrer" rightSection={<IconExternalLink size={16} aria-label={t('search.opensInNewTab', { ns: 'translation' })} />}>
          {t('makerPage')}
        </Button>
        <Button component={Link} to={`/finder?${COMPARE_PARAM}=${model.id}`} variant="outline">
          {t('compareWithOthers')}
        </Button>
      </Group>
      {model.fit.sources.length > 0 && (
        <section>
          <Title order={2} size="h4" mb="xs">
            {t('sources')}
          </Title>
          <List size="sm">
            {model.fit.sources.map((source) => (
              <List.Item key={source}>
                <Anchor href={source} target="_blank" rel="noopener noreferrer" dir="ltr">
                  {siteOf(source)}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </section>
      )}
    </Stack>
  );
}
