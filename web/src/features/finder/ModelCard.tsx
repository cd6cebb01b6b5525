import { Anchor, Badge, Card, Checkbox, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { FINDER_NAMESPACE } from './i18n';
import type { Model } from './api';
import { pageOf } from './families';
import { priceOf } from './fitRows';
import type { Labels } from './labels';
import classes from './finder.module.css';

/** The attributes a card names: what a dancer first looks for. */
const SHOWN = ['boxShape', 'shankStrength', 'footShape'] as const;

interface Props {
  model: Model;
  labels: Labels;
  /** Ticked when the model is among those to compare; absent, the card has no box to tick. */
  compare?: { picked: boolean; full: boolean; onChange: (picked: boolean) => void };
  /** Which of the family's variants the card stands for ("Box 3, Box 3+ in Supple or Feather"). */
  variants?: string;
  /** Shown under the attributes (the questionnaire's reasons). */
  children?: ReactNode;
}

/** A family or model in a list of results: name, maker, price, its main attributes, the variants it stands for and a link to its page. */
export function ModelCard({ model, labels, variants, compare, children }: Props) {
  const { t } = useTranslation(FINDER_NAMESPACE);
  const discontinued = model.fit.availability.includes('discontinued');
  return (
    <Card withBorder radius="md" padding="md" className={classes.card} data-testid="model-card">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Title order={3} size="h5">
            <Anchor component={Link} to={pageOf(model)} className={classes.modelLink}>
              {model.name}
            </Anchor>
          </Title>
          <Text size="sm" c="dimmed">
            {model.brandName}
          </Text>
        </div>
        {priceOf(model) && (
          <Badge variant="light" color="pink" c="pink.9" className={classes.price}>
            {priceOf(model)}
          </Badge>
        )}
      </Group>
      <dl className={classes.attributes}>
        {SHOWN.filter((key) => model.fit[key].length > 0).map((key) => (
          <div key={key}>
            <dt>{labels.attribute(key)}</dt>
            <dd>{model.fit[key].map((value) => labels.value(key, value)).join(', ')}</dd>
          </div>
        ))}
      </dl>
      {variants && (
        <Text size="sm" mt={4} data-testid="matching-variants">
          {t('variants.matching', { variants })}
        </Text>
      )}
      {discontinued && (
        <Badge color="gray" variant="outline" c="gray.8" mt="xs">
          {labels.value('availability', 'discontinued')}
        </Badge>
      )}
      {children}
      {compare && (
        <Checkbox
          size="md"
          mt="sm"
          label={t('compare.pick', { name: model.name })}
          checked={compare.picked}
          disabled={!compare.picked && compare.full}
          onChange={(event) => compare.onChange(event.currentTarget.checked)}
        />
      )}
    </Card>
  );
}
