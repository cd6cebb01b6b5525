-- Crash reports refused by the daily budgets (crash_reports/routes.rs), per UTC day, so the crash
-- screen can say that some were dropped.
CREATE TABLE crash_drops (
    day BIGINT PRIMARY KEY,
    reports BIGINT NOT NULL
);
