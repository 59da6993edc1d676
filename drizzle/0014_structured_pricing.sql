DROP INDEX "tools_price_idx";--> statement-breakpoint
DROP INDEX "tools_sort_price_idx";--> statement-breakpoint
ALTER TABLE "tools" ALTER COLUMN "price_from" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "pricing_model" text DEFAULT 'contact-sales' NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "plans" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "platforms" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "open_source" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "added_at" date DEFAULT current_date NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "content_changed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "tools_sort_price_desc_idx" ON "tools" USING btree ("price_from" DESC NULLS LAST,lower("name") collate "C");--> statement-breakpoint
CREATE INDEX "tools_sort_newest_idx" ON "tools" USING btree ("added_at" DESC NULLS LAST,lower("name") collate "C");--> statement-breakpoint
CREATE INDEX "tools_sort_price_idx" ON "tools" USING btree ("price_from",lower("name") collate "C");--> statement-breakpoint
ALTER TABLE "tools" DROP COLUMN "mentions_free";--> statement-breakpoint
ALTER TABLE "tools" DROP COLUMN "pricing";