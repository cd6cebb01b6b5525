import { useTranslation } from 'react-i18next';
import { Route, Routes, useParams } from 'react-router';

import { LoadFailed } from '../../../components/LoadFailed';
import { NotFoundPage } from '../../../components/NotFoundPage';
import { PageLoader } from '../../../components/PageLoader';
import { usePageTitle } from '../../../components/usePageTitle';
import { useAdminText } from '../adminTexts';
import { ADMIN_NAMESPACE } from '../i18n';
import { useCampaign } from './api';
import { CampaignEditor } from './CampaignEditor';
import { CampaignHeader } from './CampaignHeader';
import { CampaignList } from './CampaignList';
import { CampaignPage } from './CampaignPage';

/** E-mail campaigns (/admin/email): the list, a new campaign, and each campaign's page. */
export function CampaignsScreen() {
  usePageTitle('admin');
  return (
    <Routes>
      <Route index element={<CampaignList />} />
      <Route path="new" element={<CampaignEditor />} />
      <Route path=":id" element={<SavedCampaign />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

/** A saved campaign: a draft in its editor, any other on its page. */
function SavedCampaign() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { errorText } = useAdminText();
  const campaign = useCampaign(useParams().id ?? '');
  if (campaign.data) return campaign.data.actions.includes('edit') ? <CampaignEditor campaign={campaign.data} /> : <CampaignPage campaign={campaign.data} />;
  return (
    <>
      <CampaignHeader title={t('screens.email')} />
      {campaign.isError ? <LoadFailed error={new Error(errorText(campaign.error))} onRetry={() => void campaign.refetch()} /> : <PageLoader />}
    </>
  );
}
