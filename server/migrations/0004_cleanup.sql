-- What the cleanup job deletes by: when each rate-limit window ends, and indexes on the expiry times.

ALTER TABLE rate_limits ADD COLUMN window_end BIGINT NOT NULL DEFAULT 0;
-- Windows already counting end at the latest an hour after they started (the longest window).
UPDATE rate_limits SET window_end = window_start + 3600000;
CREATE INDEX rate_limits_end ON rate_limits (window_end);

CREATE INDEX verification_codes_expiry ON verification_codes (expires_at);
CREATE INDEX password_resets_expiry ON password_resets (expires_at);
CREATE INDEX bot_check_uses_expiry ON bot_check_uses (expires_at);
CREATE INDEX sessions_expiry ON sessions (expires_at);
CREATE INDEX sessions_ended ON sessions (ended_at);
