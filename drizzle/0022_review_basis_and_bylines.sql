ALTER TABLE "tool_reviews" RENAME COLUMN "last_tested_at" TO "sources_read_at";--> statement-breakpoint
ALTER TABLE "authors" ADD COLUMN "kind" text DEFAULT 'person' NOT NULL;--> statement-breakpoint
ALTER TABLE "authors" ADD COLUMN "photo" text;--> statement-breakpoint
ALTER TABLE "authors" ADD COLUMN "links" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tool_reviews" ADD COLUMN "tested_at" date;--> statement-breakpoint
ALTER TABLE "tool_reviews" ADD COLUMN "tested_by" text;--> statement-breakpoint
ALTER TABLE "tool_reviews" ADD CONSTRAINT "tool_reviews_tested_by_authors_id_fk" FOREIGN KEY ("tested_by") REFERENCES "public"."authors"("id") ON DELETE no action ON UPDATE no action;