CREATE TABLE "tool_fact_overrides" (
	"tool_id" integer NOT NULL,
	"fact" text NOT NULL,
	"tier" text NOT NULL,
	"value" jsonb NOT NULL,
	"proposal_id" bigint,
	"editor_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tool_fact_overrides_tool_id_fact_tier_pk" PRIMARY KEY("tool_id","fact","tier")
);
--> statement-breakpoint
ALTER TABLE "maker_proposals" DROP CONSTRAINT "maker_proposals_field_check";--> statement-breakpoint
ALTER TABLE "tool_fact_overrides" ADD CONSTRAINT "tool_fact_overrides_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_fact_overrides" ADD CONSTRAINT "tool_fact_overrides_proposal_id_maker_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."maker_proposals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_fact_overrides" ADD CONSTRAINT "tool_fact_overrides_editor_id_users_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maker_proposals" ADD CONSTRAINT "maker_proposals_field_check" CHECK ("maker_proposals"."field" in ('pricing', 'description', 'website', 'platforms', 'data-fact'));