-- People admin: disabled accounts, hand-kept and opt-in groups, and the indexes the user table's
-- sorting, the computed groups and the audit log's filters read by.

ALTER TABLE users ADD COLUMN disabled_at BIGINT;
-- What the admin's search matches: the username and e-mail, lower-cased by the server (Unicode-aware,
-- unlike SQLite's LOWER), so one LIKE per row does.
ALTER TABLE users ADD COLUMN search_key TEXT NOT NULL DEFAULT '';
UPDATE users SET search_key = LOWER(username) || ' ' || LOWER(email);

-- Membership of the groups kept by hand (vip) or by the member (newsletter); "new" and "inactive"
-- are computed from the dates and never stored.
CREATE TABLE user_groups (
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    group_key TEXT NOT NULL,
    added_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, group_key)
);
CREATE INDEX user_groups_group ON user_groups (group_key, user_id);

CREATE INDEX users_created ON users (created_at);
CREATE INDEX users_last_login ON users (last_login_at);
CREATE INDEX users_email_order ON users (email);

CREATE INDEX audit_log_action ON audit_log (action, created_at);
CREATE INDEX audit_log_resource_type ON audit_log (resource_type, created_at);
CREATE INDEX audit_log_user ON audit_log (user_id, created_at);
