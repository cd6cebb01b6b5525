-- E-mail campaigns (newsletter/campaigns/): what the admin wrote, its state, when it is to start, and,
-- from the start, the template's texts and the tracked links as sent (so editing or deleting the
-- template later does not change what the figures are about).
CREATE TABLE email_campaigns (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    template_id TEXT REFERENCES email_templates(id) ON DELETE SET NULL,
    -- JSON: {lang: subject} for each target language.
    subjects TEXT NOT NULL,
    -- JSON arrays of group keys ("all", "newsletter", "vip", "new", "inactive") and language codes.
    target_groups TEXT NOT NULL,
    languages TEXT NOT NULL,
    status TEXT NOT NULL,
    -- As the admin chose it ("2026-12-01T09:00" in the IANA zone), and the UTC instant it stands for.
    schedule_local TEXT,
    timezone TEXT,
    scheduled_at BIGINT,
    -- Fixed at the start: the template's category and texts (JSON), the tracked links (JSON array of
    -- URLs, a click token's link number is an index in it) and whether opens and clicks are tracked.
    category TEXT,
    content TEXT,
    links TEXT,
    tracked BIGINT NOT NULL DEFAULT 0,
    recipients BIGINT NOT NULL DEFAULT 0,
    -- Why a scheduled start did not happen (the campaign went back to draft).
    problem TEXT,
    started_at BIGINT,
    finished_at BIGINT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX email_campaigns_status ON email_campaigns (status, scheduled_at);

-- The audience frozen at the start: one row per member, with what the message needs, so later changes
-- to the member do not change who is mailed; a member deleted meanwhile is not mailed.
CREATE TABLE campaign_recipients (
    campaign_id TEXT NOT NULL REFERENCES email_campaigns(id) ON DELETE CASCADE,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    email TEXT NOT NULL,
    username TEXT NOT NULL,
    lang TEXT NOT NULL,
    -- queued, sent, failed or bounced.
    status TEXT NOT NULL,
    attempts BIGINT NOT NULL DEFAULT 0,
    next_attempt_at BIGINT NOT NULL,
    -- A sender's claim; after it another sender may take the row (the first one died).
    locked_until BIGINT,
    message_id TEXT,
    error TEXT,
    sent_at BIGINT,
    opened_at BIGINT,
    clicked_at BIGINT,
    PRIMARY KEY (campaign_id, user_id)
);
CREATE INDEX campaign_recipients_queue ON campaign_recipients (campaign_id, status, next_attempt_at);
CREATE INDEX campaign_recipients_message ON campaign_recipients (message_id);

-- Each member's first click on each tracked link.
CREATE TABLE campaign_clicks (
    campaign_id TEXT NOT NULL REFERENCES email_campaigns(id) ON DELETE CASCADE,
    link BIGINT NOT NULL,
    user_id TEXT NOT NULL,
    clicked_at BIGINT NOT NULL,
    PRIMARY KEY (campaign_id, link, user_id)
);

-- A hard bounce: the address does not exist. No campaign reaches it until the member changes it.
ALTER TABLE users ADD COLUMN bounced_at BIGINT;
