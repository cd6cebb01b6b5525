import { Alert, Anchor, Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

import { LoadFailed } from '../../../components/LoadFailed';
import { PageLoader } from '../../../components/PageLoader';
import { useForm } from '../../../lib/form/useForm';
import { useAdminText } from '../adminTexts';
import { showSaveError } from '../components/AdminFormModal';
import { notifySuccess } from '../components/notify';
import { ADMIN_NAMESPACE } from '../i18n';
import { useTemplates, useTemplateVariables, type TemplateRecord } from '../templates';
import { useAudienceCount, useSaveCampaign, type CampaignRecord } from './api';
import { AudienceSummary } from './AudienceSummary';
import { audienceChoice, checkCampaign, hasChanges, initialValues, prefilledSubjects, toDraft } from './campaignForm';
import { CampaignHeader } from './CampaignHeader';
import { DraftActions } from './DraftActions';
import { campaignPage } from './paths';
import { SubjectFields, TargetFields } from './TargetFields';

/** A new campaign's form, or a draft's: what it is and whom it goes to, then (once saved) a test, a schedule or the start. */
export function CampaignEditor({ campaign }: { campaign?: CampaignRecord }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { errorText } = useAdminText();
  const templates = useTemplates();
  return (
    <>
      <CampaignHeader title={campaign?.name ?? t('campaigns.add')} status={campaign?.status} />
      {templates.isPending && <PageLoader />}
      {templates.isError && <LoadFailed error={new Error(errorText(templates.error))} onRetry={() => void templates.refetch()} />}
      {templates.data && <CampaignForm campaign={campaign} templates={templates.data} />}
    </>
  );
}

function CampaignForm({ campaign, templates }: { campaign: CampaignRecord | undefined; templates: readonly TemplateRecord[] }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { problemText, errorText } = useAdminText();
  const navigate = useNavigate();
  const save = useSaveCampaign();
  const known = useTemplateVariables().data?.variables;
  const templateOf = (id: string | undefined) => templates.find((template) => template.id === id);
  const form = useForm(initialValues(campaign), (values) => checkCampaign(values, templateOf(values.templateId), known), problemText);
  const { formRef } = form;
  const template = templateOf(form.values.templateId);
  const choice = audienceChoice(form.values);
  const audience = useAudienceCount(choice);

  const chooseTemplate = (id: string) => form.setFields({ templateId: id, ...prefilledSubjects(form.values, templateOf(id), template) });

  const submit = form.onSubmit(async () => {
    try {
      const saved = await save.mutateAsync({ draft: toDraft(form.values), id: campaign?.id });
      notifySuccess(t('campaigns.saved', { name: saved.name }));
      if (!campaign) void navigate(campaignPage(saved.id), { replace: true });
    } catch (failure) {
      showSaveError(form, failure, (error) => `${t('campaigns.saveFailed')} ${errorText(error)}`);
    }
  });

  return (
    <Stack gap="lg">
      {campaign?.problem && (
        <Alert color="orange" role="alert" title={t('campaigns.problemTitle')}>
          <Text size="sm">{problemText(campaign.problem)}</Text>
        </Alert>
      )}
      <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate aria-label={t('campaigns.draftForm')}>
        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
          {form.error && (
            <Alert color="red" role="alert">
              {form.error}
            </Alert>
          )}
          <TextInput label={t('campaigns.name')} required {...form.textField('name')} />
          {templates.length === 0 ? (
            <Alert color="yellow" title={t('campaigns.template')}>
              {t('campaigns.noTemplates')}{' '}
              <Anchor component={Link} to="/admin/templates">
                {t('screens.templates')}
              </Anchor>
            </Alert>
          ) : (
            <Select
              label={t('campaigns.template')}
              placeholder={t('campaigns.chooseTemplate')}
              required
              searchable
              data={templates.map((option) => ({ value: option.id, label: `${option.name} (${t(`templates.categories.${option.category}`)})` }))}
              value={form.values.templateId || null}
              onChange={(id) => chooseTemplate(id ?? '')}
              error={form.errorOf('templateId')}
              nothingFoundMessage={t('table.noMatches')}
            />
          )}
          <TargetFields form={form} template={template} />
          <SubjectFields form={form} />
          <AudienceSummary chosen={choice !== undefined} count={audience.count} settling={audience.settling} />
          <Group justify="flex-end">
            <Button type="submit" loading={form.busy}>
              {t('campaigns.saveDraft')}
            </Button>
          </Group>
          </Stack>
        </Paper>
      </form>
      {campaign && <DraftActions campaign={campaign} changed={hasChanges(form.values, campaign)} audience={audience.count.data?.count} />}
    </Stack>
  );
}
