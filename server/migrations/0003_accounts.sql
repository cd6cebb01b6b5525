-- Accounts and security: verified e-mail, sessions, one-time codes, reset links, rate limits,
-- used bot-check challenges, the e-mail outbox, the audit log and crash reports.

ALTER TABLE users ADD COLUMN email_verified BIGINT NOT NULL DEFAULT 1;
ALTER TABLE users ADD COLUMN language TEXT NOT NULL DEFAULT 'he';

-- A sign-in. Its id is in the token, so ending the session kills the token at once.
CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    ip TEXT NOT NULL,
    browser TEXT NOT NULL,
    user_agent TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    last_activity_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    ended_at BIGINT
);
CREATE INDEX sessions_user ON sessions (user_id, expires_at);

-- A 6-digit code e-mailed for one login attempt or one sign-up; only its HMAC is kept.
CREATE TABLE verification_codes (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    purpose TEXT NOT NULL,
    code_hash TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    failed_attempts BIGINT NOT NULL DEFAULT 0,
    resend_count BIGINT NOT NULL DEFAULT 0,
    resend_after BIGINT NOT NULL,
    used_at BIGINT
);
CREATE INDEX verification_codes_user ON verification_codes (user_id);

-- A password reset link; only the SHA-256 of its random token is kept.
CREATE TABLE password_resets (
    token_hash TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at BIGINT
);
CREATE INDEX password_resets_user ON password_resets (user_id);

-- Fixed-window counters shared by every instance.
CREATE TABLE rate_limits (
    key TEXT PRIMARY KEY,
    window_start BIGINT NOT NULL,
    hits BIGINT NOT NULL
);

-- Bot-check solutions already accepted: each is accepted once.
CREATE TABLE bot_check_uses (
    signature TEXT PRIMARY KEY,
    expires_at BIGINT NOT NULL
);

CREATE TABLE email_outbox (
    id TEXT PRIMARY KEY,
    recipient TEXT NOT NULL,
    subject TEXT NOT NULL,
    text_body TEXT NOT NULL,
    html_body TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    attempts BIGINT NOT NULL DEFAULT 0,
    next_attempt_at BIGINT NOT NULL,
    locked_until BIGINT,
    last_error TEXT,
    sent_at BIGINT,
    failed_at BIGINT
);
CREATE INDEX email_outbox_due ON email_outbox (sent_at, failed_at, next_attempt_at);

CREATE TABLE audit_log (
    id TEXT PRIMARY KEY,
    created_at BIGINT NOT NULL,
    user_id TEXT,
    username TEXT,
    action TEXT NOT NULL,
    resource_type TEXT NOT NULL,
    resource_id TEXT,
    ip TEXT NOT NULL,
    user_agent TEXT NOT NULL
);
CREATE INDEX audit_log_time ON audit_log (created_at);

CREATE TABLE crash_reports (
    id TEXT PRIMARY KEY,
    created_at BIGINT NOT NULL,
    user_id TEXT NOT NULL,
    message TEXT NOT NULL,
    stack TEXT,
    component_stack TEXT,
    url TEXT NOT NULL,
    user_agent TEXT NOT NULL,
    reported_at TEXT NOT NULL
);
