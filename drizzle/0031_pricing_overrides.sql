CREATE TABLE "tool_pricing_overrides" (
	"tool_id" integer PRIMARY KEY NOT NULL,
	"pricing_model" text NOT NULL,
	"plans" jsonb NOT NULL,
	"has_free_trial" boolean NOT NULL,
	"editor_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"note" text
);
--> statement-breakpoint
ALTER TABLE "tool_pricing_overrides" ADD CONSTRAINT "tool_pricing_overrides_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_pricing_overrides" ADD CONSTRAINT "tool_pricing_overrides_editor_id_users_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;