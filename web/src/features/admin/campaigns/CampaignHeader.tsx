import { Anchor, Group, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { directionOf } from '../../../i18n/languages';
import { ADMIN_NAMESPACE } from '../i18n';
import type { CampaignStatus } from './api';
import { CAMPAIGNS_PAGE } from './paths';
import { StatusBadge } from '../components/StatusBadge';
import { CAMPAIGN_LOOKS } from './statusLooks';

/** A campaign page's heading (with its status once it has one) under the way back to the list. */
export function CampaignHeader({ title, status }: { title: string; status?: CampaignStatus }) {
  const { t, i18n } = useTranslation(ADMIN_NAMESPACE);
  // The arrow points back the way the page reads.
  const Back = directionOf(i18n.language) === 'rtl' ? IconArrowRight : IconArrowLeft;
  return (
    <>
      <Anchor component={Link} to={CAMPAIGNS_PAGE} size="sm">
        <Group gap={4} component="span">
          <Back size={14} aria-hidden />
          {t('campaigns.backToList')}
        </Group>
      </Anchor>
      <Group gap="sm" mt="xs" mb="lg">
        <Title order={1} size="h2">
          {title}
        </Title>
        {status && <StatusBadge status={status} looks={CAMPAIGN_LOOKS} label={t(`campaigns.statuses.${status}`)} />}
      </Group>
    </>
  );
}
