-- Distinct words of tool names, taglines and categories: the lexicon that typo
-- correction searches by trigram similarity (a few thousand rows, not the catalogue).
CREATE MATERIALIZED VIEW "search_words" AS
  SELECT word FROM ts_stat($$SELECT to_tsvector('simple', name || ' ' || tagline || ' ' || replace(category_slug, '-', ' ')) FROM public.tools$$)
  WHERE length(word) >= 3;
--> statement-breakpoint
CREATE UNIQUE INDEX "search_words_word_idx" ON "search_words" (word);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin (word gin_trgm_ops);
