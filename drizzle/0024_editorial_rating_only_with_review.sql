ALTER TABLE "tools" ALTER COLUMN "rating" DROP NOT NULL;--> statement-breakpoint
-- An editorial rating stands only on a published in-depth review (issue 26); community tools have none (they stored 0).
UPDATE "tools" SET "rating" = NULL WHERE "source" = 'community' OR NOT EXISTS (SELECT 1 FROM "tool_reviews" WHERE "tool_reviews"."tool_slug" = "tools"."slug");
