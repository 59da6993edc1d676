ALTER TABLE "job_leases" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "job_leases" CASCADE;--> statement-breakpoint
DROP INDEX "email_outbox_due_idx";--> statement-breakpoint
ALTER TABLE "email_outbox" DROP COLUMN "next_attempt_at";