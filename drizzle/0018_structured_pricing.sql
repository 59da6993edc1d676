DROP INDEX "tools_price_idx";--> statement-breakpoint
DROP INDEX "tools_sort_price_idx";--> statement-breakpoint
ALTER TABLE "tools" ALTER COLUMN "added_at" SET DEFAULT current_date;--> statement-breakpoint
-- Editorial rows had no date before; the sync writes each file's addedAt right after this migration.
UPDATE "tools" SET "added_at" = current_date WHERE "added_at" IS NULL;--> statement-breakpoint
ALTER TABLE "tools" ALTER COLUMN "added_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ALTER COLUMN "price_from" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "pricing_model" text DEFAULT 'contact-sales' NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "plans" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "platforms" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "open_source" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "content_changed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "tools_sort_price_desc_idx" ON "tools" USING btree ("price_from" DESC NULLS LAST,lower("name") collate "C");--> statement-breakpoint
CREATE INDEX "tools_sort_newest_idx" ON "tools" USING btree ("added_at" DESC NULLS LAST,lower("name") collate "C");--> statement-breakpoint
CREATE INDEX "tools_sort_price_idx" ON "tools" USING btree ("price_from",lower("name") collate "C");