-- A product's fit for the shoe finder (catalogue::fit::Fit as JSON): box shape, platform, shank, sizes,
-- widths, foot shapes, price range and the rest, from the open data set's import or an admin.
CREATE TABLE product_fits (
    product_id TEXT PRIMARY KEY REFERENCES products(id) ON DELETE CASCADE,
    fit TEXT NOT NULL,
    updated_at BIGINT NOT NULL
);
