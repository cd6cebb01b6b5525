import { Anchor, Card, Code, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';

import { LoadFailed } from '../../../components/LoadFailed';
import { PageLoader } from '../../../components/PageLoader';
import { directionOf } from '../../../i18n/languages';
import { useAdminText } from '../adminTexts';
import { Facts } from '../components/Facts';
import { useAdminFormat } from '../components/useAdminFormat';
import { ADMIN_NAMESPACE } from '../i18n';
import { useCrash, type CrashDetail } from './api';
import { CrashActions } from './CrashActions';
import { StatusBadge } from '../components/StatusBadge';
import { CRASH_LOOKS } from './statusLooks';
import { StackTrace } from './StackTrace';

const LIST = '/admin/crashes';

/** One crash group: what and how often, the stack mapped to the source, the pages and each report. */
export function CrashPage() {
  const { t, i18n } = useTranslation(ADMIN_NAMESPACE);
  const { errorText } = useAdminText();
  const crash = useCrash(useParams().id ?? '');
  const Back = directionOf(i18n.language) === 'rtl' ? IconArrowRight : IconArrowLeft;
  return (
    <>
      <Anchor component={Link} to={LIST} size="sm">
        <Group gap={4} component="span">
          <Back size={14} aria-hidden />
          {t('crashes.backToList')}
        </Group>
      </Anchor>
      {crash.data ? (
        <CrashBody crash={crash.data} />
      ) : crash.isError ? (
        <LoadFailed title={t('crashes.loadFailed')} error={new Error(errorText(crash.error))} onRetry={() => void crash.refetch()} />
      ) : (
        <PageLoader />
      )}
    </>
  );
}

function CrashBody({ crash }: { crash: CrashDetail }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const format = useAdminFormat();
  const navigate = useNavigate();
  const { group } = crash;
  return (
    <Stack mt="xs">
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <Title order={1} size="h3" style={{ wordBreak: 'break-word' }}>
          {group.message || t('crashes.noMessage')}
        </Title>
        <StatusBadge status={group.status} looks={CRASH_LOOKS} label={t(`crashes.statuses.${group.status}`)} />
      </Group>
      <Group gap="xs">
        <CrashActions groups={[group]} onDone={(action) => action === 'delete' && void navigate(LIST)} />
      </Group>
      <Facts
        label={t('crashes.summary')}
        facts={[
          [t('crashes.occurrences'), format.count(group.occurrences)],
          [t('crashes.users'), format.count(group.users)],
          [t('crashes.firstSeen'), format.dateTime(group.firstSeen)],
          [t('crashes.lastSeen'), format.dateTime(group.lastSeen)],
          [t('crashes.browsers'), group.browsers.join(', ') || '—'],
        ]}
      />
      <Card withBorder radius="md" component="section">
        <Title order={2} size="h4" mb="sm">
          {t('crashes.stack')}
        </Title>
        <StackTrace frames={crash.frames} />
        {crash.stack && (
          <details>
            <summary>{t('crashes.rawStack')}</summary>
            <Code block dir="ltr" mt="xs">
              {crash.stack}
            </Code>
          </details>
        )}
        {crash.componentStack && (
          <details>
            <summary>{t('crashes.componentStack')}</summary>
            <Code block dir="ltr" mt="xs">
              {crash.componentStack.trim()}
            </Code>
          </details>
        )}
      </Card>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Card withBorder radius="md">
          <Title order={2} size="h4" mb="sm">
            {t('crashes.pages')}
          </Title>
          <Stack gap={4}>
            {crash.urls.map(({ url, count }) => (
              <Group key={url} justify="space-between" wrap="nowrap">
                <Text size="sm" dir="ltr" style={{ wordBreak: 'break-all' }}>
                  {url}
                </Text>
                <Text size="sm" fw={600}>
                  {format.count(count)}
                </Text>
              </Group>
            ))}
          </Stack>
        </Card>
      </SimpleGrid>
      <Title order={2} size="h4">
        {t('crashes.reports')}
      </Title>
      <Table.ScrollContainer minWidth={640}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('crashes.time')}</Table.Th>
              <Table.Th>{t('crashes.browser')}</Table.Th>
              <Table.Th>{t('crashes.language')}</Table.Th>
              <Table.Th>{t('crashes.release')}</Table.Th>
              <Table.Th>{t('crashes.reporter')}</Table.Th>
              <Table.Th>{t('crashes.page')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {crash.occurrences.map((occurrence) => (
              <Table.Tr key={occurrence.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.dateTime(occurrence.createdAt)}</Table.Td>
                <Table.Td title={occurrence.userAgent}>{occurrence.browser || '—'}</Table.Td>
                <Table.Td>{occurrence.lang || '—'}</Table.Td>
                <Table.Td>{occurrence.release || '—'}</Table.Td>
                <Table.Td>{occurrence.userId ?? t('crashes.visitor')}</Table.Td>
                <Table.Td dir="ltr" style={{ wordBreak: 'break-all' }}>
                  {occurrence.url}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
