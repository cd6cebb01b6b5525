-- Catalogue: brands and products, with their text in each language (fallback: he).
CREATE TABLE brands (
    id TEXT PRIMARY KEY,
    position BIGINT NOT NULL,
    image TEXT NOT NULL,
    link TEXT NOT NULL,
    retailer_link TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE TABLE brand_translations (
    brand_id TEXT NOT NULL REFERENCES brands(id) ON DELETE CASCADE,
    lang TEXT NOT NULL,
    name TEXT NOT NULL,
    description TEXT NOT NULL,
    history TEXT NOT NULL,
    -- JSON arrays of strings
    key_features TEXT NOT NULL,
    popular_models TEXT NOT NULL,
    PRIMARY KEY (brand_id, lang)
);

CREATE TABLE products (
    id TEXT PRIMARY KEY,
    brand_id TEXT NOT NULL REFERENCES brands(id) ON DELETE CASCADE,
    position BIGINT NOT NULL,
    price TEXT NOT NULL,
    image TEXT NOT NULL,
    link TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE INDEX products_brand ON products (brand_id, position);

CREATE TABLE product_translations (
    product_id TEXT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    lang TEXT NOT NULL,
    name TEXT NOT NULL,
    description TEXT NOT NULL,
    PRIMARY KEY (product_id, lang)
);

-- Facts about the installation itself, e.g. which seed content has been loaded once.
CREATE TABLE app_meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
