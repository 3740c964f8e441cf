-- Issue 17: the site search at 1000× the catalogue. A GiST trigram index on the folded product name
-- answers `ORDER BY search_name <->> word LIMIT k` as a nearest-first walk, so the search scores only
-- the few best names per query word rather than every product that matches (pages.service.ts).
CREATE INDEX "product_search_name_knn_idx" ON "product" USING gist ("search_name" gist_trgm_ops);