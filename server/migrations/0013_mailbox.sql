-- The POP3 mailbox's checker (newsletter/mailbox/): each message it has read, per mailbox (user@host:port),
-- so each header is read once; for a delivery report, how many campaign recipients it marked bounced
-- (NULL for any other message).
CREATE TABLE mailbox_seen (
    mailbox TEXT NOT NULL,
    uid TEXT NOT NULL,
    bounces BIGINT,
    seen_at BIGINT NOT NULL,
    PRIMARY KEY (mailbox, uid)
);
