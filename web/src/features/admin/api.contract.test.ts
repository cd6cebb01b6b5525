import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';

import { siteConfigSchema } from '../../lib/siteConfig';
import { answerDrift, documentedValues } from '../../test/apiContract';
import { socialEmbedSettingsSchema } from '../blog';
import { metricsSchema, PROVIDERS as AI_PROVIDERS, statusSchema, testResultSchema } from './ai/api';
import { providerSettingsSchema } from './ai/providerSettings';
import { liveSchema, reportSchema } from './analytics/api';
import { RANGES } from './components/reportRange';
import { auditPageSchema } from './auditLogs/api';
import { CACHE_NAMES, CACHE_STATUSES, cacheReportSchema } from './cache/api';
import { audienceCountSchema, CAMPAIGN_STATUSES, campaignRecordSchema, campaignReportSchema, TARGET_GROUPS } from './campaigns/api';
import { categoryRecordSchema, POST_STATUSES, postRecordSchema, previewSchema } from './blog/api';
import { brandRecordSchema, productRecordSchema } from './catalogue/api';
import { familyRecordSchema } from './families/api';
import { uploadedSchema } from './components/ImageField';
import { CRASH_STATUSES, crashDetailSchema, crashPageSchema } from './crashes/api';
import { overviewSchema, statsSchema } from './dashboard/api';
import { AUTH_RESULTS, connectionTestSchema, FAILURES, inboxSchema, KINDS, mailboxSettingsSchema, openedMessageSchema, REASONS } from './mailbox/api';
import { PERMISSIONS } from './adminScreen';
import { sessionListSchema } from './sessions/api';
import { dkimViewSchema } from './settings/dkimSettings';
import { liftedSchema, suppressionPageSchema } from './suppressions';
import { emailAnswerSchema, PROVIDERS as EMAIL_PROVIDERS } from './settings/emailSettings';
import { aiModelsSchema, analyticsCollectionSchema, analyticsSchema, auditSchema, botCheckSchema, campaignSendingSchema } from './settings/schemas';
import { TEMPLATE_CATEGORIES, templatePreviewSchema, templateRecordSchema, templateVariablesSchema, testSentSchema } from './templates/api';
import { adminUserSchema, changedSchema, USER_GROUPS, USER_ROLES, userListSchema } from './users/api';

describe('the admin reads what the server documents', () => {
  it.each([
    ['get', '/api/admin/stats', statsSchema, {}],
    ['get', '/api/admin/overview', overviewSchema, { everyFieldSent: true }],
    ['get', '/api/admin/crashes', crashPageSchema, { everyFieldSent: true }],
    ['get', '/api/admin/crashes/{id}', crashDetailSchema, { everyFieldSent: true }],
    ['get', '/api/admin/brands', z.array(brandRecordSchema), { everyFieldSent: true }],
    ['post', '/api/admin/brands', brandRecordSchema, { status: '201', everyFieldSent: true }],
    ['put', '/api/admin/brands/{id}', brandRecordSchema, { everyFieldSent: true }],
    ['get', '/api/admin/products', z.array(productRecordSchema), { everyFieldSent: true }],
    ['post', '/api/admin/products', productRecordSchema, { status: '201', everyFieldSent: true }],
    ['put', '/api/admin/products/{id}', productRecordSchema, { everyFieldSent: true }],
    ['get', '/api/admin/families', z.array(familyRecordSchema), { everyFieldSent: true }],
    ['post', '/api/admin/families', familyRecordSchema, { status: '201', everyFieldSent: true }],
    ['put', '/api/admin/families/{id}', familyRecordSchema, { everyFieldSent: true }],
    ['post', '/api/admin/uploads', uploadedSchema, { status: '201' }],
    ['get', '/api/admin/blog/posts', z.array(postRecordSchema), { everyFieldSent: true }],
    ['post', '/api/admin/blog/posts', postRecordSchema, { status: '201', everyFieldSent: true }],
    ['put', '/api/admin/blog/posts/{slug}', postRecordSchema, { everyFieldSent: true }],
    ['get', '/api/admin/blog/categories', z.array(categoryRecordSchema), {}],
    ['post', '/api/admin/blog/categories', categoryRecordSchema, { status: '201' }],
    ['put', '/api/admin/blog/categories/{slug}', categoryRecordSchema, {}],
    ['post', '/api/admin/blog/preview', previewSchema, {}],
    ['get', '/api/users/list', userListSchema, {}],
    ['post', '/api/users/create', adminUserSchema, { status: '201' }],
    ['patch', '/api/users/update/{id}', adminUserSchema, {}],
    ['post', '/api/users/groups/{group}/members', changedSchema, {}],
    ['delete', '/api/users/groups/{group}/members', changedSchema, {}],
    ['get', '/api/sessions/list', sessionListSchema, {}],
    ['get', '/api/admin/audit-logs', auditPageSchema, {}],
    ['get', '/api/admin/ai/status', statusSchema, {}],
    ['get', '/api/admin/ai/metrics', metricsSchema, {}],
    ['post', '/api/admin/ai/test', testResultSchema, {}],
    ['get', '/api/admin/analytics', reportSchema, {}],
    ['get', '/api/admin/analytics/live', liveSchema, {}],
    ['get', '/api/admin/cache', cacheReportSchema, {}],
    ['delete', '/api/admin/cache', cacheReportSchema, {}],
    ['delete', '/api/admin/cache/{name}', cacheReportSchema, {}],
    ['get', '/api/admin/settings/site', siteConfigSchema, { everyFieldSent: true }],
    ['get', '/api/admin/settings/email', emailAnswerSchema, { everyFieldSent: true }],
    ['get', '/api/admin/settings/analytics', analyticsSchema, { everyFieldSent: true }],
    ['get', '/api/admin/settings/analytics-collection', analyticsCollectionSchema, { everyFieldSent: true }],
    ['get', '/api/admin/settings/ai-models', aiModelsSchema, {}],
    ['get', '/api/admin/settings/ai-providers', providerSettingsSchema, { everyFieldSent: true }],
    ['get', '/api/admin/settings/bot-check', botCheckSchema, {}],
    ['get', '/api/admin/settings/audit', auditSchema, {}],
    ['get', '/api/admin/settings/social-embeds', socialEmbedSettingsSchema, {}],
    ['get', '/api/admin/suppressions', suppressionPageSchema, { everyFieldSent: true }],
    ['delete', '/api/admin/suppressions/{user_id}', liftedSchema, {}],
    ['get', '/api/admin/email/templates', z.array(templateRecordSchema), { everyFieldSent: true }],
    ['post', '/api/admin/email/templates', templateRecordSchema, { status: '201', everyFieldSent: true }],
    ['put', '/api/admin/email/templates/{id}', templateRecordSchema, { everyFieldSent: true }],
    ['post', '/api/admin/email/templates/{id}/duplicate', templateRecordSchema, { status: '201', everyFieldSent: true }],
    ['post', '/api/admin/email/templates/preview', templatePreviewSchema, {}],
    ['post', '/api/admin/email/templates/test', testSentSchema, {}],
    ['get', '/api/admin/email/templates/variables', templateVariablesSchema, {}],
    ['get', '/api/admin/email/campaigns', z.array(campaignRecordSchema), {}],
    ['post', '/api/admin/email/campaigns', campaignRecordSchema, { status: '201' }],
    ['get', '/api/admin/email/campaigns/{id}', campaignRecordSchema, {}],
    ['put', '/api/admin/email/campaigns/{id}', campaignRecordSchema, {}],
    ['post', '/api/admin/email/campaigns/audience', audienceCountSchema, {}],
    ['post', '/api/admin/email/campaigns/{id}/schedule', campaignRecordSchema, {}],
    ['post', '/api/admin/email/campaigns/{id}/unschedule', campaignRecordSchema, {}],
    ['post', '/api/admin/email/campaigns/{id}/send', campaignRecordSchema, {}],
    ['post', '/api/admin/email/campaigns/{id}/pause', campaignRecordSchema, {}],
    ['post', '/api/admin/email/campaigns/{id}/resume', campaignRecordSchema, {}],
    ['post', '/api/admin/email/campaigns/{id}/cancel', campaignRecordSchema, {}],
    ['post', '/api/admin/email/campaigns/{id}/test', testSentSchema, {}],
    ['get', '/api/admin/email/campaigns/{id}/report', campaignReportSchema, {}],
    ['get', '/api/admin/settings/campaign-sending', campaignSendingSchema, { everyFieldSent: true }],
    ['put', '/api/admin/settings/campaign-sending', campaignSendingSchema, { everyFieldSent: true }],
    ['get', '/api/admin/settings/dkim', dkimViewSchema, { everyFieldSent: true }],
    ['put', '/api/admin/settings/dkim', dkimViewSchema, { everyFieldSent: true }],
    ['get', '/api/admin/email/pop3', mailboxSettingsSchema, { everyFieldSent: true }],
    ['put', '/api/admin/email/pop3', mailboxSettingsSchema, { everyFieldSent: true }],
    ['post', '/api/admin/email/pop3/test', connectionTestSchema, {}],
    ['get', '/api/admin/email/pop3/messages', inboxSchema, {}],
    ['get', '/api/admin/email/pop3/messages/{id}', openedMessageSchema, {}],
  ] as const)('%s %s', (method, path, schema, reading) => {
    expect(answerDrift(schema, method, path, reading)).toEqual([]);
  });

  it.each([
    ['Permission', PERMISSIONS],
    ['Role', USER_ROLES],
    ['Group', USER_GROUPS],
    ['PostStatus', POST_STATUSES],
    ['EmailProvider', EMAIL_PROVIDERS],
    ['ProviderKind', AI_PROVIDERS],
    ['RangeName', RANGES],
    ['CacheName', CACHE_NAMES],
    ['CacheStatus', CACHE_STATUSES],
    ['TemplateCategory', TEMPLATE_CATEGORIES],
    ['CampaignStatus', CAMPAIGN_STATUSES],
    ['CrashStatus', CRASH_STATUSES],
    ['TargetGroup', TARGET_GROUPS],
    ['MailboxFailure', FAILURES],
    ['AuthResult', AUTH_RESULTS],
    ['MailKind', KINDS],
    ['MailKindReason', REASONS],
  ] as const)('knows every %s', (name, values) => {
    expect(documentedValues(name)).toEqual([...values]);
  });
});
