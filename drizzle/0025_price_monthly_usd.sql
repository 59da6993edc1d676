DROP INDEX "tools_sort_price_idx";--> statement-breakpoint
DROP INDEX "tools_sort_price_desc_idx";--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "price_monthly_usd" numeric;--> statement-breakpoint
-- Community tools' plans are one US-dollar monthly plan (models/submission/tool-row.ts), so their old figure is
-- already the monthly equivalent; the content sync rewrites every editorial row (PRICE_DERIVATION changed).
UPDATE "tools" SET "price_monthly_usd" = "price_from" WHERE "source" = 'community';--> statement-breakpoint
CREATE INDEX "tools_sort_price_usd_idx" ON "tools" USING btree ("price_monthly_usd",lower("name") collate "C");--> statement-breakpoint
CREATE INDEX "tools_sort_price_usd_desc_idx" ON "tools" USING btree ("price_monthly_usd" DESC NULLS LAST,lower("name") collate "C");