-- A member's fit profile (fitting::profile::FitProfile as JSON): hers alone, gone with her account.
CREATE TABLE fit_profiles (
    user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    profile TEXT NOT NULL,
    updated_at BIGINT NOT NULL
);
