import { Anchor, Badge, Button, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';

import { ApiError } from '../../api/errors';
import { NotFoundPage } from '../../components/NotFoundPage';
import { QueryState } from '../../components/QueryState';
import { usePageTitle } from '../../components/usePageTitle';
import { useLanguage } from '../../i18n/useLanguage';
import { FINDER_NAMESPACE } from './i18n';
import type { Family, ModelPage, Variant } from './api';
import { COMPARE_PARAM } from './CompareTray';
import classes from './finder.module.css';
import { axisText, familyModel, modelOf } from './families';
import { fitRows, NONE, priceOf, type FitRow } from './fitRows';
import { labelsOf, type Labels } from './labels';
import { useModel } from './queries';

/** The site an address is on, to name a source by. */
function siteOf(address: string): string {
  try {
    return new URL(address).hostname.replace(/^www\./, '');
  } catch {
    return address;
  }
}

/** A family's page (`/shoe/:id`): its variants side by side where they differ, the chosen one's (or the family's) whole fit, the notes and the sources. */
export function ShoePage() {
  const { modelId = '' } = useParams();
  const model = useModel(modelId);
  if (model.error instanceof ApiError && model.error.status === 404) return <NotFoundPage />;
  return <QueryState query={model}>{(page) => <Shoe page={page} />}</QueryState>;
}

/** The parameter that chooses a variant on its family's page. */
const VARIANT_PARAM = 'variant';

function Shoe({ page }: { page: ModelPage }) {
  const { t } = useTranslation(FINDER_NAMESPACE);
  const language = useLanguage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { family, attributes } = page;
  const labels = labelsOf(attributes);
  const asked = params.get(VARIANT_PARAM) ?? page.chosen;
  const chosen = family.variants.length > 1 ? family.variants.find((variant) => variant.id === asked) : undefined;
  // Reached by a variant's own id (an old link within the app): the family's address, with it chosen.
  useEffect(() => {
    if (page.chosen && page.chosen !== family.id) void navigate(`/shoe/${family.id}?${VARIANT_PARAM}=${page.chosen}`, { replace: true });
  }, [page.chosen, family.id, navigate]);
  usePageTitle('shoe', family.name);
  const model = chosen ? modelOf(family, chosen) : familyModel(family);
  const rows = fitRows(model, labels, t).filter((row) => row.key !== 'makers' || row.text !== NONE);
  // Notes are the data set's English until an admin writes them in the page's language.
  const noted = chosen ?? family.variants.find((variant) => Object.keys(variant.fit.notes).length > 0);
  const notes = noted?.fit.notes[language] ?? noted?.fit.notes.en;
  const inEnglish = noted?.fit.notes[language] === undefined && language !== 'en';
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/finder" size="sm">
        {t('backToFinder')}
      </Anchor>
      <div>
        <Title order={1}>{family.name}</Title>
        <Group gap="sm" mt="xs">
          <Anchor component={Link} to={`/brand/${family.brandId}`}>
            {family.brandName}
          </Anchor>
          {priceOf(model) && (
            <Badge size="lg" variant="light" color="pink" c="pink.9">
              {priceOf(model)}
            </Badge>
          )}
        </Group>
      </div>
      {family.variants.length > 1 && <VariantMatrix family={family} chosen={chosen} labels={labels} />}
      <section aria-labelledby="model-fit-title">
        <Title order={2} size="h4" mb="xs" id="model-fit-title">
          {chosen ? t('variants.fitOf', { name: chosen.name }) : family.variants.length > 1 ? t('variants.fitOfAll', { count: family.variants.length }) : t('variants.fit')}
        </Title>
        <dl className={classes.attributes} data-testid="model-fit">
          {rows.map((row) => (
            <div key={row.key}>
              <dt>{row.label}</dt>
              <dd>{row.text}</dd>
            </div>
          ))}
        </dl>
      </section>
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

/** The axes the family's variants are set apart by, in the order the first names them. */
function axesOf(family: Family): string[] {
  return [...new Set(family.variants.flatMap((variant) => variant.axes.map((axis) => axis.key)))];
}

/**
 * The family's variants, a row each: what sets it apart, and the attributes of the fit in which the variants
 * differ (only those). Each variant's name leads to the page with it chosen.
 */
function VariantMatrix({ family, chosen, labels }: { family: Family; chosen: Variant | undefined; labels: Labels }) {
  const { t } = useTranslation(FINDER_NAMESPACE);
  const axes = axesOf(family);
  const rowsOf = family.variants.map((variant) => fitRows(modelOf(family, variant), labels, t));
  const differing: FitRow[] = (rowsOf[0] ?? []).filter((row, index) => row.key !== 'maker' && new Set(rowsOf.map((rows) => rows[index]?.text)).size > 1);
  const cell = (variant: Variant, key: string) => {
    const axis = variant.axes.find((own) => own.key === key);
    return axis ? axisText(axis, t) : NONE;
  };
  return (
    <section aria-labelledby="variants-title">
      <Title order={2} size="h4" mb="xs" id="variants-title">
        {t('variants.title', { count: family.variants.length })}
      </Title>
      <Text size="sm" mb="xs">
        {t('variants.intro')}
      </Text>
      <Table.ScrollContainer minWidth={480}>
        <Table withTableBorder striped data-testid="variant-matrix">
          <Table.Thead>
            <Table.Tr>
              {(axes.length > 0 ? axes : ['variant']).map((key) => (
                <Table.Th key={key} scope="col">
                  {t(`variants.axis.${key === 'box' || key === 'shank' || key === 'makers' ? key : 'variant'}`)}
                </Table.Th>
              ))}
              {differing.map((row) => (
                <Table.Th key={row.key} scope="col">
                  {row.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {family.variants.map((variant, index) => {
              const isChosen = variant.id === chosen?.id;
              const [first, ...rest] = axes.length > 0 ? axes.map((key) => cell(variant, key)) : [variant.name];
              return (
                <Table.Tr key={variant.id} className={isChosen ? classes.differs : undefined}>
                  <Table.Th scope="row">
                    <Anchor component={Link} to={`/shoe/${family.id}?${VARIANT_PARAM}=${variant.id}`} aria-current={isChosen ? 'page' : undefined}>
                      {first}
                    </Anchor>
                  </Table.Th>
                  {rest.map((text, column) => (
                    <Table.Td key={axes[column + 1]}>{text}</Table.Td>
                  ))}
                  {differing.map((row) => (
                    <Table.Td key={row.key}>{rowsOf[index]?.find((own) => own.key === row.key)?.text}</Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}
