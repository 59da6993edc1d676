ALTER TABLE "tools" DROP COLUMN "price_from";--> statement-breakpoint
CREATE INDEX "tools_free_price_usd_idx" ON "tools" USING btree ("is_free","price_monthly_usd",lower("name") collate "C");--> statement-breakpoint
CREATE INDEX "tools_free_price_usd_desc_idx" ON "tools" USING btree ("is_free","price_monthly_usd" DESC NULLS LAST,lower("name") collate "C");