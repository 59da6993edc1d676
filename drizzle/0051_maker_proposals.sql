CREATE TABLE "maker_proposals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "maker_proposals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tool_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"field" text NOT NULL,
	"before" jsonb NOT NULL,
	"proposed" jsonb NOT NULL,
	"source_url" text NOT NULL,
	"note" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maker_proposals_field_check" CHECK ("maker_proposals"."field" in ('pricing', 'description', 'website', 'platforms')),
	CONSTRAINT "maker_proposals_status_check" CHECK ("maker_proposals"."status" in ('pending', 'accepted', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "tool_listing_overrides" (
	"tool_id" integer NOT NULL,
	"field" text NOT NULL,
	"value" jsonb NOT NULL,
	"proposal_id" bigint,
	"editor_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tool_listing_overrides_tool_id_field_pk" PRIMARY KEY("tool_id","field")
);
--> statement-breakpoint
ALTER TABLE "tool_changes" DROP CONSTRAINT "tool_changes_kind_check";--> statement-breakpoint
ALTER TABLE "tool_changes" DROP CONSTRAINT "tool_changes_source_check";--> statement-breakpoint
ALTER TABLE "tool_changes" ADD COLUMN "source_url" text;--> statement-breakpoint
ALTER TABLE "maker_proposals" ADD CONSTRAINT "maker_proposals_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maker_proposals" ADD CONSTRAINT "maker_proposals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maker_proposals" ADD CONSTRAINT "maker_proposals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_listing_overrides" ADD CONSTRAINT "tool_listing_overrides_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_listing_overrides" ADD CONSTRAINT "tool_listing_overrides_proposal_id_maker_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."maker_proposals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_listing_overrides" ADD CONSTRAINT "tool_listing_overrides_editor_id_users_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "maker_proposals_status_idx" ON "maker_proposals" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "maker_proposals_user_idx" ON "maker_proposals" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "maker_proposals_tool_idx" ON "maker_proposals" USING btree ("tool_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "tool_changes" ADD CONSTRAINT "tool_changes_kind_check" CHECK ("tool_changes"."kind" in ('plan-added', 'plan-removed', 'price-up', 'price-down', 'terms-changed', 'free-plan-added', 'free-plan-dropped', 'trial-changed', 'site-down', 'site-moved', 'review-verified', 'policy-changed', 'data-fact-changed', 'listing-changed'));--> statement-breakpoint
ALTER TABLE "tool_changes" ADD CONSTRAINT "tool_changes_source_check" CHECK ("tool_changes"."source" in ('content', 'editor', 'submission', 'fetch', 'link-check', 'review', 'maker'));