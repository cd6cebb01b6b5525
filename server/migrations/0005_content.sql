-- Admin-managed content: uploaded images, the blog, and site settings.

-- Images uploaded in the admin, kept in the database so every instance serves them.
CREATE TABLE uploads (
    -- sha-256 of the bytes (hex) plus the file extension: the same image is stored once.
    name TEXT PRIMARY KEY,
    content_type TEXT NOT NULL,
    bytes BYTEA NOT NULL,
    size BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    created_by TEXT
);

CREATE TABLE blog_categories (
    slug TEXT PRIMARY KEY,
    position BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE TABLE blog_category_translations (
    category_slug TEXT NOT NULL REFERENCES blog_categories(slug) ON DELETE CASCADE,
    lang TEXT NOT NULL,
    name TEXT NOT NULL,
    description TEXT NOT NULL,
    PRIMARY KEY (category_slug, lang)
);

CREATE TABLE blog_posts (
    slug TEXT PRIMARY KEY,
    -- A deleted category leaves its posts uncategorised.
    category_slug TEXT REFERENCES blog_categories(slug) ON DELETE SET NULL,
    author TEXT NOT NULL,
    cover TEXT NOT NULL,
    -- 'draft' or 'published'
    status TEXT NOT NULL,
    published_at BIGINT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX blog_posts_published ON blog_posts (status, published_at);

CREATE TABLE blog_post_translations (
    post_slug TEXT NOT NULL REFERENCES blog_posts(slug) ON DELETE CASCADE,
    lang TEXT NOT NULL,
    title TEXT NOT NULL,
    excerpt TEXT NOT NULL,
    body_markdown TEXT NOT NULL,
    PRIMARY KEY (post_slug, lang)
);

-- Site settings edited in the admin, one JSON document per key.
CREATE TABLE settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL,
    updated_at BIGINT NOT NULL
);
