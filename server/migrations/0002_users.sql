CREATE TABLE users (
    id TEXT PRIMARY KEY,
    username TEXT NOT NULL,
    email TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    gender TEXT,
    birth_date TEXT,
    phone TEXT,
    location TEXT,
    role TEXT NOT NULL DEFAULT 'user',
    is_admin BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    last_login_at BIGINT
);

-- Names and addresses are unique whatever their case.
CREATE UNIQUE INDEX users_username ON users (LOWER(username));
CREATE UNIQUE INDEX users_email ON users (LOWER(email));
