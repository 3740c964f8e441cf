-- Trigram similarity for the site search (pages.service.ts): Russian word forms the stemmer does
-- not join («визиток» → «визитки»), typos and transliterated queries match product and category
-- names by word_similarity. pg_trgm is a trusted extension (PostgreSQL 13+), so the shop's own
-- database user may create it; PGlite loads it from its contrib build (pglite-supervisor.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
