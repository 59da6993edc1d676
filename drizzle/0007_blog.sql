CREATE TABLE "post_reads" (
	"post_slug" text NOT NULL,
	"day" date NOT NULL,
	"reads" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "post_reads_post_slug_day_pk" PRIMARY KEY("post_slug","day")
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"slug" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"excerpt" text NOT NULL,
	"category" text NOT NULL,
	"author_id" text NOT NULL,
	"published_at" date NOT NULL,
	"last_reviewed_at" date NOT NULL,
	"keywords" jsonb NOT NULL,
	"tags" jsonb NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"faq" jsonb NOT NULL,
	"html" text NOT NULL,
	"toc" jsonb NOT NULL,
	"body_text" text NOT NULL,
	"read_minutes" smallint NOT NULL,
	"content_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(excerpt, '') || ' ' || coalesce(keywords::text, '') || ' ' || replace(coalesce(tags::text, ''), '-', ' ')), 'B') || setweight(to_tsvector('english', coalesce(body_text, '')), 'C')) STORED
);
--> statement-breakpoint
ALTER TABLE "post_reads" ADD CONSTRAINT "post_reads_post_slug_posts_slug_fk" FOREIGN KEY ("post_slug") REFERENCES "public"."posts"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_author_id_authors_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."authors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "posts_category_idx" ON "posts" USING btree ("category");--> statement-breakpoint
CREATE INDEX "posts_published_idx" ON "posts" USING btree ("published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "posts_tags_idx" ON "posts" USING gin ("tags");--> statement-breakpoint
-- The typo-correction lexicon also knows article titles and keywords, for the blog and site search.
DROP MATERIALIZED VIEW "search_words";
--> statement-breakpoint
CREATE MATERIALIZED VIEW "search_words" AS
  SELECT word FROM ts_stat($$SELECT to_tsvector('simple', name || ' ' || tagline || ' ' || replace(category_slug, '-', ' ')) FROM public.tools UNION ALL SELECT to_tsvector('simple', title || ' ' || keywords::text) FROM public.posts$$)
  WHERE length(word) >= 3;
--> statement-breakpoint
CREATE UNIQUE INDEX "search_words_word_idx" ON "search_words" (word);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin (word gin_trgm_ops);
