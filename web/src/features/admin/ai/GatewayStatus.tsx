import { Badge, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { LANGUAGES } from '../../../i18n/languages';
import { Facts } from '../components/Facts';
import { SectionCard } from '../components/SectionCard';
import { useAdminFormat } from '../components/useAdminFormat';
import { ADMIN_NAMESPACE } from '../i18n';
import type { AiStatus, ProviderStatus } from './api';

const CIRCUIT_COLORS = { closed: 'teal', halfOpen: 'yellow', open: 'red' } as const;

/** Each provider of the chain, the last answer given, and what the assistant searches in each language. */
export function GatewayStatus({ status }: { status: AiStatus }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        {status.providers.map((provider) => (
          <ProviderCard key={provider.provider} status={provider} />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <SectionCard title={t('ai.lastAnswer.title')}>
          <LastAnswer answer={status.lastAnswer} />
        </SectionCard>
        <SectionCard title={t('ai.index.title')}>
          <IndexCounts index={status.index} />
        </SectionCard>
      </SimpleGrid>
    </>
  );
}

function ProviderCard({ status }: { status: ProviderStatus }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const format = useAdminFormat();
  const name = t(`ai.providers.${status.provider}`);
  const yesNo = (value: boolean) => (
    <Badge variant="light" color={value ? 'teal' : 'gray'}>
      {t(value ? 'ai.yes' : 'ai.no')}
    </Badge>
  );
  return (
    <SectionCard title={name}>
      <Facts
        label={name}
        facts={[
          [t('ai.fields.available'), yesNo(status.available)],
          [t('ai.fields.configured'), yesNo(status.configured)],
          [
            t('ai.fields.circuit'),
            <Badge variant="light" color={CIRCUIT_COLORS[status.circuit]}>
              {t(`ai.circuits.${status.circuit}`)}
            </Badge>,
          ],
          [t('ai.fields.model'), status.model],
          [t('ai.fields.lastUsed'), status.lastUsed === null ? t('ai.never') : format.dateTime(status.lastUsed)],
          [t('ai.fields.responseTime'), format.ms(status.responseTimeMs)],
        ]}
      />
      {status.lastError && (
        <Text size="sm" c="red" mt="xs">
          {t('ai.lastError', { error: status.lastError })}
        </Text>
      )}
    </SectionCard>
  );
}

function LastAnswer({ answer }: { answer: AiStatus['lastAnswer'] }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const format = useAdminFormat();
  if (!answer) {
    return (
      <Text size="sm" c="dimmed">
        {t('ai.lastAnswer.none')}
      </Text>
    );
  }
  return (
    <Facts
      label={t('ai.lastAnswer.title')}
      facts={[
        [t('ai.fields.provider'), t(`ai.providers.${answer.provider}`)],
        [t('ai.fields.model'), answer.model],
        [t('ai.fields.ragType'), t(`ai.ragTypes.${answer.ragType}`)],
        [t('ai.fields.ragEnabled'), t(answer.ragEnabled ? 'ai.yes' : 'ai.no')],
        [t('ai.fields.sources'), format.count(answer.sources)],
        [t('ai.fields.contextLength'), format.count(answer.contextLength)],
        [t('ai.fields.responseTime'), format.ms(answer.responseTimeMs)],
        [t('ai.lastAnswer.at'), format.dateTime(answer.at)],
      ]}
    />
  );
}

function IndexCounts({ index }: { index: AiStatus['index'] }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { t: tCommon } = useTranslation();
  const format = useAdminFormat();
  return (
    <>
      <Text size="sm" c="dimmed" mb="xs">
        {t('ai.index.intro', { at: format.dateTime(index.builtAt) })}
      </Text>
      <Facts
        label={t('ai.index.title')}
        facts={LANGUAGES.map((language) => [tCommon(`languages.${language}`), format.count(index.documents[language])])}
      />
    </>
  );
}
