ALTER TABLE "fact_checks" DROP CONSTRAINT "fact_checks_kind_check";--> statement-breakpoint
ALTER TABLE "tool_changes" DROP CONSTRAINT "tool_changes_kind_check";--> statement-breakpoint
ALTER TABLE "tool_changes" ADD COLUMN "editor_note" text;--> statement-breakpoint
ALTER TABLE "fact_checks" ADD CONSTRAINT "fact_checks_kind_check" CHECK ("fact_checks"."subject_kind" in ('tool-pricing', 'deal', 'tool-fact', 'policy-page'));--> statement-breakpoint
ALTER TABLE "tool_changes" ADD CONSTRAINT "tool_changes_kind_check" CHECK ("tool_changes"."kind" in ('plan-added', 'plan-removed', 'price-up', 'price-down', 'terms-changed', 'free-plan-added', 'free-plan-dropped', 'trial-changed', 'site-down', 'site-moved', 'review-verified', 'policy-changed', 'data-fact-changed'));