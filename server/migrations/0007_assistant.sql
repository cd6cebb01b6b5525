-- The assistant's monitoring: one row per question answered (or refused), and one per provider failure
-- met while answering. Kept 90 days (cleanup job). The question itself is not stored.

CREATE TABLE ai_requests (
    id TEXT PRIMARY KEY,
    created_at BIGINT NOT NULL,
    -- 'hybrid', 'rag', 'ask' or 'test'
    route TEXT NOT NULL,
    lang TEXT NOT NULL,
    -- who answered: 'gateway', 'edge' or 'basic'
    provider TEXT NOT NULL,
    model TEXT NOT NULL,
    -- 'answered', 'no_match' (nothing found), 'off_topic'
    outcome TEXT NOT NULL,
    -- 1 when no provider failed while answering
    success BIGINT NOT NULL,
    cached BIGINT NOT NULL,
    duration_ms BIGINT NOT NULL,
    first_token_ms BIGINT,
    -- characters of retrieved context given to the model (0: none)
    context_chars BIGINT NOT NULL,
    sources BIGINT NOT NULL,
    prompt_tokens BIGINT NOT NULL,
    completion_tokens BIGINT NOT NULL,
    -- 1 thumbs up, -1 thumbs down
    feedback BIGINT
);
CREATE INDEX ai_requests_created ON ai_requests (created_at);
CREATE INDEX ai_requests_provider ON ai_requests (provider, created_at);

CREATE TABLE ai_errors (
    id TEXT PRIMARY KEY,
    request_id TEXT NOT NULL REFERENCES ai_requests(id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    provider TEXT NOT NULL,
    -- 'timeout', 'connection', 'status', 'invalid', 'empty', 'language' or 'grounding'
    error_type TEXT NOT NULL,
    message TEXT NOT NULL
);
CREATE INDEX ai_errors_created ON ai_errors (created_at);
