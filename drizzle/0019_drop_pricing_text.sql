ALTER TABLE "tools" DROP COLUMN "mentions_free";--> statement-breakpoint
-- After mentions_free, which was computed from it.
ALTER TABLE "tools" DROP COLUMN "pricing";