import { Alert, Anchor, Button, Checkbox, Group, List, Radio, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { ResponsiveGrid } from '../../components/ResponsiveGrid';
import { QueryState } from '../../components/QueryState';
import { usePageTitle } from '../../components/usePageTitle';
import { AmountInput } from './AmountInput';
import { FINDER_NAMESPACE } from './i18n';
import type { FinderData } from './api';
import { COMPARE_PARAM } from './CompareTray';
import classes from './finder.module.css';
import { labelsOf } from './labels';
import { ModelCard } from './ModelCard';
import { keepAnswers, QUESTIONS, rank, readKeptAnswers, type Answers, type Question } from './questionnaire';
import { useFinder } from './queries';
import { ToeDrawing } from './ToeDrawing';

/** The best matches shown. */
const SHOWN = 12;

/** "Which shoes suit my feet": a few questions about her feet, then the models that suit them, with why. */
export function QuestionnairePage() {
  const { t } = useTranslation(FINDER_NAMESPACE);
  usePageTitle('finderQuestionnaire');
  const finder = useFinder();
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/finder" size="sm">
        {t('backToFinder')}
      </Anchor>
      <Title order={1}>{t('questionnaire.title')}</Title>
      <Text maw={760}>{t('questionnaire.intro')}</Text>
      <QueryState query={finder}>{(data) => <Questionnaire data={data} />}</QueryState>
    </Stack>
  );
}

function Questionnaire({ data }: { data: FinderData }) {
  const { t } = useTranslation(FINDER_NAMESPACE);
  const [kept] = useState(readKeptAnswers);
  const [answers, setAnswers] = useState<Answers>(kept ?? {});
  const [keep, setKeep] = useState(kept !== undefined);
  const [asked, setAsked] = useState<Answers | undefined>(kept);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const labels = useMemo(() => labelsOf(data.attributes), [data.attributes]);
  const matches = useMemo(() => (asked ? rank(data.families, asked).slice(0, SHOWN) : []), [asked, data.families]);

  const answer = (question: Question) => (value: string) => setAnswers((current) => ({ ...current, [question]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    keepAnswers(keep ? answers : undefined);
    setAsked(answers);
    requestAnimationFrame(() => resultsHeading.current?.focus());
  };
  // The answers' texts are keyed by question and answer (questionnaire.width.narrow, …).
  const choice = (question: Question, value: string) => <Radio key={value} value={value} label={t(`questionnaire.${question}.${value}` as never)} />;

  return (
    <>
      <form onSubmit={submit} noValidate>
        <Stack gap="lg" maw={760}>
          <Radio.Group label={t('questionnaire.toes.label')} value={answers.toes ?? null} onChange={answer('toes')}>
            <ResponsiveGrid cols={{ xs: 3 }} mt="xs">
              {QUESTIONS.toes.map((shape) => (
                <div key={shape} className={classes.toeChoice}>
                  <ToeDrawing shape={shape} />
                  <Radio value={shape} label={t(`questionnaire.toes.${shape}`)} description={t(`questionnaire.toes.${shape}Hint`)} />
                </div>
              ))}
            </ResponsiveGrid>
          </Radio.Group>
          {(['width', 'arch', 'toeLength', 'level'] as const).map((question) => (
            <Radio.Group key={question} label={t(`questionnaire.${question}.label`)} value={answers[question] ?? null} onChange={answer(question)}>
              <Group mt="xs">{QUESTIONS[question].map((value) => choice(question, value))}</Group>
            </Radio.Group>
          ))}
          <AmountInput
            label={t('questionnaire.budget')}
            description={t('questionnaire.budgetHint')}
            prefix="$"
            maw={240}
            value={answers.budget}
            onChange={(value) => setAnswers((current) => ({ ...current, budget: value && value > 0 ? value : undefined }))}
          />
          <Checkbox label={t('questionnaire.keep')} description={t('questionnaire.keepHint')} checked={keep} onChange={(event) => setKeep(event.currentTarget.checked)} />
          <Group>
            <Button type="submit">{t('questionnaire.submit')}</Button>
          </Group>
        </Stack>
      </form>
      {asked && (
        <section aria-labelledby="questionnaire-results">
          <Title order={2} mt="xl" mb="sm" id="questionnaire-results" ref={resultsHeading} tabIndex={-1}>
            {t('questionnaire.results')}
          </Title>
          <Alert color="grape" icon={<IconInfoCircle aria-hidden />} mb="md">
            {t('questionnaire.fitting')}
          </Alert>
          {matches.length === 0 ? (
            <Text>{t('questionnaire.none')}</Text>
          ) : (
            <>
              <ResponsiveGrid cols={{ sm: 2, lg: 3 }} spacing="md">
                {matches.map(({ model, reasons }) => (
                  <ModelCard key={model.id} model={model} labels={labels}>
                    <List className={classes.reasons} data-testid="match-reasons">
                      {reasons.map((reason) => (
                        <List.Item key={`${reason.attribute}.${reason.value}`}>
                          {t('reasons.line', {
                            attribute: labels.attribute(reason.attribute),
                            value: labels.value(reason.attribute, reason.value),
                            why: t(`reasons.${reason.suits}` as never),
                          })}
                        </List.Item>
                      ))}
                    </List>
                  </ModelCard>
                ))}
              </ResponsiveGrid>
              {matches.length >= 2 && (
                <Group mt="md">
                  <Button
                    component={Link}
                    variant="light"
                    to={`/finder/compare?${COMPARE_PARAM}=${matches
                      .slice(0, 3)
                      .map((found) => found.model.id)
                      .join(',')}`}
                  >
                    {t('questionnaire.compareTop', { count: Math.min(3, matches.length) })}
                  </Button>
                </Group>
              )}
            </>
          )}
        </section>
      )}
    </>
  );
}
