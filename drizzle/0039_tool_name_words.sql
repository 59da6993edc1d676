ALTER TABLE "tools" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(name, '') || ' ' || regexp_replace(coalesce(name, ''), '[^[:alnum:]]+', ' ', 'g')), 'A') || setweight(to_tsvector('english', coalesce(tagline, '') || ' ' || replace(category_slug, '-', ' ')), 'B') || setweight(to_tsvector('english', coalesce(description, '') || ' ' || coalesce(features::text, '')), 'C')) STORED;--> statement-breakpoint
-- Dropping the column dropped its GIN index (drizzle-kit does not know): made again as app/db/schema.ts declares it.
CREATE INDEX "tools_search_idx" ON "tools" USING gin ("search_vector");
