-- Contract 9.1 prospect search (`search_text LIKE '%term%'`) by trigram: at 100k prospects of a
-- workspace a rare term read every row in list order until a page filled (p99 274 ms on PGlite).
CREATE INDEX prospects_search ON prospects USING gin (search_text gin_trgm_ops);
