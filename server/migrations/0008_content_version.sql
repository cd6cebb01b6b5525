-- One number that every admin change to what the public pages read moves on; each instance polls it
-- and drops its cached public answers when it moved (public_cache/).
CREATE TABLE content_version (
    id INTEGER PRIMARY KEY,
    version BIGINT NOT NULL
);
INSERT INTO content_version (id, version) VALUES (1, 0);
