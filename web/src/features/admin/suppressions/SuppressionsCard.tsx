import { Button, Card, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiError } from '../../../api/errors';
import { LoadFailed } from '../../../components/LoadFailed';
import { PageLoader } from '../../../components/PageLoader';
import { useAdminText } from '../adminTexts';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { notifyError, notifySuccess } from '../components/notify';
import { TablePager } from '../components/TablePager';
import { NO_VALUE, useAdminFormat } from '../components/useAdminFormat';
import { ADMIN_NAMESPACE } from '../i18n';
import { useLiftSuppression, useSuppressions, type Suppression } from './api';

/**
 * The suppressed addresses (on the campaigns' screen): members whose address bounced for good, so no
 * campaign reaches them, with when, the remote server's words and the campaign; each lifted after
 * confirmation, a page at a time.
 */
export function SuppressionsCard() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { errorText } = useAdminText();
  const [page, setPage] = useState(1);
  const suppressions = useSuppressions(page);
  const lift = useLiftSuppression();
  const [lifting, setLifting] = useState<Suppression>();
  const title = t('suppressions.title');

  const data = suppressions.data;
  // A page emptied under the admin (suppressions lifted meanwhile) gives way to the last page there is.
  const lastPage = Math.max(1, Math.ceil((data?.total ?? 0) / (data?.pageSize ?? 1)));
  if (data && !suppressions.isPlaceholderData && data.suppressions.length === 0 && page > lastPage) setPage(lastPage);

  const confirmLift = async () => {
    if (!lifting) return;
    try {
      await lift.mutateAsync(lifting.userId);
      notifySuccess(t('suppressions.lifted', { name: lifting.username }));
    } catch (failure) {
      // Lifted already (by another admin, or the member subscribing again): said, and the list read again.
      if (!(failure instanceof ApiError && failure.status === 404)) throw failure;
      notifyError(t('suppressions.notSuppressed', { name: lifting.username }));
    }
  };

  return (
    <Card withBorder radius="md" component="section" aria-label={title} mt="xl">
      <Title order={2} size="h3" mb="xs">
        {title}
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        {t('suppressions.intro')}
      </Text>
      {suppressions.isPending && <PageLoader />}
      {suppressions.isError && (
        <LoadFailed title={t('suppressions.loadFailed')} error={new Error(errorText(suppressions.error))} onRetry={() => void suppressions.refetch()} />
      )}
      {data && !suppressions.isError && (
        <>
          {data.suppressions.length === 0 ? (
            <Text c="dimmed" ta="center" py="lg" role="status">
              {t('suppressions.empty')}
            </Text>
          ) : (
            <SuppressionTable suppressions={data.suppressions} busy={suppressions.isPlaceholderData} label={title} onLift={setLifting} />
          )}
          {data.total > data.pageSize && (
            <TablePager total={data.total} shown={data.suppressions.length} page={page} pageSize={data.pageSize} onPageChange={setPage} />
          )}
        </>
      )}
      <ConfirmDialog
        opened={lifting !== undefined}
        title={t('suppressions.liftTitle', { name: lifting?.username ?? '' })}
        confirmLabel={t('suppressions.lift')}
        danger={false}
        onConfirm={confirmLift}
        failedText={t('suppressions.liftFailed')}
        onClose={() => setLifting(undefined)}
      >
        {lifting && (
          <>
            <Text mb="xs">{t('suppressions.liftText')}</Text>
            <Text fw={500}>
              <bdi dir="ltr">{lifting.email}</bdi>
            </Text>
          </>
        )}
      </ConfirmDialog>
    </Card>
  );
}

interface SuppressionTableProps {
  suppressions: Suppression[];
  /** Another page is on its way: the rows are the last page's. */
  busy: boolean;
  label: string;
  onLift: (suppression: Suppression) => void;
}

function SuppressionTable({ suppressions, busy, label, onLift }: SuppressionTableProps) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const format = useAdminFormat();
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label={label} aria-busy={busy || undefined} opacity={busy ? 0.6 : 1}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('suppressions.member')}</Table.Th>
            <Table.Th>{t('suppressions.email')}</Table.Th>
            <Table.Th>{t('suppressions.bouncedAt')}</Table.Th>
            <Table.Th>{t('suppressions.reason')}</Table.Th>
            <Table.Th>{t('suppressions.campaign')}</Table.Th>
            <Table.Th>{t('common.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {suppressions.map((suppression) => (
            <Table.Tr key={suppression.userId}>
              <Table.Td>{suppression.username}</Table.Td>
              <Table.Td>
                <Text span size="sm" dir="ltr" style={{ overflowWrap: 'anywhere' }}>
                  {suppression.email}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {format.dateTime(suppression.bouncedAt)}
                </Text>
              </Table.Td>
              <Table.Td maw={320}>
                {suppression.reason === null ? (
                  NO_VALUE
                ) : (
                  <Text span size="xs" ff="monospace" dir="ltr" style={{ overflowWrap: 'anywhere' }}>
                    {suppression.reason}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {suppression.campaignName === null ? (
                  NO_VALUE
                ) : (
                  <Text span size="sm" dir="auto">
                    {suppression.campaignName}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Button size="xs" variant="light" aria-label={t('suppressions.liftOf', { name: suppression.username })} onClick={() => onLift(suppression)}>
                  {t('suppressions.lift')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
