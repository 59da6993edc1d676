-- The GIN indexes of tools take each write directly instead of through a pending list (decision 070): nothing vacuums
-- PGlite, so a pending list grew to gin_pending_list_limit (4 MB) and every search or category filter read all of it.
-- Altered and emptied rather than rebuilt: the same end state as the CREATE INDEX ... WITH (fastupdate=false) the schema
-- declares.
ALTER INDEX "tools_category_slugs_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "tools_name_trgm_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "tools_search_idx" SET (fastupdate = false);--> statement-breakpoint
SELECT gin_clean_pending_list('tools_category_slugs_idx'), gin_clean_pending_list('tools_name_trgm_idx'), gin_clean_pending_list('tools_search_idx');--> statement-breakpoint
-- Typo correction asks whether a word starts any word of the lexicon as a range of this index (models/tool/search.server.ts
-- `correctWords`): in byte order, whatever the database's collation, and usable by a plan made for any word.
CREATE INDEX "search_words_prefix_idx" ON "search_words" (word COLLATE "C");
