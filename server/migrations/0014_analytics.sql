-- First-party analytics (analytics/): no cookie and no IP address. A visitor is a hash of the day's salt,
-- the IP and the user agent; the salt of an earlier day is deleted, so yesterday's visitors cannot be
-- linked to today's.
CREATE TABLE analytics_salts (
    day BIGINT PRIMARY KEY,
    salt TEXT NOT NULL
);

-- A visit: one visitor's page views and events with no gap of 30 minutes, with the dimensions of its
-- first hit (where it came from, with what).
CREATE TABLE analytics_visits (
    id TEXT PRIMARY KEY,
    visitor TEXT NOT NULL,
    started_at BIGINT NOT NULL,
    last_at BIGINT NOT NULL,
    entry_path TEXT NOT NULL,
    exit_path TEXT NOT NULL,
    pageviews BIGINT NOT NULL,
    source TEXT NOT NULL,
    utm_source TEXT NOT NULL,
    utm_medium TEXT NOT NULL,
    utm_campaign TEXT NOT NULL,
    browser TEXT NOT NULL,
    os TEXT NOT NULL,
    device TEXT NOT NULL,
    lang TEXT NOT NULL,
    browser_lang TEXT NOT NULL
);
CREATE INDEX analytics_visits_started ON analytics_visits (started_at);
CREATE INDEX analytics_visits_visitor ON analytics_visits (visitor, last_at);

-- Every page view ('pageview') and event, with its visit's dimensions copied so that any filter is one
-- table's condition. `target` is the product followed or the search term; `brand` the product's brand.
CREATE TABLE analytics_events (
    at BIGINT NOT NULL,
    visit TEXT NOT NULL,
    visitor TEXT NOT NULL,
    name TEXT NOT NULL,
    path TEXT NOT NULL,
    lang TEXT NOT NULL,
    browser_lang TEXT NOT NULL,
    source TEXT NOT NULL,
    utm_source TEXT NOT NULL,
    utm_medium TEXT NOT NULL,
    utm_campaign TEXT NOT NULL,
    browser TEXT NOT NULL,
    os TEXT NOT NULL,
    device TEXT NOT NULL,
    target TEXT NOT NULL,
    brand TEXT NOT NULL,
    results BIGINT
);
CREATE INDEX analytics_events_at ON analytics_events (at);

-- Hits from bots and headless browsers, counted per day and kept out of every other figure.
CREATE TABLE analytics_bots (
    day BIGINT PRIMARY KEY,
    hits BIGINT NOT NULL
);

-- What is left of a day whose raw hits passed the retention the admin set: its totals.
CREATE TABLE analytics_daily (
    day BIGINT PRIMARY KEY,
    visitors BIGINT NOT NULL,
    visits BIGINT NOT NULL,
    pageviews BIGINT NOT NULL,
    bounces BIGINT NOT NULL,
    duration_ms BIGINT NOT NULL
);
