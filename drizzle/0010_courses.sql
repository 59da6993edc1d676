CREATE TABLE "course_categories" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"aliases" jsonb NOT NULL,
	"sort_order" integer NOT NULL,
	"content_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_platforms" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"description" text NOT NULL,
	"sort_order" integer NOT NULL,
	"content_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"slug" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"instructor" text NOT NULL,
	"platform_slug" text NOT NULL,
	"category_slug" text NOT NULL,
	"level" text NOT NULL,
	"price" text NOT NULL,
	"free" boolean NOT NULL,
	"price_usd" numeric,
	"sale_price" numeric,
	"rating" real,
	"students" integer,
	"duration" text NOT NULL,
	"url" text NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"last_checked" date NOT NULL,
	"content_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(instructor, '') || ' ' || replace(category_slug, '-', ' ') || ' ' || platform_slug), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')) STORED
);
--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_platform_slug_course_platforms_slug_fk" FOREIGN KEY ("platform_slug") REFERENCES "public"."course_platforms"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_category_slug_course_categories_slug_fk" FOREIGN KEY ("category_slug") REFERENCES "public"."course_categories"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "courses_category_idx" ON "courses" USING btree ("category_slug");--> statement-breakpoint
CREATE INDEX "courses_platform_idx" ON "courses" USING btree ("platform_slug");--> statement-breakpoint
CREATE INDEX "courses_search_idx" ON "courses" USING gin ("search_vector");--> statement-breakpoint
-- The typo-correction lexicon also knows course titles and instructors, for the course search.
DROP MATERIALIZED VIEW "search_words";
--> statement-breakpoint
CREATE MATERIALIZED VIEW "search_words" AS
  SELECT word FROM ts_stat($$SELECT to_tsvector('simple', name || ' ' || tagline || ' ' || replace(category_slug, '-', ' ')) FROM public.tools UNION ALL SELECT to_tsvector('simple', title || ' ' || keywords::text) FROM public.posts UNION ALL SELECT to_tsvector('simple', title || ' ' || instructor) FROM public.courses$$)
  WHERE length(word) >= 3;
--> statement-breakpoint
CREATE UNIQUE INDEX "search_words_word_idx" ON "search_words" (word);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin (word gin_trgm_ops);
