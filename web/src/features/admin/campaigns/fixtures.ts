import type { TemplateRecord } from '../templates';
import type { CampaignAction, CampaignRecord, CampaignReport, CampaignStatus, Performance } from './api';

/** A template written in Hebrew and English. */
export const springTemplate: TemplateRecord = {
  id: 't-1',
  name: 'Spring news',
  category: 'announcement',
  translations: {
    he: { subject: 'חדש אצל {{siteName}}', body: 'שלום {{username}}' },
    en: { subject: 'New at {{siteName}}', body: 'Hello {{username}}' },
  },
  sendsWelcome: false,
  createdAt: 1,
  updatedAt: 1,
};

/** A template in French only. */
export const frenchTemplate: TemplateRecord = {
  ...springTemplate,
  id: 't-2',
  name: 'Printemps',
  translations: { fr: { subject: 'Nouveau chez {{siteName}}', body: 'Bonjour {{username}}' } },
};

/** The actions the server answers for a campaign in each state (server/src/newsletter/campaigns/model.rs). */
const ACTIONS: Record<CampaignStatus, CampaignAction[]> = {
  draft: ['edit', 'schedule', 'send', 'delete'],
  scheduled: ['schedule', 'unschedule', 'send', 'cancel'],
  sending: ['pause', 'cancel'],
  paused: ['resume', 'cancel'],
  sent: ['delete'],
  cancelled: ['delete'],
};

/** The campaign as the server answers it once in `status`. */
export const inState = (campaign: CampaignRecord, status: CampaignStatus): CampaignRecord => ({ ...campaign, status, actions: ACTIONS[status] });

const noFigures: Performance = { queued: 0, sent: 0, failed: 0, bounced: 0, opened: 0, clicked: 0, openRate: 0, clickRate: 0 };

export const draft: CampaignRecord = {
  id: 'c-1',
  name: 'Spring sale',
  templateId: 't-1',
  subjects: { he: 'מבצע אביב', en: 'Spring sale' },
  groups: ['vip'],
  languages: ['he', 'en'],
  status: 'draft',
  actions: ACTIONS.draft,
  schedule: null,
  scheduledAt: null,
  problem: null,
  recipients: 0,
  performance: noFigures,
  startedAt: null,
  finishedAt: null,
  createdAt: Date.UTC(2030, 1, 20),
  updatedAt: Date.UTC(2030, 1, 20),
};

/** 2030-03-02 09:00 in Jerusalem (UTC+2 in winter). */
export const scheduled: CampaignRecord = {
  ...draft,
  id: 'c-2',
  name: 'Summer gala',
  status: 'scheduled',
  actions: ACTIONS.scheduled,
  schedule: { date: '2030-03-02', time: '09:00', timezone: 'Asia/Jerusalem' },
  scheduledAt: Date.UTC(2030, 2, 2, 7),
};

/** Half way: 40 sent, 6 failed, 4 bounced of 100. */
export const sending: CampaignRecord = {
  ...draft,
  id: 'c-3',
  name: 'Autumn tips',
  status: 'sending',
  actions: ACTIONS.sending,
  recipients: 100,
  performance: { queued: 50, sent: 40, failed: 6, bounced: 4, opened: 10, clicked: 4, openRate: 0.25, clickRate: 0.1 },
  startedAt: Date.UTC(2030, 1, 28, 9),
};

export const sent: CampaignRecord = {
  ...draft,
  id: 'c-4',
  name: 'Winter news',
  status: 'sent',
  actions: ACTIONS.sent,
  recipients: 200,
  performance: { queued: 0, sent: 190, failed: 6, bounced: 4, opened: 95, clicked: 38, openRate: 0.5, clickRate: 0.2 },
  startedAt: Date.UTC(2030, 0, 10, 9),
  finishedAt: Date.UTC(2030, 0, 10, 9, 5),
};

export const sendingReport: CampaignReport = {
  progress: { ratePerSecond: 2.5, secondsLeft: 20 },
  bucketMs: 5 * 60_000,
  timeline: [],
  links: [],
  problems: [],
};

export const sentReport: CampaignReport = {
  progress: { ratePerSecond: 0, secondsLeft: null },
  bucketMs: 3_600_000,
  timeline: [
    { at: Date.UTC(2030, 0, 10, 9), opens: 60, clicks: 20 },
    { at: Date.UTC(2030, 0, 10, 10), opens: 35, clicks: 18 },
  ],
  links: [
    { url: 'https://pointe.example/shop', clicks: 30 },
    { url: 'https://pointe.example/blog', clicks: 8 },
  ],
  problems: [
    { email: 'odile@example.org', status: 'bounced', attempts: 1, error: '550 5.1.1 No such user' },
    { email: 'siegfried@example.org', status: 'failed', attempts: 3, error: 'Connection refused' },
  ],
};
