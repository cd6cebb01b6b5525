-- A version per in-process cache, moved by an admin's clear: every instance polls them and clears its
-- own copy of a cache whose version moved (caches.rs).
CREATE TABLE cache_clears (
    name TEXT PRIMARY KEY,
    version BIGINT NOT NULL
);
INSERT INTO cache_clears (name, version) VALUES
    ('publicReads', 0), ('renderedPages', 0), ('settings', 0), ('assistantAnswers', 0), ('retrievalIndex', 0);

-- Each instance's latest figures per cache (counters since it started), written every 10 s, so the
-- admin's screen adds up every instance (cache_monitor/).
CREATE TABLE cache_figures (
    instance TEXT NOT NULL,
    name TEXT NOT NULL,
    updated_at BIGINT NOT NULL,
    hits BIGINT NOT NULL,
    misses BIGINT NOT NULL,
    miss_micros BIGINT NOT NULL,
    evictions BIGINT NOT NULL,
    entries BIGINT NOT NULL,
    bytes BIGINT NOT NULL,
    PRIMARY KEY (instance, name)
);

-- Hits and misses per minute, instance and cache, for the hit-rate chart of the last hour.
CREATE TABLE cache_history (
    minute BIGINT NOT NULL,
    instance TEXT NOT NULL,
    name TEXT NOT NULL,
    hits BIGINT NOT NULL,
    misses BIGINT NOT NULL,
    PRIMARY KEY (minute, instance, name)
);
