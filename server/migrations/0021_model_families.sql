-- The catalogue's model families: a maker's line ("Gaynor Minden Europa Classic") and the products that
-- are its variants, each with what sets it apart (box, shank, shoemaker, …). A product in no family is a
-- family of its own.
CREATE TABLE model_families (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE TABLE model_variants (
    product_id TEXT PRIMARY KEY REFERENCES products(id) ON DELETE CASCADE,
    family_id TEXT NOT NULL REFERENCES model_families(id) ON DELETE CASCADE,
    -- catalogue::family::Axis list as JSON: [{"key":"box","value":"3+"},{"key":"shank","value":"Supple"}]
    axes TEXT NOT NULL,
    position INTEGER NOT NULL
);

CREATE INDEX model_variants_family ON model_variants (family_id, position);
