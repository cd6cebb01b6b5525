import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { DataTable, type Column } from '../components/DataTable';
import { NO_VALUE, useAdminFormat } from '../components/useAdminFormat';
import { ADMIN_NAMESPACE } from '../i18n';
import type { CampaignReport } from './api';

type LinkClicks = CampaignReport['links'][number];
type Problem = CampaignReport['problems'][number];

/** Each tracked link of the campaign and how many recipients clicked it. */
export function LinkClicksTable({ links }: { links: readonly LinkClicks[] }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const format = useAdminFormat();
  const columns: Column<LinkClicks>[] = [
    { key: 'url', header: t('campaigns.report.link'), cell: (link) => <Text span size="sm" dir="ltr" style={{ wordBreak: 'break-all' }}>{link.url}</Text>, sortValue: (link) => link.url, csv: (link) => link.url },
    { key: 'clicks', header: t('campaigns.report.clicks'), cell: (link) => format.count(link.clicks), sortValue: (link) => link.clicks, csv: (link) => link.clicks },
  ];
  return <DataTable label={t('campaigns.report.links')} rows={links} columns={columns} rowKey={(link) => link.url} searchText={(link) => link.url} emptyText={t('campaigns.report.noLinks')} />;
}

/** The recipients whose message failed or bounced, with the mail server's answer; the server lists the first 100 of `total`. */
export function ProblemsTable({ problems, total }: { problems: readonly Problem[]; total: number }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const format = useAdminFormat();
  const status = (problem: Problem) => t(`campaigns.report.problemStatuses.${problem.status}` as never, { defaultValue: problem.status });
  const columns: Column<Problem>[] = [
    { key: 'email', header: t('campaigns.report.address'), cell: (problem) => <Text span size="sm" dir="ltr">{problem.email}</Text>, sortValue: (problem) => problem.email, csv: (problem) => problem.email },
    { key: 'status', header: t('campaigns.status'), cell: status, sortValue: status, csv: (problem) => problem.status },
    { key: 'attempts', header: t('campaigns.report.attempts'), cell: (problem) => format.count(problem.attempts), sortValue: (problem) => problem.attempts, csv: (problem) => problem.attempts },
    { key: 'error', header: t('campaigns.report.reason'), cell: (problem) => <Text span size="sm" dir="auto">{problem.error ?? NO_VALUE}</Text>, csv: (problem) => problem.error },
  ];
  return (
    <>
      {total > problems.length && (
        <Text size="sm" c="dimmed" mb="xs">
          {t('campaigns.report.firstProblems', { shown: format.count(problems.length), total: format.count(total) })}
        </Text>
      )}
      <DataTable
        label={t('campaigns.report.problems')}
        rows={problems}
        columns={columns}
        rowKey={(problem) => problem.email}
        searchText={(problem) => `${problem.email} ${problem.error ?? ''}`}
        emptyText={t('campaigns.report.noProblems')}
      />
    </>
  );
}
