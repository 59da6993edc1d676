ALTER TABLE "tools" ADD COLUMN "secondary_category_slugs" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "category_slugs" text[] GENERATED ALWAYS AS (array[category_slug] || secondary_category_slugs) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "tools_category_slugs_idx" ON "tools" USING gin ("category_slugs");