import { Anchor, Button, Select } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

import { ConfirmDialog } from '../components/ConfirmDialog';
import { DataTable, type Column } from '../components/DataTable';
import { ListScreen } from '../components/ListScreen';
import { notifySuccess } from '../components/notify';
import { RowActions } from '../components/RowActions';
import { NO_VALUE, useAdminFormat } from '../components/useAdminFormat';
import { ADMIN_NAMESPACE } from '../i18n';
import { SuppressionsCard } from '../suppressions';
import { CAMPAIGN_STATUSES, useCampaigns, useDeleteCampaign, type CampaignRecord, type CampaignStatus } from './api';
import { campaignPage, NEW_CAMPAIGN_PAGE } from './paths';
import { StatusBadge } from '../components/StatusBadge';
import { CAMPAIGN_LOOKS } from './statusLooks';

type StatusFilter = CampaignStatus | 'all';
const STATUS_FILTERS: readonly StatusFilter[] = ['all', ...CAMPAIGN_STATUSES];

/**
 * The campaigns, newest first: status and performance, a filter by status, search by name, new, open and
 * delete; below them, the addresses no campaign reaches any more (loaded on their own).
 */
export function CampaignList() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const format = useAdminFormat();
  const navigate = useNavigate();
  const [status, setStatus] = useState<StatusFilter>('all');
  const campaigns = useCampaigns(status);
  const deleteCampaign = useDeleteCampaign();
  const [deleting, setDeleting] = useState<CampaignRecord>();

  /** A rate means nothing before any e-mail went out. */
  const rate = (campaign: CampaignRecord, value: number) => (campaign.performance.sent > 0 ? format.percent(value) : NO_VALUE);
  const sentDate = (campaign: CampaignRecord) => (campaign.status === 'sent' ? campaign.finishedAt : null);

  const columns: Column<CampaignRecord>[] = [
    {
      key: 'name',
      header: t('campaigns.name'),
      cell: (campaign) => (
        <Anchor component={Link} to={campaignPage(campaign.id)}>
          {campaign.name}
        </Anchor>
      ),
      sortValue: (campaign) => campaign.name,
      csv: (campaign) => campaign.name,
    },
    {
      key: 'status',
      header: t('campaigns.status'),
      cell: (campaign) => <StatusBadge status={campaign.status} looks={CAMPAIGN_LOOKS} label={t(`campaigns.statuses.${campaign.status}`)} />,
      sortValue: (campaign) => CAMPAIGN_STATUSES.indexOf(campaign.status),
      csv: (campaign) => campaign.status,
    },
    {
      key: 'recipients',
      header: t('campaigns.recipients'),
      cell: (campaign) => (campaign.startedAt === null ? NO_VALUE : format.count(campaign.recipients)),
      sortValue: (campaign) => campaign.recipients,
      csv: (campaign) => campaign.recipients,
    },
    {
      key: 'sentAt',
      header: t('campaigns.sentAt'),
      cell: (campaign) => {
        const at = sentDate(campaign);
        return at === null ? NO_VALUE : format.dateTime(at);
      },
      sortValue: (campaign) => sentDate(campaign) ?? 0,
      csv: (campaign) => {
        const at = sentDate(campaign);
        return at === null ? '' : new Date(at).toISOString();
      },
    },
    {
      key: 'openRate',
      header: t('campaigns.openRate'),
      cell: (campaign) => rate(campaign, campaign.performance.openRate),
      sortValue: (campaign) => campaign.performance.openRate,
      csv: (campaign) => campaign.performance.openRate,
    },
    {
      key: 'clickRate',
      header: t('campaigns.clickRate'),
      cell: (campaign) => rate(campaign, campaign.performance.clickRate),
      sortValue: (campaign) => campaign.performance.clickRate,
      csv: (campaign) => campaign.performance.clickRate,
    },
    {
      key: 'emails',
      header: t('campaigns.emailsSent'),
      cell: (campaign) => format.count(campaign.performance.sent),
      sortValue: (campaign) => campaign.performance.sent,
      csv: (campaign) => campaign.performance.sent,
    },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (campaign) => (
        <RowActions
          name={campaign.name}
          readOnly={!campaign.actions.includes('edit')}
          canDelete={campaign.actions.includes('delete')}
          onEdit={() => void navigate(campaignPage(campaign.id))}
          onDelete={() => setDeleting(campaign)}
        />
      ),
    },
  ];

  return (
    <>
      <ListScreen title={t('screens.email')} queries={[campaigns]}>
        {([list]) => (
          <>
            <DataTable
              label={t('screens.email')}
              rows={list}
              columns={columns}
              rowKey={(campaign) => campaign.id}
              searchText={(campaign) => campaign.name}
              emptyText={status === 'all' ? t('campaigns.empty') : t('campaigns.emptyStatus')}
              actions={
                <>
                  <Select
                    aria-label={t('campaigns.statusFilter')}
                    data={STATUS_FILTERS.map((value) => ({ value, label: value === 'all' ? t('campaigns.allStatuses') : t(`campaigns.statuses.${value}`) }))}
                    value={status}
                    onChange={(value) => setStatus(STATUS_FILTERS.find((known) => known === value) ?? 'all')}
                    allowDeselect={false}
                    w={180}
                  />
                  <Button component={Link} to={NEW_CAMPAIGN_PAGE} leftSection={<IconPlus size={16} aria-hidden />}>
                    {t('campaigns.add')}
                  </Button>
                </>
              }
            />
            <ConfirmDialog
              opened={deleting !== undefined}
              title={t('campaigns.deleteTitle', { name: deleting?.name ?? '' })}
              confirmLabel={t('common.delete')}
              onConfirm={async () => {
                if (!deleting) return;
                await deleteCampaign.mutateAsync(deleting);
                notifySuccess(t('campaigns.deleted', { name: deleting.name }));
              }}
              onClose={() => setDeleting(undefined)}
            >
              {t('campaigns.deleteText')}
            </ConfirmDialog>
          </>
        )}
      </ListScreen>
      <SuppressionsCard />
    </>
  );
}
