import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Facts } from '../components/Facts';
import { NO_VALUE, useAdminFormat } from '../components/useAdminFormat';
import { ADMIN_NAMESPACE } from '../i18n';
import { useTemplates } from '../templates';
import type { CampaignRecord } from './api';
import { CampaignFigures } from './CampaignFigures';
import { CampaignHeader } from './CampaignHeader';
import { MoveButtons } from './MoveButtons';
import { formatMoment } from './scheduleTime';

/** A campaign past its draft: what it is, its schedule, the moves its state allows, and once started its progress and figures. */
export function CampaignPage({ campaign }: { campaign: CampaignRecord }) {
  return (
    <>
      <CampaignHeader title={campaign.name} status={campaign.status} />
      <Stack gap="lg">
        <MoveButtons campaign={campaign} />
        <CampaignFacts campaign={campaign} />
        {campaign.startedAt !== null && <CampaignFigures campaign={campaign} />}
      </Stack>
    </>
  );
}

function CampaignFacts({ campaign }: { campaign: CampaignRecord }) {
  const { t, i18n } = useTranslation(ADMIN_NAMESPACE);
  const { t: tCommon } = useTranslation();
  const format = useAdminFormat();
  const template = useTemplates().data?.find((known) => known.id === campaign.templateId);
  const { schedule, scheduledAt } = campaign;
  const facts: [string, ReactNode][] = [
    [t('campaigns.template'), template?.name ?? NO_VALUE],
    [t('campaigns.groups'), campaign.groups.map((group) => t(`users.groupFilters.${group}`)).join(', ')],
    ...campaign.languages.map((language): [string, ReactNode] => [
      t('campaigns.subjectIn', { language: tCommon(`languages.${language}`) }),
      <span lang={language} dir="auto">
        {campaign.subjects[language]}
      </span>,
    ]),
  ];
  if (schedule && scheduledAt !== null) {
    facts.push([t('campaigns.scheduledFor'), `${formatMoment(scheduledAt, i18n.language, schedule.timezone)} (${schedule.timezone})`]);
    facts.push([t('campaigns.inYourTime'), formatMoment(scheduledAt, i18n.language)]);
  }
  if (campaign.startedAt !== null) facts.push([t('campaigns.startedAt'), format.dateTime(campaign.startedAt)]);
  if (campaign.finishedAt !== null) facts.push([t(campaign.status === 'sent' ? 'campaigns.sentAt' : 'campaigns.stoppedAt'), format.dateTime(campaign.finishedAt)]);
  return <Facts label={t('campaigns.details')} facts={facts} />;
}
