-- Every tool names a pricing page (issue 27): community tools approved before this point take their website, where
-- their maker states the pricing; editorial rows get theirs from the content sync that follows every start.
UPDATE "tools" SET "pricing_url" = "website_url" WHERE "pricing_url" IS NULL;--> statement-breakpoint
ALTER TABLE "tools" ALTER COLUMN "pricing_url" SET NOT NULL;
