-- A member who asked for no more list mail (an unsubscribe link, or a mail client's one-click POST of
-- RFC 8058). No campaign reaches them until they subscribe again in their account.
ALTER TABLE users ADD COLUMN unsubscribed_at BIGINT;

-- The welcome template sent to each new member once their address is verified (one at most).
ALTER TABLE email_templates ADD COLUMN sends_welcome BIGINT NOT NULL DEFAULT 0;

-- A list mail's unsubscribe address, sent as its List-Unsubscribe header (RFC 2369, RFC 8058).
ALTER TABLE email_outbox ADD COLUMN list_unsubscribe TEXT;
