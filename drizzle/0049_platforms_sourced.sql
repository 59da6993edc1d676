ALTER TABLE "fact_checks" DROP CONSTRAINT "fact_checks_kind_check";--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "platforms_source" jsonb;--> statement-breakpoint
ALTER TABLE "fact_checks" ADD CONSTRAINT "fact_checks_kind_check" CHECK ("fact_checks"."subject_kind" in ('tool-pricing', 'deal', 'tool-fact', 'policy-page', 'tool-platforms'));