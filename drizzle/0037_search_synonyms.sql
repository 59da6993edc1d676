CREATE TABLE "search_synonyms" (
	"term" text PRIMARY KEY NOT NULL,
	"phrases" jsonb NOT NULL,
	"content_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
