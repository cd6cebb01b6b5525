import { Tabs, Title } from '@mantine/core';
import { IconBrain, IconChartLine, IconRoute } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { usePageTitle } from '../../../components/usePageTitle';
import { ADMIN_NAMESPACE } from '../i18n';
import { GatewayTab } from './GatewayTab';
import { MetricsTab } from './MetricsTab';
import { ModelsTab } from './ModelsTab';

/**
 * AI monitoring: the models, the provider chain and its settings, and the usage metrics. Only the shown
 * tab is mounted, so only its live numbers refresh.
 */
export function AiScreen() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  usePageTitle('admin');
  return (
    <>
      <Title order={1} size="h2" mb="lg">
        {t('screens.ai')}
      </Title>
      <Tabs defaultValue="models" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="models" leftSection={<IconBrain size={16} aria-hidden />}>
            {t('ai.tabs.models')}
          </Tabs.Tab>
          <Tabs.Tab value="gateway" leftSection={<IconRoute size={16} aria-hidden />}>
            {t('ai.tabs.gateway')}
          </Tabs.Tab>
          <Tabs.Tab value="metrics" leftSection={<IconChartLine size={16} aria-hidden />}>
            {t('ai.tabs.metrics')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="models">
          <ModelsTab />
        </Tabs.Panel>
        <Tabs.Panel value="gateway">
          <GatewayTab />
        </Tabs.Panel>
        <Tabs.Panel value="metrics">
          <MetricsTab />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
