-- Crash reports grouped as an error tracker groups them (crash_reports/): a group per fingerprint (the
-- message with its numbers and ids made alike, and the top frames), with its status; each report an
-- occurrence of its group. Reports of visitors are kept too: `user_id` is then empty.
CREATE TABLE crash_groups (
    id TEXT PRIMARY KEY,
    fingerprint TEXT NOT NULL UNIQUE,
    message TEXT NOT NULL,
    -- new, resolved or ignored; a resolved group that recurs is new again.
    status TEXT NOT NULL,
    first_seen BIGINT NOT NULL,
    last_seen BIGINT NOT NULL,
    occurrences BIGINT NOT NULL,
    -- Distinct reporters: a member's id, or a visitor's hash of the day (no IP is kept).
    users BIGINT NOT NULL
);
CREATE INDEX crash_groups_seen ON crash_groups (status, last_seen);

CREATE TABLE crash_group_reporters (
    group_id TEXT NOT NULL,
    reporter TEXT NOT NULL,
    PRIMARY KEY (group_id, reporter)
);

CREATE TABLE crash_occurrences (
    id TEXT PRIMARY KEY,
    group_id TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    user_id TEXT,
    message TEXT NOT NULL,
    stack TEXT,
    component_stack TEXT,
    url TEXT NOT NULL,
    user_agent TEXT NOT NULL,
    browser TEXT NOT NULL,
    lang TEXT NOT NULL,
    release TEXT NOT NULL,
    reported_at TEXT NOT NULL
);
CREATE INDEX crash_occurrences_group ON crash_occurrences (group_id, created_at);

-- Reports kept before grouping: one group per message, each report an occurrence of it.
INSERT INTO crash_groups (id, fingerprint, message, status, first_seen, last_seen, occurrences, users)
SELECT 'earlier-' || MIN(id), 'earlier:' || message, message, 'new', MIN(created_at), MAX(created_at), COUNT(*),
       COUNT(DISTINCT user_id)
FROM crash_reports GROUP BY message;

INSERT INTO crash_group_reporters (group_id, reporter)
SELECT DISTINCT g.id, r.user_id FROM crash_reports r JOIN crash_groups g ON g.fingerprint = 'earlier:' || r.message;

INSERT INTO crash_occurrences (id, group_id, created_at, user_id, message, stack, component_stack, url, user_agent,
                               browser, lang, release, reported_at)
SELECT r.id, g.id, r.created_at, r.user_id, r.message, r.stack, r.component_stack, r.url, r.user_agent, '', '', '',
       r.reported_at
FROM crash_reports r JOIN crash_groups g ON g.fingerprint = 'earlier:' || r.message;

DROP TABLE crash_reports;
