CREATE TABLE "tool_data_facts" (
	"tool_slug" text PRIMARY KEY NOT NULL,
	"policy_pages" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"trust_center" text,
	"facts" jsonb NOT NULL,
	"content_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tool_data_facts" ADD CONSTRAINT "tool_data_facts_tool_slug_tools_slug_fk" FOREIGN KEY ("tool_slug") REFERENCES "public"."tools"("slug") ON DELETE cascade ON UPDATE cascade;