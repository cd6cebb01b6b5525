-- A session's newest token (sessions/tokens.rs): a refresh replaces it, and the token it was refreshed
-- from keeps working for a short grace only (tabs and requests in flight still hold it). Issue times are
-- the tokens' `iat`, in seconds; 0 marks a session from before this column, whose tokens all count.
ALTER TABLE sessions ADD COLUMN token_iat BIGINT NOT NULL DEFAULT 0;
ALTER TABLE sessions ADD COLUMN previous_token_iat BIGINT NOT NULL DEFAULT 0;
ALTER TABLE sessions ADD COLUMN previous_token_until BIGINT NOT NULL DEFAULT 0;
