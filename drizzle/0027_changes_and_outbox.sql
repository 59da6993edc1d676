CREATE TABLE "email_outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"reply_to" text,
	"headers" jsonb,
	"link" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tool_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tool_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tool_id" integer NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"plan_name" text,
	"before" jsonb,
	"after" jsonb,
	"notified_at" timestamp with time zone,
	CONSTRAINT "tool_changes_kind_check" CHECK ("tool_changes"."kind" in ('plan-added', 'plan-removed', 'price-up', 'price-down', 'terms-changed', 'free-plan-added', 'free-plan-dropped', 'trial-changed', 'site-down', 'site-moved', 'review-verified')),
	CONSTRAINT "tool_changes_source_check" CHECK ("tool_changes"."source" in ('content', 'editor', 'submission', 'fetch', 'link-check', 'review'))
);
--> statement-breakpoint
ALTER TABLE "tool_changes" ADD CONSTRAINT "tool_changes_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("next_attempt_at") WHERE "email_outbox"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "tool_changes_occurred_idx" ON "tool_changes" USING btree ("occurred_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tool_changes_tool_idx" ON "tool_changes" USING btree ("tool_id","occurred_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tool_changes_unnotified_idx" ON "tool_changes" USING btree ("id") WHERE "tool_changes"."notified_at" is null;