import { Alert, Anchor, Button, Card, Group, List, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import type { Problem } from '../../../api/errors';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '../../../i18n/languages';
import { useAdminText } from '../adminTexts';
import { Facts } from '../components/Facts';
import { notifyError } from '../components/notify';
import { NO_VALUE, useAdminFormat } from '../components/useAdminFormat';
import { ADMIN_NAMESPACE } from '../i18n';
import { required } from '../validation';
import { PROVIDERS, runAiTest, type AiTestResult, type Provider } from './api';

/** The server's limit on a question. */
const MAX_QUESTION_LENGTH = 500;

/** Asks one provider a question directly (spec §7 "an AI test") and shows what it answered, or why it failed. */
export function AiTest() {
  const { t, i18n } = useTranslation(ADMIN_NAMESPACE);
  const { t: tCommon } = useTranslation();
  const { problemText, errorText } = useAdminText();
  const [provider, setProvider] = useState<Provider>('gateway');
  const [language, setLanguage] = useState<Language>(isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);
  const [question, setQuestion] = useState('');
  const [invalid, setInvalid] = useState<Problem>();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<AiTestResult>();

  const run = async (event: FormEvent) => {
    event.preventDefault();
    const problem = required(question, MAX_QUESTION_LENGTH);
    setInvalid(problem);
    if (problem) return;
    setBusy(true);
    setResult(undefined);
    try {
      setResult(await runAiTest({ provider, language, question: question.trim() }));
    } catch (failure) {
      notifyError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder radius="md" component="section" aria-labelledby="ai-test-title">
      <Title order={2} size="h3" mb="xs" id="ai-test-title">
        {t('ai.test.title')}
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        {t('ai.test.intro')}
      </Text>
      <form onSubmit={(event) => void run(event)} noValidate>
        <Stack gap="sm">
          <Group grow align="flex-start">
            <Select
              label={t('ai.test.provider')}
              data={PROVIDERS.map((value) => ({ value, label: t(`ai.providers.${value}`) }))}
              value={provider}
              onChange={(value) => value && setProvider(value)}
              allowDeselect={false}
            />
            <Select
              label={t('ai.test.language')}
              data={LANGUAGES.map((value) => ({ value, label: tCommon(`languages.${value}`) }))}
              value={language}
              onChange={(value) => isLanguage(value) && setLanguage(value)}
              allowDeselect={false}
            />
          </Group>
          <Textarea
            label={t('ai.test.question')}
            placeholder={t('ai.test.questionPlaceholder')}
            value={question}
            onChange={(event) => setQuestion(event.currentTarget.value)}
            required
            autosize
            minRows={2}
            error={invalid ? problemText(invalid) : undefined}
            aria-invalid={invalid ? true : undefined}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={busy}>
              {t('ai.test.run')}
            </Button>
          </Group>
        </Stack>
      </form>
      {result && <TestResult result={result} />}
    </Card>
  );
}

function TestResult({ result }: { result: AiTestResult }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const format = useAdminFormat();
  const details = (
    <Facts
      label={t('ai.test.details')}
      facts={[
        [t('ai.fields.provider'), t(`ai.providers.${result.provider}`)],
        [t('ai.fields.model'), result.model ?? NO_VALUE],
        [t('ai.test.duration'), format.ms(result.durationMs)],
        [t('ai.test.firstToken'), format.ms(result.firstTokenMs)],
      ]}
    />
  );
  if (!result.ok) {
    return (
      <Stack gap="xs" mt="md">
        <Alert color="red" role="alert" title={t('ai.test.failed')}>
          {result.errorType && <Text size="sm">{t(`ai.errorTypes.${result.errorType}`)}</Text>}
          {/* The provider's own words, as it gave them: the detail for whoever looks into it. */}
          {result.error && (
            <Text size="xs" c="dimmed" dir="auto">
              {result.error}
            </Text>
          )}
        </Alert>
        {details}
      </Stack>
    );
  }
  return (
    <Stack gap="xs" mt="md" role="status" aria-label={t('ai.test.answer')}>
      <Title order={3} size="h5">
        {t('ai.test.answer')}
      </Title>
      <Text style={{ whiteSpace: 'pre-wrap' }}>{result.answer}</Text>
      {details}
      <Text size="sm" fw={600}>
        {t('ai.fields.sources')}
      </Text>
      {result.sources.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('ai.test.noSources')}
        </Text>
      ) : (
        <List size="sm">
          {result.sources.map((source) => (
            <List.Item key={source.id}>
              <Anchor href={source.link} target="_blank" rel="noopener noreferrer">
                {source.title}
              </Anchor>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
