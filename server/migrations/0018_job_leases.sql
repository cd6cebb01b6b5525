-- Periodic jobs run once per cluster (db::take_lease): the instance holding a job's lease until `until`
-- runs it; another takes the lease over once it has run out (its holder stopped or died).
CREATE TABLE job_leases (
    name TEXT PRIMARY KEY,
    holder TEXT NOT NULL,
    until BIGINT NOT NULL
);
