-- Finished days counted once (analytics/rollup.rs): `analytics_daily` now holds every finished day's
-- totals (not only the days past the retention), and this table each breakdown's values of the day with
-- their visitors. Visitors add up across days because a visitor's hash is one day's.
CREATE TABLE analytics_day_rows (
    day BIGINT NOT NULL,
    breakdown TEXT NOT NULL,
    value TEXT NOT NULL,
    visitors BIGINT NOT NULL,
    hits BIGINT NOT NULL,
    PRIMARY KEY (day, breakdown, value)
);

-- Hits an instance had no room for (its queue full, or the database refusing a batch), per day: lost,
-- and shown to the admin beside the report so that a gap in the figures has its reason.
CREATE TABLE analytics_dropped (
    day BIGINT PRIMARY KEY,
    hits BIGINT NOT NULL
);
