ALTER TABLE "tools" ADD COLUMN "mentions_free" boolean GENERATED ALWAYS AS ((pricing ~* 'free' or pricing ~ '\$\s*0(?![0-9.,]*[1-9])')) STORED;--> statement-breakpoint
CREATE INDEX "tools_sort_rating_idx" ON "tools" USING btree ("rating" DESC NULLS LAST,lower("name") collate "C");--> statement-breakpoint
CREATE INDEX "tools_sort_name_idx" ON "tools" USING btree (lower("name") collate "C");--> statement-breakpoint
CREATE INDEX "tools_sort_price_idx" ON "tools" USING btree (coalesce("price_from", 0),lower("name") collate "C");